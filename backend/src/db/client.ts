import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, type PGliteOptions, type Transaction } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { Pool } from "pg";
import { yieldToEventLoop } from "../lib/eventLoop";
import { DataDirInUseError, lockDataDir } from "./dataDirLock";

/**
 * The drizzle database, whichever driver is underneath. Both speak the same PostgreSQL. Opened without
 * drizzle's relational query API (`db.query.*`, which the code does not use): given the schema, drizzle
 * builds a query builder per table for every transaction, on the + button's path too.
 */
export type Db = PgDatabase<PgQueryResultHKT>;
type NoRelations = Record<string, never>;
export type Tx = PgTransaction<PgQueryResultHKT, NoRelations, ExtractTablesWithRelations<NoRelations>>;

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  /** The connection string, for the pg driver (migrations take a session of their own). */
  url?: string;
  /** Runs a raw query; for health checks and tests. */
  ping(): Promise<void>;
  /**
   * PGlite only: its data directory as an uncompressed tar, taken between two transactions (backup/). The
   * copy is crash-consistent: what it holds is every transaction committed before it, and nothing else.
   */
  dumpSnapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * How every PGlite of the app starts: PGlite's own parameters, and new WAL segments not zero-filled. PGlite
 * runs PostgreSQL on this thread, so the statement whose WAL crossed into a new 16 MB segment (a COMMIT, a
 * '+') held the event loop for tens of milliseconds while 16 MB of zeroes were written, once per 16 MB of
 * writes (docs/benchmarks.md, "CSV import"). With `wal_init_zero=off` PostgreSQL writes only the segment's
 * last byte (docs/decisions.md says what zeroing would have bought).
 */
export const PGLITE_OPTIONS: Readonly<PGliteOptions> = {
  startParams: [...PGlite.defaultStartParams, "-c", "wal_init_zero=off"],
};

/**
 * drizzle over a PGlite whose transactions each begin with a turn of the event loop. PGlite runs every
 * statement on this thread and hands its transaction lock to the next waiter in a microtask, so
 * transactions that queued behind a long one (the '+' at 10/s behind a 10,000-row import) used to run back
 * to back without the event loop ever turning: 1.8–2.0 s of CPU in one block, timers and sockets waiting
 * (docs/benchmarks.md, "CSV import"). The turn comes after BEGIN, with the lock held, so the order of the
 * transactions and what each sees are unchanged; each one costs a setImmediate more.
 */
export function drizzleOverPglite(client: PGlite): Db {
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction(async (tx) => {
      await yieldToEventLoop();
      return callback(tx);
    });
  return drizzlePglite(client);
}

/**
 * Takes the transaction mutex first, so no transaction of the app is half-way through (dumpDataDir alone
 * holds only the query mutex, between two statements of a transaction); requests wait for the dump only.
 */
const dumpBetweenTransactions = (client: PGlite) => () =>
  client._runExclusiveTransaction(() => client.dumpDataDir("none"));

/**
 * PGlite lets two processes open one directory and corrupt it, so the directory is held with a lock
 * file for as long as the process uses it. The lock names its process (pid and host): one left by a
 * process that died on this host is taken over at once, so a supervisor's immediate restart works.
 */
async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockDataDir(path.join(dataDir, "pglite.lock"));
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    throw new Error(`The data directory ${dataDir} is ${err.message}`);
  }
  const client = await PGlite.create(dir, PGLITE_OPTIONS).catch(async (err: unknown) => {
    await release();
    throw err;
  });
  const db = drizzleOverPglite(client);
  return {
    db,
    driver: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    dumpSnapshot: dumpBetweenTransactions(client),
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/** An in-memory PGlite for tests: a real PostgreSQL with nothing on disk. */
export async function openMemoryPglite(): Promise<Database> {
  const client = await PGlite.create(PGLITE_OPTIONS);
  const db = drizzleOverPglite(client);
  return {
    db,
    driver: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    dumpSnapshot: dumpBetweenTransactions(client),
    close: () => client.close(),
  };
}

function openPg(url: string, size: number, onIdleError: (err: Error) => void): Database {
  // A fixed-size pool: connections opened under load are kept (min = max) rather than closed after 10 s
  // idle, pg-pool's default. When the idle timeout closed a burst's connections, their backends exiting at
  // once stalled every other transaction for a noticeable moment, and
  // the next burst paid for new connections again.
  const pool = new Pool({ connectionString: url, max: size, min: size });
  // An idle client whose connection dies (server restart, admin termination) is dropped by the pool and
  // the next query opens a new one. Without a listener the pool's 'error' event would crash the process.
  pool.on("error", onIdleError);
  const db: Db = drizzlePg(pool);
  return {
    db,
    driver: "pg",
    url,
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/** node-postgres when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. */
export async function openDatabase(
  opts: { databaseUrl?: string; dataDir: string; pgPoolSize: number },
  onIdleError: (err: Error) => void = () => undefined,
): Promise<Database> {
  return opts.databaseUrl ? openPg(opts.databaseUrl, opts.pgPoolSize, onIdleError) : openPglite(opts.dataDir);
}
