import { createServer, type Server } from "node:http";
import { createApp } from "./app";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import type { AppDeps } from "./deps";
import { startHoldSweeper } from "./features/workcases/holdSweeper";
import { startHousekeeping } from "./housekeeping";
import { createLogger, type Logger } from "./lib/logger";
import { createReadViewLimit } from "./lib/readViewLimit";
import { ActiveMemberCache } from "./middlewares/activeMembers";
import { authenticate } from "./middlewares/auth";
import { createRateLimits, createSharedRateLimits, type RateLimits } from "./middlewares/rateLimit";
import { reserveSeq } from "./realtime/eventStreams.queries";
import { Realtime } from "./realtime/realtime";
import { useRedisAdapter } from "./realtime/redisAdapter";

export interface RunningServer {
  deps: AppDeps;
  http: Server;
  /** Base URL, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

export interface StartOptions {
  config: Config;
  /** A database opened by the caller (tests); otherwise opened from the config. */
  database?: Database;
  logger?: Logger;
  rateLimits?: RateLimits;
}

/**
 * The token endpoints' limits: in Redis when there is one (start-up waits a little for it, then goes on
 * with the memory fallback), else in memory.
 */
async function openRateLimits(config: Config, logger: Logger): Promise<RateLimits> {
  const budget = { perEmail: config.failedLoginsPerEmail, perIpPerMinute: config.tokenCallsPerIpPerMinute };
  if (!config.redisUrl) return createRateLimits(budget);
  const shared = createSharedRateLimits(config.redisUrl, config.rateLimitKeyPrefix, budget, logger);
  await Promise.race([shared.connected, new Promise((r) => setTimeout(r, 3_000).unref())]);
  return shared;
}

/**
 * Opens the database, applies migrations, builds the app after all routes exist (Koa's callback
 * snapshots middleware), attaches Socket.IO and listens.
 */
export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const { config } = opts;
  const logger = opts.logger ?? createLogger(config.logLevel);
  const database =
    opts.database ??
    (await openDatabase(config, (err) => logger.warn({ err }, "idle database connection lost")));
  await runMigrations(database);

  const rateLimits = opts.rateLimits ?? (await openRateLimits(config, logger));
  const deps = {
    config,
    database,
    logger,
    rateLimits,
    activeMembers: new ActiveMemberCache(config.activeMemberTtlMs),
    readViews: createReadViewLimit(config.readViewsInFlight),
  } as AppDeps;
  deps.realtime = new Realtime({
    logger,
    allowedOrigins: config.allowedOrigins,
    authenticate: (token) => authenticate(deps, token),
    reserveSeq: (stream, count) => reserveSeq(database.db, stream, count),
    tickMs: config.realtimeTickMs,
  });

  const app = createApp(deps);
  const http = createServer(app.callback());
  http.keepAliveTimeout = 65_000;
  const io = deps.realtime.attach(http);
  deps.realtime.onMemberChanged((userId) => deps.activeMembers.forget(userId));
  const closeRedis = config.redisUrl ? await useRedisAdapter(io, config.redisUrl, logger) : undefined;
  if (closeRedis) deps.realtime.shareAcrossProcesses();
  const stopHousekeeping = startHousekeeping(deps);
  const holdSweeper =
    config.holdSweepMaxWaitMs > 0 ? startHoldSweeper(deps, config.holdSweepMaxWaitMs) : undefined;
  deps.holdSweeper = holdSweeper;

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      stopHousekeeping();
      holdSweeper?.stop();
      // Stop accepting, let in-flight requests finish, then close sockets and the database.
      const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      await deps.realtime.close();
      await closeRedis?.();
      await rateLimits.close();
      await httpClosed;
      await database.close();
    })();
    return closing;
  };
  return { deps, http, url: `http://${host}:${port}`, close };
}
