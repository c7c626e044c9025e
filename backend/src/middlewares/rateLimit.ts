import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
} from "rate-limiter-flexible";
import { createClient } from "redis";
import { HttpError } from "../lib/httpError";
import type { Logger } from "../lib/logger";

/**
 * Limits of the token endpoints (DOMAIN.md, Sessions). In one process's memory by default; with
 * REDIS_URL in Redis, shared by every app process (createSharedRateLimits).
 */
export interface RateLimits {
  /** Failed logins per email: about 10 per 15 minutes. */
  failedLoginsPerEmail: RateLimiterAbstract;
  /** Attempts per IP on token endpoints: generous, an office shares one address. */
  tokenCallsPerIp: RateLimiterAbstract;
  /** Closes what the limits hold open (the Redis connection). */
  close(): Promise<void>;
}

export interface RateLimitBudget {
  perEmail?: number;
  perIpPerMinute?: number;
}

const FAILED_LOGIN_WINDOW_SECONDS = 15 * 60;

function memoryLimiters(opts: RateLimitBudget) {
  return {
    failedLoginsPerEmail: new RateLimiterMemory({
      points: opts.perEmail ?? 10,
      duration: FAILED_LOGIN_WINDOW_SECONDS,
    }),
    tokenCallsPerIp: new RateLimiterMemory({ points: opts.perIpPerMinute ?? 120, duration: 60 }),
  };
}

/** Counters in this process's memory (the embedded set-up, tests). */
export function createRateLimits(opts: RateLimitBudget = {}): RateLimits {
  return { ...memoryLimiters(opts), close: async () => undefined };
}

/**
 * Counters in Redis under `keyPrefix`, so several app processes count one budget together. While Redis
 * cannot answer, each limiter falls back to its insurance limiter in this process's memory (logged once
 * per outage): logins stay possible and still limited, per process, until Redis is back.
 */
export function createSharedRateLimits(
  url: string,
  keyPrefix: string,
  opts: RateLimitBudget,
  logger: Logger,
): RateLimits & { connected: Promise<void> } {
  const client = createClient({
    url,
    // A command while Redis is down fails at once (and the insurance limiter answers) instead of waiting.
    disableOfflineQueue: true,
    socket: { reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 5_000), connectTimeout: 5_000 },
  });
  let onRedis = false;
  let warnedAt = 0;
  client.on("ready", () => {
    if (!onRedis) logger.info("rate limits: counting in Redis, shared by every app process");
    onRedis = true;
  });
  client.on("error", (err: Error) => {
    // One line when the outage starts, then at most one a minute while it lasts.
    if (onRedis || Date.now() - warnedAt > 60_000) {
      warnedAt = Date.now();
      logger.warn(
        { err: err.message },
        "rate limits: Redis unreachable, counting in this process's memory until it is back",
      );
    }
    onRedis = false;
  });
  // Keeps retrying in the background while Redis is down; errors are logged above.
  const connected = client.connect().then(
    () => undefined,
    () => undefined,
  );
  const insurance = memoryLimiters(opts);
  const shared = (name: string, points: number, duration: number, fallback: RateLimiterMemory) =>
    new RateLimiterRedis({
      storeClient: client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      keyPrefix: `${keyPrefix}${name}`,
      points,
      duration,
      insuranceLimiter: fallback,
    });
  return {
    failedLoginsPerEmail: shared(
      "email",
      opts.perEmail ?? 10,
      FAILED_LOGIN_WINDOW_SECONDS,
      insurance.failedLoginsPerEmail,
    ),
    tokenCallsPerIp: shared("ip", opts.perIpPerMinute ?? 120, 60, insurance.tokenCallsPerIp),
    connected,
    close: async () => {
      // At shutdown nothing waits on a counter any more; also stops a reconnect loop at once.
      try {
        client.destroy();
      } catch {
        // already closed
      }
    },
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
