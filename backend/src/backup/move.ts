import { tmpdir } from "node:os";
import path from "node:path";
import { backupDatabase } from "./backupDatabase";
import { type RestoreResult, restoreBackup, type Target } from "./restore";
import { inTransaction, withPgliteDirectory, withPostgresSnapshot } from "./snapshot";
import { differingTables, tableChecksums } from "./tableChecksums";
import type { BackupResult, Progress } from "./writeBackup";

export interface MoveResult {
  file: string;
  backup: BackupResult;
  restore: RestoreResult;
  /** Tables compared (source, backup file and target agree on rows and checksum). */
  tablesVerified: number;
  seconds: number;
}

/** The database a target names: checksums of every table, read in a snapshot. */
export function checksumsOf(target: Target) {
  if (target.kind === "pg") return withPostgresSnapshot(target.url, tableChecksums);
  return withPgliteDirectory(target.dataDir, { create: false }, (db) => inTransaction(db, tableChecksums));
}

/**
 * Moves every row from one database to another: a backup of the source (kept, its path is returned), a
 * restore into the (empty) target, then every table's row count and checksum compared on the source, in
 * the file and on the target. The embedded source must not be running (its lock is taken): writes made
 * after the backup would not be moved.
 */
export async function moveDatabase(
  from: Target,
  to: Target,
  opts: {
    onBackupProgress?: (p: Progress) => void;
    onRestoreProgress?: (done: number, total: number) => void;
  } = {},
): Promise<MoveResult> {
  const started = performance.now();
  const file = path.join(tmpdir(), `zaiko-move-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl.gz`);
  const backup = await backupDatabase(from, file, opts.onBackupProgress);
  const restore = await restoreBackup(file, to, { onProgress: opts.onRestoreProgress });
  const target = await checksumsOf(to);
  const source = await checksumsOf(from);
  // Migrations applied after the backup's may change the rows (a new column): then only the row counts of
  // the backup's tables can be compared.
  const migrated = restore.from !== restore.to;
  const differing = migrated
    ? [...backup.checksums].filter(([name, t]) => target.get(name)?.rows !== t.rows).map(([name]) => name)
    : [
        ...new Set([
          ...differingTables(backup.checksums, target),
          ...differingTables(backup.checksums, source),
        ]),
      ];
  if (differing.length) {
    throw new Error(
      `verification failed: ${differing.join(", ")} differ between the source, the backup ${file} and the target (was the source written to during the move?)`,
    );
  }
  return {
    file,
    backup,
    restore,
    tablesVerified: backup.checksums.size,
    seconds: (performance.now() - started) / 1000,
  };
}
