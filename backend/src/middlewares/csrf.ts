import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import type { Config } from "../config";
import { httpError } from "../lib/httpError";
import { isValidCsrfToken, newCsrfToken, safeEqual } from "../lib/tokens";
import { secureCookie } from "./cookies";

export const CSRF_COOKIE = "csrftoken";
export const CSRF_HEADER = "X-CSRFToken";

/** Sets a fresh readable `csrftoken` cookie (the client copies it into X-CSRFToken). */
export function issueCsrfCookie(ctx: Context, config: Config): void {
  ctx.cookies.set(CSRF_COOKIE, newCsrfToken(config.csrfSecret), {
    httpOnly: false,
    sameSite: "lax",
    secure: secureCookie(ctx, config),
    path: "/",
    maxAge: config.refreshTtlSeconds * 1000,
    overwrite: true,
  });
}

/**
 * Signed double-submit check for requests authenticated by a cookie (refresh, logout): the header must
 * equal the cookie and the cookie must carry our signature.
 */
export function requireCsrf(config: Config) {
  return async function csrfProtected(ctx: Context, next: Next) {
    const cookie = ctx.cookies.get(CSRF_COOKIE);
    const header = ctx.get(CSRF_HEADER);
    if (!cookie || !header || !safeEqual(cookie, header) || !isValidCsrfToken(config.csrfSecret, cookie)) {
      throw httpError(403, ja.errors.csrfFailed);
    }
    await next();
  };
}
