import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_BUSINESS_TIME_ZONE, isKnownTimeZone } from "@zaiko/common/today";
import { DEFAULT_READ_VIEWS_IN_FLIGHT } from "./lib/readViewLimit";

/** Everything the server reads from the environment, parsed once. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string;
  csrfSecret: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  timeZone: string;
  /** Origins allowed to open a socket; empty means "same host as the request". */
  allowedOrigins: string[];
  secureCookies: boolean;
  /** Behind a reverse proxy (TRUST_PROXY=1): client address and protocol come from its X-Forwarded-* headers. */
  trustProxy: boolean;
  /** How many proxies in front are trusted: the client address is the one the nearest of them saw. */
  trustProxyHops: number;
  clientDir: string;
  bcryptCost: number;
  logLevel: string;
  /** How long a group's committed events are gathered before they are coalesced and emitted. */
  realtimeTickMs: number;
  /** Sockets written per slice of a fan-out, with the event loop free between slices (docs/realtime.md). */
  realtimeFanOutSlice: number;
  /** The longest a slice of a fan-out waits for the API writes being served (0: it never waits; docs/realtime.md). */
  realtimeWriteWaitMs: number;
  /** How long a confirmed active member is kept without asking the database again (0: never kept). */
  activeMemberTtlMs: number;
  /** Big read views (weekly view, inventory summary) running at once per process (0: no limit). */
  readViewsInFlight: number;
  /** Connections per process to PostgreSQL. */
  pgPoolSize: number;
  /**
   * Longest wait between two looks for lapsed 仮押さえ holds (a hold made through this process wakes it at its
   * deadline; one made through another process is seen within this); 0: no sweeper in this process.
   */
  holdSweepMaxWaitMs: number;
  /**
   * How often the notifier derives notifications (docs/notifications.md); a change committed through this
   * process wakes it at once, one through another process is seen within this. 0: no notifier in this process.
   */
  notifyEveryMs: number;
  /** A 仮押さえ's holder is reminded (bell, mail, webhook `hold.expiring`) this long before its deadline. */
  holdReminderAheadMs: number;
  /** SMTP server of the mails (`smtp://user:pass@host:587`, `smtps://…`); empty: no mail (docs/notifications.md). */
  smtpUrl: string;
  /** The mails' From (`在庫管理 <zaiko@example.jp>`); empty: no mail. */
  mailFrom: string;
  /** How often the sender looks for due mails and webhook calls; 0: no sender in this process. */
  deliverEveryMs: number;
  /** First retry of a failed delivery after this; each next one waits twice as long (at most an hour). */
  deliveryRetryBaseMs: number;
  /** Attempts of a delivery before it is given up (marked failed). */
  deliveryMaxAttempts: number;
  /** The longest a webhook call may take (connect, send, answer) before it counts as failed. */
  webhookTimeoutMs: number;
  /** The longest each step of an SMTP conversation may take (connect, greeting, each reply). */
  mailTimeoutMs: number;
  /**
   * Webhook URLs may point at private, loopback and link-local addresses (WEBHOOK_ALLOW_PRIVATE=1): for a
   * receiver inside the network, and the tests. Off by default (SSRF: docs/decisions.md).
   */
  webhookAllowPrivate: boolean;
  /**
   * The app's address as members open it (`https://zaiko.example.jp`), for the links in calendar feeds;
   * empty: taken from each request (Host, or X-Forwarded-* behind a trusted proxy).
   */
  publicUrl: string;
  /** The unit labels' Japanese font (a .ttc of Noto Sans CJK, docs/units.md). */
  labelFontPath: string;
  /**
   * How long after its rotation a refresh token presented again still gets a session in its family
   * (tabs or windows that refreshed at the same moment, a lost response); 0: any reuse ends the family.
   */
  refreshReuseGraceSeconds: number;
  /** Calls per client IP per minute to the token, sign-up and group-creation endpoints. */
  tokenCallsPerIpPerMinute: number;
  /** Failed logins per email per 15 minutes. */
  failedLoginsPerEmail: number;
  /** Prefix of the rate-limit counters in Redis: processes on one database share them (docs/sessions.md). */
  rateLimitKeyPrefix: string;
  /**
   * The Redis adapter's channel key: processes on one database hear each other's events, processes of
   * another deployment on the same Redis do not (their group and user ids overlap).
   */
  realtimeChannelKey: string;
  /** Where the embedded database's automatic backups go (backup/backupService.ts). */
  backupDir: string;
  /** Automatic backups kept; older ones are removed. */
  backupKeep: number;
  /** Hours between automatic backups of the embedded database (0: none). */
  backupIntervalHours: number;
}

