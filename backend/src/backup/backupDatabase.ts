import { existsSync } from "node:fs";
import type { Database } from "../db/client";
import type { Target } from "./restore";
import {
  inTransaction,
  pgliteDir,
  withPgliteCopy,
  withPgliteDirectory,
  withPostgresSnapshot,
} from "./snapshot";
import { type BackupResult, type Progress, writeBackup } from "./writeBackup";

/**
 * A backup of a database no server of this process holds: PostgreSQL through a snapshot transaction, or
 * the embedded database of a data directory no server is running on (DataDirBusyError if one is).
 */
export async function backupDatabase(
  source: Target,
  file: string,
  onProgress?: (p: Progress) => void,
): Promise<BackupResult> {
  if (source.kind === "pg") {
    return withPostgresSnapshot(source.url, (session) =>
      writeBackup({ session, source: "pg", file, onProgress }),
    );
  }
  if (!existsSync(pgliteDir(source.dataDir))) throw new Error(`no embedded database in ${source.dataDir}`);
  return withPgliteDirectory(source.dataDir, { create: false }, (db) =>
    inTransaction(db, (session) => writeBackup({ session, source: "pglite", file, onProgress })),
  );
}

/**
 * A backup of the embedded database this process serves: a dump of its data directory between two
 * transactions (requests wait only for that), opened as an in-memory copy and read from there.
 */
export async function backupServedPglite(
  database: Database,
  file: string,
  onProgress?: (p: Progress) => void,
): Promise<BackupResult> {
  if (!database.dumpSnapshot) throw new Error("this database cannot be dumped from inside the process");
  const dump = await database.dumpSnapshot();
  return withPgliteCopy(dump, (session) => writeBackup({ session, source: "pglite", file, onProgress }));
}
