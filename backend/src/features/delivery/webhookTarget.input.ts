import { BlockList, isIP } from "node:net";

/**
 * Where a webhook may point (SSRF, docs/decisions.md): http or https, no user name or password, and — unless
 * WEBHOOK_ALLOW_PRIVATE — never an address of the server's own networks (loopback, private, link-local and
 * cloud metadata, carrier-grade NAT, unique-local, multicast, unspecified). The name is checked when the URL
 * is saved, and every address it resolves to is checked again when each call connects (lookup of
 * webhookCall.service.ts), so a name that later resolves to an inside address (DNS rebinding) is refused too.
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, bits, "ipv6");

/** Whether an IP address may be called (v4-mapped v6 addresses are judged as their v4). */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? "ipv4" : "ipv6");
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