/** A configuration the server must not start with; main prints the message as one line and exits 1. */
export class ConfigError extends Error {}

/** The values `.env.example` ships with: a copy left unedited must not sign production tokens. */
const PLACEHOLDER = /change-?me/i;

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return n;
}

/** A non-negative number (hours may be fractional: a test runs backups every few seconds). */
function decimal(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0)
    throw new ConfigError(`${name} must be a non-negative number, got "${raw}"`);
  return n;
}

/**
 * Secrets come from the environment. On the embedded default they are generated once and kept in the
 * data directory, so restarts keep sessions valid without any set-up.
 */
function secret(name: string, env: NodeJS.ProcessEnv, dataDir: string | undefined): string {
  const fromEnv = env[name];
  if (fromEnv) return fromEnv;
  if (!dataDir) return randomBytes(32).toString("hex");
  const file = path.join(dataDir, `.${name.toLowerCase()}`);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(32).toString("hex");
  writeFileSync(file, value, { mode: 0o600 });
  return value;
}

/**
 * With PostgreSQL or Redis the server is meant to run as several processes, which must sign and check
 * tokens with the same secrets: made-up ones per process would refuse each other's tokens.
 */
function requireSecrets(env: NodeJS.ProcessEnv, because: string): void {
  const missing = ["JWT_SECRET", "CSRF_SECRET"].filter((name) => !env[name] || PLACEHOLDER.test(env[name]));
  if (missing.length === 0) return;
  throw new ConfigError(
    `${because} is set, so ${missing.join(" and ")} must be set to a random value shared by every app process (e.g. \`openssl rand -hex 32\`; the placeholders of .env.example are refused)`,
  );
}

/** Which database the rate-limit counters belong to: host, port and name, never the credentials. */
function databaseIdentity(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `pglite:${dataDir}`;
  try {
    const url = new URL(databaseUrl);
    return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
  } catch {
    return "postgres";
  }
}

/**
 * BUSINESS_TIME_ZONE: the one source of "a day" and of the wall clock every screen, export and file shows
 * (docs/decisions.md, "Time zone"). An unknown name would fail every dated request later; it fails here.
 */
function businessTimeZone(env: NodeJS.ProcessEnv): string {
  const zone = env.BUSINESS_TIME_ZONE || DEFAULT_BUSINESS_TIME_ZONE;
  if (!isKnownTimeZone(zone)) {
    throw new ConfigError(`BUSINESS_TIME_ZONE must be an IANA time zone such as Asia/Tokyo, got "${zone}"`);
  }
  return zone;
}

