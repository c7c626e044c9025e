import Router from "@koa/router";
import { LoginSchema } from "@zaiko/common/auth/auth.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { Context } from "koa";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { secureCookie } from "../../middlewares/cookies";
import { CSRF_COOKIE, issueCsrfCookie, requireCsrf } from "../../middlewares/csrf";
import { limitTokenCallsPerIp, tooManyRequests } from "../../middlewares/rateLimit";
import { readBody } from "../../middlewares/validate";
import { closeSession, openSession, rotateSession, verifyCredentials } from "./auth.service";

export const REFRESH_COOKIE = "refresh_token";

function setSessionCookies(ctx: Context, deps: AppDeps, refreshCookie: string) {
  ctx.cookies.set(REFRESH_COOKIE, refreshCookie, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookie(ctx, deps.config),
    path: "/api/",
    maxAge: deps.config.refreshTtlSeconds * 1000,
    overwrite: true,
  });
  issueCsrfCookie(ctx, deps.config);
}

function clearSessionCookies(ctx: Context, deps: AppDeps) {
  const opts = { sameSite: "lax" as const, secure: secureCookie(ctx, deps.config), overwrite: true };
  ctx.cookies.set(REFRESH_COOKIE, null, { ...opts, httpOnly: true, path: "/api/" });
  ctx.cookies.set(CSRF_COOKIE, null, { ...opts, httpOnly: false, path: "/" });
}

/** /api/token/, /api/token/refresh/, /api/logout/, /api/user-info/ */
export function authRoutes(deps: AppDeps): Router {
  const router = new Router();
  const perIp = limitTokenCallsPerIp(deps.rateLimits);
  const emailLimiter = deps.rateLimits.failedLoginsPerEmail;

  router.post("/api/token/", perIp, async (ctx) => {
    const { email, password } = readBody(ctx, LoginSchema);
    const spent = await emailLimiter.get(email);
    if (spent && spent.remainingPoints <= 0) throw tooManyRequests(ctx, spent);
    const result = await verifyCredentials(deps, email, password);
    if (!result.ok) {
      await emailLimiter.penalty(email, 1);
      throw httpError(401, ja.errors.invalidCredentials);
    }
    await emailLimiter.delete(email);
    const session = await openSession(deps, result.user);
    setSessionCookies(ctx, deps, session.refreshCookie);
    ctx.body = { access: session.access };
  });

  router.post("/api/token/refresh/", perIp, requireCsrf(deps.config), async (ctx) => {
    try {
      const session = await rotateSession(deps, ctx.cookies.get(REFRESH_COOKIE));
      setSessionCookies(ctx, deps, session.refreshCookie);
      ctx.body = { access: session.access };
    } catch (err) {
      clearSessionCookies(ctx, deps);
      throw err;
    }
  });

  router.post("/api/logout/", requireCsrf(deps.config), async (ctx) => {
    await closeSession(deps, ctx.cookies.get(REFRESH_COOKIE));
    clearSessionCookies(ctx, deps);
    ctx.status = 204;
  });

  return router;
}
