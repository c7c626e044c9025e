import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { Client } from "pg";
import { PGLITE_OPTIONS } from "../db/client";
import { DataDirInUseError, lockDataDir } from "../db/dataDirLock";
import { CANONICAL_SETTINGS, pgliteSession, pgSession, type SqlSession } from "./sqlSession";

/** Where the app keeps PGlite inside DATA_DIR, and its lock (db/client.ts). */
export const pgliteDir = (dataDir: string) => path.join(dataDir, "pglite");
export const pgliteLock = (dataDir: string) => path.join(dataDir, "pglite.lock");

/**
 * Runs `fn` on one snapshot of a PostgreSQL database, as pg_dump does: a REPEATABLE READ READ ONLY
 * transaction on a connection of its own. Writers go on; they neither wait for it nor show up in it.
 */
export async function withPostgresSnapshot<T>(url: string, fn: (s: SqlSession) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    await client.query(CANONICAL_SETTINGS);
    const result = await fn(pgSession(client));
    await client.query("COMMIT");
    return result;
  } finally {
    await client.end();
  }
}

/**
 * Runs `fn` on an in-memory PGlite opened from a data directory dump (a running server's dumpSnapshot):
 * the copy is read at leisure while the server's own database keeps serving.
 */
export async function withPgliteCopy<T>(dump: Blob, fn: (s: SqlSession) => Promise<T>): Promise<T> {
  const copy = await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: dump });
  try {
    return await inTransaction(copy, fn);
  } finally {
    await copy.close();
  }
}

/** Runs `fn` in a transaction with the canonical output settings on a PGlite this process alone uses. */
export function inTransaction<T>(db: PGlite, fn: (s: SqlSession) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.exec(CANONICAL_SETTINGS);
    return fn(pgliteSession(tx));
  });
}

/** The data directory is held by a running server (its lock is live). */
export class DataDirBusyError extends Error {}

/**
 * Opens the embedded database of DATA_DIR in this process, holding its lock as the server does; fails
 * with DataDirBusyError when a live server holds it. `create`: make the directory (restore's target).
 */
export async function withPgliteDirectory<T>(
  dataDir: string,
  opts: { create: boolean },
  fn: (db: PGlite) => Promise<T>,
): Promise<T> {
  if (opts.create) mkdirSync(pgliteDir(dataDir), { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(pgliteLock(dataDir));
  } catch (err) {
    if (err instanceof DataDirInUseError) throw new DataDirBusyError(`${dataDir} is ${err.message}`);
    throw err;
  }
  try {
    const db = await PGlite.create(pgliteDir(dataDir), PGLITE_OPTIONS);
    try {
      return await fn(db);
    } finally {
      await db.close();
    }
  } finally {
    await release();
  }
}
