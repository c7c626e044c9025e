import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Database, openDatabase } from "../db/client";
import { openFreshPostgres } from "../test/databases";
import { inTargetTransaction, type Target } from "./restore";
import { inTransaction, withPgliteDirectory } from "./snapshot";
import type { SqlSession } from "./sqlSession";

/** Test helpers of the backup suites: empty targets to restore into, and reading them back. */

export interface EmptyTarget {
  target: Target;
  /** Opens the restored database as the app would (after the restore closed it). */
  open(): Promise<Database>;
  /** Runs `fn` in a transaction of the target (no app open on it). */
  session<T>(fn: (s: SqlSession) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

/** An empty database of the driver: a fresh PostgreSQL database, or a new data directory. */
export async function emptyTarget(driver: "pg" | "pglite"): Promise<EmptyTarget> {
  if (driver === "pg") {
    const fresh = await openFreshPostgres();
    const target: Target = { kind: "pg", url: fresh.url };
    return {
      target,
      open: async () => fresh,
      session: (fn) => inTargetTransaction(target, fn),
      dispose: () => fresh.close(),
    };
  }
  const root = mkdtempSync(path.join(tmpdir(), "zaiko-restore-"));
  const dataDir = path.join(root, "data");
  const opened: Database[] = [];
  return {
    target: { kind: "pglite", dataDir },
    open: async () => {
      const db = await openDatabase({ dataDir, pgPoolSize: 1 });
      opened.push(db);
      return db;
    },
    session: (fn) => withPgliteDirectory(dataDir, { create: false }, (db) => inTransaction(db, fn)),
    dispose: async () => {
      for (const db of opened) await db.close().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** Rows and tables of the application schema in a target (0 when it has no tables: nothing was written). */
export async function tablesIn(s: SqlSession): Promise<number> {
  const [r] = await s.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname IN ('public', 'drizzle') AND c.relkind = 'r'`,
  );
  return Number(r?.n ?? 0);
}
