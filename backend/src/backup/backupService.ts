import { readdir, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { backupServedPglite } from "./backupDatabase";
import { PARTIAL_SUFFIX } from "./format";
import type { BackupResult, Progress } from "./writeBackup";

/** What /api/healthz tells about the automatic backups. */
export interface BackupStatus {
  /** Automatic backups run in this process. */
  enabled: boolean;
  /** The newest complete backup in BACKUP_DIR (one written before a restart counts too). */
  last_at: string | null;
  /**
   * Why the last attempt failed, as a code without paths (ENOSPC, EACCES…; the log has the whole error):
   * the health check is public. Null once one succeeds again.
   */
  last_error: string | null;
  last_error_at: string | null;
  next_at: string | null;
}

export interface BackupService {
  status(): BackupStatus;
  /** A backup to `file`, after any backup already running (the admin channel's `npm run backup`). */
  backupTo(file: string, onProgress?: (p: Progress) => void): Promise<BackupResult>;
  stop(): void;
}

/** Automatic backups' names: the time sorts them, and restore takes them like any backup. */
const AUTO_NAME = /^zaiko-\d{4}-\d\d-\d\dT[\d-]+Z\.jsonl\.gz$/;
const autoName = (at: Date) => `zaiko-${at.toISOString().replace(/[:.]/g, "-")}.jsonl.gz`;
/** The first backup of a directory that has none waits at most this after start-up. */
const FIRST_WITHIN_MS = 10 * 60_000;
/** After a failure the next attempt comes at most this much later. */
const RETRY_WITHIN_MS = 60 * 60_000;

/**
 * The embedded database's backups in the server process: every `intervalHours` (0: none) a backup into
 * `dir`, keeping the newest `keep`; and the backups the CLI asks for over the admin channel. One at a time.
 */
export async function startBackupService(opts: {
  database: Database;
  dir: string;
  keep: number;
  intervalHours: number;
  logger: Logger;
}): Promise<BackupService> {
  const intervalMs = opts.intervalHours * 3_600_000;
  const enabled = intervalMs > 0;
  const newest = (await listBackups(opts.dir)).at(-1);
  const status: BackupStatus = {
    enabled,
    last_at: newest ? (await stat(path.join(opts.dir, newest))).mtime.toISOString() : null,
    last_error: null,
    last_error_at: null,
    next_at: null,
  };
  let queue: Promise<unknown> = Promise.resolve();
  const serialised = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = queue.then(fn, fn);
    queue = run.catch(() => undefined);
    return run;
  };
  const backupTo = (file: string, onProgress?: (p: Progress) => void) =>
    serialised(() => backupServedPglite(opts.database, file, onProgress));

  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (delayMs: number) => {
    if (stopped || !enabled) return;
    status.next_at = new Date(Date.now() + delayMs).toISOString();
    timer = setTimeout(() => void runAutomatic(), delayMs);
    timer.unref();
  };
  const runAutomatic = async () => {
    const file = path.join(opts.dir, autoName(new Date()));
    try {
      // Pruning inside the queue: a backup the CLI asked for may be the next one writing a .partial here.
      const result = await serialised(async () => {
        const written = await backupServedPglite(opts.database, file);
        await prune(opts.dir, opts.keep, opts.logger);
        return written;
      });
      status.last_at = new Date().toISOString();
      status.last_error = null;
      status.last_error_at = null;
      opts.logger.info(
        {
          file: result.file,
          bytes: result.bytes,
          rows: result.rows,
          seconds: result.seconds,
          pauseSeconds: result.pauseSeconds,
        },
        "automatic backup written",
      );
      schedule(intervalMs);
    } catch (err) {
      status.last_error = (err as NodeJS.ErrnoException).code ?? "backup failed";
      status.last_error_at = new Date().toISOString();
      opts.logger.error({ err, dir: opts.dir }, "automatic backup failed");
      schedule(Math.min(intervalMs, RETRY_WITHIN_MS));
    }
  };
  if (enabled) {
    const dueAt = status.last_at
      ? Date.parse(status.last_at) + intervalMs
      : Date.now() + Math.min(intervalMs, FIRST_WITHIN_MS);
    schedule(Math.max(0, dueAt - Date.now()));
  }
  return {
    status: () => ({ ...status }),
    backupTo,
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** Complete automatic backups in `dir`, oldest first. */
async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names.filter((n) => AUTO_NAME.test(n)).sort();
}

/** Keeps the newest `keep` automatic backups; removes the rest, and files left half-written by a crash. */
async function prune(dir: string, keep: number, logger: Logger): Promise<void> {
  const backups = await listBackups(dir);
  const names = await readdir(dir).catch(() => [] as string[]);
  const doomed = [
    ...backups.slice(0, Math.max(0, backups.length - Math.max(1, keep))),
    ...names.filter((n) => n.startsWith("zaiko-") && n.endsWith(PARTIAL_SUFFIX)),
  ];
  for (const name of doomed) {
    await unlink(path.join(dir, name)).catch((err: Error) =>
      logger.warn({ err, name }, "could not prune a backup"),
    );
  }
}
