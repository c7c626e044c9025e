import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Where a webhook may point (SSRF, docs/decisions.md): http or https, no user name or password, and — unless
 * WEBHOOK_ALLOW_PRIVATE — only a public unicast address: never loopback, private, link-local, cloud metadata,
 * carrier-grade NAT, unique-local, multicast, unspecified or any other special-purpose range (ipaddr.js keeps
 * IANA's lists). IPv6 forms that carry an IPv4 address are judged by that address: v4-mapped, the NAT64
 * well-known prefix 64:ff9b::/96 (an IPv6-only network's DNS64 gives every IPv4-only host such an address) and
 * 6to4; Teredo, the local-use NAT64 prefix and the deprecated IPv4-compatible ::/96 are refused, since what they
 * reach cannot be judged here. The name is checked when the URL is saved, and every address it resolves to is
 * checked again when each call connects (lookup of webhookCall.service.ts), so a name that later resolves to
 * an inside address (DNS rebinding) is refused too.
 */
const WELL_KNOWN_NAT64 = ipaddr.parseCIDR("64:ff9b::/96");
const IPV4_COMPATIBLE = ipaddr.parseCIDR("::/96");

const ipv4Of = (bytes: number[]) => ipaddr.fromByteArray(bytes) as ipaddr.IPv4;

/** Whether an IP address may be called. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  const bytes = v6.toByteArray();
  if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  if (v6.match(WELL_KNOWN_NAT64)) return isPublicAddress(ipv4Of(bytes.slice(12)).toString());
  if (v6.range() === "6to4") return isPublicAddress(ipv4Of(bytes.slice(2, 6)).toString());
  if (v6.match(IPV4_COMPATIBLE)) return false;
  return v6.range() === "unicast";
}

export type TargetProblem = "badUrl" | "privateUrl";

/** Checks a webhook URL as it is saved; a name is resolved only when called (lookup). */
export function checkWebhookUrl(raw: string, allowPrivate: boolean): TargetProblem | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "badUrl";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "badUrl";
  if (url.username || url.password || !url.hostname || raw.length > 2000) return "badUrl";
  if (allowPrivate) return undefined;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host) !== 0) return isPublicAddress(host) ? undefined : "privateUrl";
  if (host === "localhost" || host.endsWith(".localhost") || !host.includes(".")) return "privateUrl";
  return undefined;
}