/** Reads the configuration; `overrides` lets tests and scripts pin values without touching process.env. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const databaseUrl = env.DATABASE_URL || undefined;
  const redisUrl = env.REDIS_URL || undefined;
  const sharedSetup = Boolean(databaseUrl || redisUrl);
  if (sharedSetup) requireSecrets(env, databaseUrl ? "DATABASE_URL" : "REDIS_URL");
  const keepSecretsIn = sharedSetup ? undefined : dataDir;
  return {
    port: int("PORT", 3000, env),
    host: env.HOST || "0.0.0.0",
    dataDir,
    databaseUrl,
    redisUrl,
    jwtSecret: secret("JWT_SECRET", env, keepSecretsIn),
    csrfSecret: secret("CSRF_SECRET", env, keepSecretsIn),
    accessTtlSeconds: int("ACCESS_TOKEN_TTL_SECONDS", 15 * 60, env),
    refreshTtlSeconds: int("REFRESH_TOKEN_TTL_SECONDS", 14 * 24 * 60 * 60, env),
    timeZone: businessTimeZone(env),
    allowedOrigins: (env.ALLOWED_ORIGINS || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    secureCookies: env.SECURE_COOKIES === "1" || env.SECURE_COOKIES === "true",
    trustProxy: env.TRUST_PROXY === "1" || env.TRUST_PROXY === "true",
    trustProxyHops: Math.max(1, int("TRUST_PROXY_HOPS", 1, env)),
    clientDir: path.resolve(env.CLIENT_DIR || path.join(__dirname, "../../frontend/dist")),
    bcryptCost: int("BCRYPT_COST", 10, env),
    logLevel: env.LOG_LEVEL || "info",
    realtimeTickMs: int("REALTIME_TICK_MS", 10, env),
    realtimeFanOutSlice: Math.max(1, int("REALTIME_FAN_OUT_SLICE", 200, env)),
    realtimeWriteWaitMs: int("REALTIME_WRITE_WAIT_MS", 10, env),
    activeMemberTtlMs: int("ACTIVE_MEMBER_TTL_MS", 1_000, env),
    readViewsInFlight: int("READ_VIEWS_IN_FLIGHT", DEFAULT_READ_VIEWS_IN_FLIGHT, env),
    pgPoolSize: int("PG_POOL_SIZE", 20, env),
    holdSweepMaxWaitMs: int("HOLD_SWEEP_MAX_WAIT_MS", 30_000, env),
    notifyEveryMs: int("NOTIFY_EVERY_MS", 5_000, env),
    holdReminderAheadMs: decimal("HOLD_REMINDER_HOURS", 24, env) * 3_600_000,
    smtpUrl: env.SMTP_URL || "",
    mailFrom: env.MAIL_FROM || "",
    deliverEveryMs: int("DELIVER_EVERY_MS", 1_000, env),
    deliveryRetryBaseMs: int("DELIVERY_RETRY_BASE_MS", 30_000, env),
    deliveryMaxAttempts: Math.max(1, int("DELIVERY_MAX_ATTEMPTS", 8, env)),
    webhookTimeoutMs: Math.max(100, int("WEBHOOK_TIMEOUT_MS", 5_000, env)),
    mailTimeoutMs: Math.max(100, int("MAIL_TIMEOUT_MS", 10_000, env)),
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === "1" || env.WEBHOOK_ALLOW_PRIVATE === "true",
    publicUrl: (env.PUBLIC_URL || "").replace(/\/+$/, ""),
    labelFontPath: env.LABEL_FONT_PATH || "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    refreshReuseGraceSeconds: int("REFRESH_REUSE_GRACE_SECONDS", 30, env),
    tokenCallsPerIpPerMinute: int("TOKEN_CALLS_PER_IP_PER_MINUTE", 120, env),
    failedLoginsPerEmail: int("FAILED_LOGINS_PER_EMAIL", 10, env),
    rateLimitKeyPrefix: `zaiko:ratelimit:${databaseIdentity(databaseUrl, dataDir)}:`,
    realtimeChannelKey: `zaiko:socket.io:${databaseIdentity(databaseUrl, dataDir)}`,
    backupDir: path.resolve(env.BACKUP_DIR || path.join(dataDir, "backups")),
    backupKeep: Math.max(1, int("BACKUP_KEEP", 14, env)),
    backupIntervalHours: decimal("BACKUP_INTERVAL_HOURS", 24, env),
    ...overrides,
  };
}
