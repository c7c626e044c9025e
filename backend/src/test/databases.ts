import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import { Client, Pool } from "pg";
import { type Database, openMemoryPglite } from "../db/client";

export type DriverName = "pglite" | "pg";

/** The PostgreSQL server tests use; CI sets DATABASE_URL, locally the machine's server is tried. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
/** Set by the jest global set-up, which probes the services once per run. */
export const postgresAvailable = () => process.env.ZAIKO_PG_AVAILABLE === "1";

/** A fresh, empty PostgreSQL database for one test file, dropped on close. */
export async function openFreshPostgres(): Promise<Database & { url: string }> {
  const name = `zaiko_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 20 });
  // pool.end() resolves before its idle clients have closed; the forced DROP below then terminates them,
  // which must not surface as an unhandled 'error' event.
  pool.on("error", () => undefined);
  const db = drizzle(pool);
  return {
    db,
    driver: "pg",
    url: url.toString(),
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      await pool.end();
      const dropper = new Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function openTestDatabase(driver: DriverName): Promise<Database> {
  return driver === "pg" ? openFreshPostgres() : openMemoryPglite();
}

/**
 * Runs a suite once per database: always on PGlite, and on PostgreSQL when it is reachable. Without it the
 * PostgreSQL run is skipped with one SKIPPED line (the global set-up fails the run under REQUIRE_SERVICES=1).
 */
export function describeOnDatabases(title: string, suite: (driver: DriverName) => void): void {
  describe(`${title} [pglite]`, () => suite("pglite"));
  if (postgresAvailable()) {
    describe(`${title} [postgres]`, () => suite("pg"));
  } else {
    console.warn(`SKIPPED (no PostgreSQL): ${title} [postgres]`);
    describe.skip(`${title} [postgres]`, () => suite("pg"));
  }
}

/** A describe that runs only on PostgreSQL (concurrency tests: PGlite runs one transaction at a time). */
export function describeOnPostgres(title: string, suite: () => void): void {
  if (postgresAvailable()) describe(title, suite);
  else {
    console.warn(`SKIPPED (no PostgreSQL): ${title}`);
    describe.skip(title, suite);
  }
}
