import type { Context } from "koa";
import type { Config } from "../config";

/**
 * Whether a cookie set on this answer gets `Secure`: when the request came over HTTPS (behind a trusted
 * proxy, as its X-Forwarded-Proto says), or always with SECURE_COOKIES=1 (TLS ends in front of a proxy
 * that does not say so).
 */
export function secureCookie(ctx: Context, config: Config): boolean {
  if (ctx.secure) return true;
  if (!config.secureCookies) return false;
  // The cookies library refuses a Secure cookie on a connection it believes plain; the operator said
  // the client's side is HTTPS.
  ctx.cookies.secure = true;
  return true;
}
