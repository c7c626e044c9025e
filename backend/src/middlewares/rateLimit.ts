import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { HttpError } from "../lib/httpError";

/** Limits of the token endpoints (DOMAIN.md, Sessions). Per-process memory; see docs/decisions.md. */
export interface RateLimits {
  /** Failed logins per email: about 10 per 15 minutes. */
  failedLoginsPerEmail: RateLimiterMemory;
  /** Attempts per IP on token endpoints: generous, an office shares one address. */
  tokenCallsPerIp: RateLimiterMemory;
}

export function createRateLimits(opts: { perEmail?: number; perIpPerMinute?: number } = {}): RateLimits {
  return {
    failedLoginsPerEmail: new RateLimiterMemory({ points: opts.perEmail ?? 10, duration: 15 * 60 }),
    tokenCallsPerIp: new RateLimiterMemory({ points: opts.perIpPerMinute ?? 120, duration: 60 }),
  };
}

export function tooManyRequests(ctx: Context, res: unknown): HttpError {
  if (res instanceof RateLimiterRes) ctx.set("Retry-After", String(Math.ceil(res.msBeforeNext / 1000)));
  return new HttpError(429, { detail: ja.errors.rateLimited });
}

/** Route middleware: counts every call from the client's IP against the token endpoints' budget. */
export function limitTokenCallsPerIp(limits: RateLimits) {
  return async function perIpLimit(ctx: Context, next: Next) {
    try {
      await limits.tokenCallsPerIp.consume(ctx.ip);
    } catch (res) {
      if (res instanceof Error) throw res;
      throw tooManyRequests(ctx, res);
    }
    await next();
  };
}
