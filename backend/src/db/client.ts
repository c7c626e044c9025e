import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import lockfile from "proper-lockfile";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { Pool } from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The drizzle database, whichever driver is underneath. Both speak the same PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  driver: "pglite" | "pg";
  /** Runs a raw query; for health checks and tests. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * PGlite lets two processes open one directory and corrupt it, so the directory is held with a lock
 * file for as long as the process uses it.
 */
async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dir, { lockfilePath: path.join(dataDir, "pglite.lock"), stale: 15_000 });
  } catch {
    throw new Error(`The data directory ${dataDir} is in use by another process (pglite.lock).`);
  }
  const client = await PGlite.create(dir);
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    driver: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: async () => {
      await client.close();
      await release();
    },
  };
}

/** An in-memory PGlite for tests: a real PostgreSQL with nothing on disk. */
export async function openMemoryPglite(): Promise<Database> {
  const client = await PGlite.create();
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    driver: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    close: () => client.close(),
  };
}

function openPg(url: string): Database {
  const pool = new Pool({ connectionString: url, max: Number(process.env.PG_POOL_SIZE || 20) });
  const db: Db = drizzlePg(pool, { schema });
  return {
    db,
    driver: "pg",
    ping: async () => {
      await pool.query("select 1");
    },
    close: () => pool.end(),
  };
}

/** node-postgres when DATABASE_URL is set, otherwise the embedded PGlite in DATA_DIR. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return opts.databaseUrl ? openPg(opts.databaseUrl) : openPglite(opts.dataDir);
}
