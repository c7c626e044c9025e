import { createServer, type Server } from "node:http";
import { createApp } from "./app";
import { startAdminChannel } from "./backup/adminChannel";
import { startBackupService } from "./backup/backupService";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { runMigrations } from "./db/migrate";
import type { AppDeps } from "./deps";
import { createAuthenticator } from "./features/auth";
import { mailIsOn, smtpMailer, startSender } from "./features/delivery";
import { publishInventoryChanged } from "./features/inventory";
import { startNotifier, worthAPass } from "./features/notifications";
import { startPresence } from "./features/presence";
import { caseInGroup, startHoldSweeper } from "./features/workcases";
import { startHousekeeping } from "./housekeeping";
import { createLogger, type Logger } from "./lib/logger";
import { createReadViewLimit } from "./lib/readViewLimit";
import { WritesInFlight } from "./lib/writesInFlight";
import { ActiveMemberCache } from "./middlewares/activeMembers";
import { createRateLimits, createSharedRateLimits, type RateLimits } from "./middlewares/rateLimit";
import { readStreamPositions, reserveSeq } from "./realtime/eventStreams.queries";
import { ProcessLiveness } from "./realtime/liveness";
import { type EventStreams, Realtime } from "./realtime/realtime";
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
  /** Where events get their numbers, given by the caller (a test's slow one); otherwise the database's. */
  eventStreams?: EventStreams;
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
 * What the features contribute to real time, wired here rather than as side effects of building routes: who
 * may watch a case room, and the fan-out of every committed `stock.changed` to the watched case rooms.
 */
function wireRealtime(deps: AppDeps): void {
  deps.realtime.setCaseAccess((user, caseId) => caseInGroup(deps, user, caseId));
  deps.realtime.onStockChanged((groupId, change, seq) => publishInventoryChanged(deps, groupId, change, seq));
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
  const activeMembers = new ActiveMemberCache(config.activeMemberTtlMs);
  const authenticate = createAuthenticator({ config, database, activeMembers });
  const writes = new WritesInFlight();
  const realtime = new Realtime({
    logger,
    allowedOrigins: config.allowedOrigins,
    authenticate,
    streams: opts.eventStreams ?? {
      reserveSeq: (stream, count) => reserveSeq(database.db, stream, count),
      readPositions: (groupId) => readStreamPositions(database.db, groupId),
    },
    tickMs: config.realtimeTickMs,
    fanOutSlice: config.realtimeFanOutSlice,
    writesFirst:
      config.realtimeWriteWaitMs > 0 ? { writes, maxWaitMs: config.realtimeWriteWaitMs } : undefined,
  });
  const deps: AppDeps = {
    config,
    database,
    logger,
    rateLimits,
    activeMembers,
    authenticate,
    realtime,
    readViews: createReadViewLimit(config.readViewsInFlight),
    writes,
  };
  wireRealtime(deps);

  const app = createApp(deps);
  const http = createServer(app.callback());
  http.keepAliveTimeout = 65_000;
  const io = deps.realtime.attach(http);
  deps.realtime.onMemberChanged((userId) => deps.activeMembers.forget(userId));
  const presence = startPresence(deps, (user, caseId) => caseInGroup(deps, user, caseId));
  const closeRedis = config.redisUrl
    ? await useRedisAdapter(io, config.redisUrl, config.realtimeChannelKey, logger)
    : undefined;
  if (closeRedis) deps.realtime.shareAcrossProcesses();
  // Only with other processes to tell: one process alone restarts, and its clients reconnect and refetch.
  const liveness = closeRedis
    ? new ProcessLiveness({
        db: database.db,
        logger,
        onPeerDied: () => {
          deps.realtime.resyncEveryone();
          // Its viewers went with it: tell everyone who is still here.
          presence.refreshAll();
        },
      })
    : undefined;
  await liveness?.start();
  const stopHousekeeping = startHousekeeping(deps);
  // Backups of the embedded database this process opened from DATA_DIR (not of one a test handed in).
  const backups =
    !opts.database && database.driver === "pglite"
      ? await startBackupService({
          database,
          dir: config.backupDir,
          keep: config.backupKeep,
          intervalHours: config.backupIntervalHours,
          logger,
        })
      : undefined;
  deps.backups = backups;
  // Without its channel the server still serves (a socket path too long for the OS, say); only
  // `npm run backup` of the running server is then unavailable, and says so.
  const closeAdminChannel = backups
    ? await startAdminChannel(config.dataDir, (file, onProgress) => backups.backupTo(file, onProgress)).catch(
        (err: Error) => {
          logger.warn({ err }, "admin channel for npm run backup not available");
          return undefined;
        },
      )
    : undefined;
  const holdSweeper =
    config.holdSweepMaxWaitMs > 0 ? startHoldSweeper(deps, config.holdSweepMaxWaitMs) : undefined;
  deps.holdSweeper = holdSweeper;
  // After the commit, never inside a write (docs/notifications.md): a pass on its own connection.
  const notifier =
    config.notifyEveryMs > 0
      ? startNotifier(
          {
            database,
            logger,
            announce: (userId, count) => deps.realtime.notifyMember(userId, count),
            delivery: {
              mail: mailIsOn(config),
              holdReminderAheadMs: config.holdReminderAheadMs,
              timeZone: config.timeZone,
            },
          },
          config.notifyEveryMs,
          Date.now,
        )
      : undefined;
  if (notifier) deps.realtime.onCommitted((events) => worthAPass(events) && notifier.wake());
  // Mails and webhook calls leave from the queue, never from a request (docs/notifications.md, "Delivery").
  const sender =
    config.deliverEveryMs > 0
      ? startSender(
          { database, logger, config, sendMail: smtpMailer(config) },
          config.deliverEveryMs,
          Date.now,
        )
      : undefined;
  deps.sender = sender;

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
      backups?.stop();
      await closeAdminChannel?.();
      holdSweeper?.stop();
      notifier?.stop();
      await sender?.stop();
      presence.stop();
      // Stop accepting, let in-flight requests finish, then close sockets and the database.
      const httpClosed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      await deps.realtime.close();
      await liveness?.stop();
      await closeRedis?.();
      await rateLimits.close();
      await httpClosed;
      await database.close();
    })();
    return closing;
  };
  return { deps, http, url: `http://${host}:${port}`, close };
}
