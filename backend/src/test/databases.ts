import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/node-postgres";
import { Client, Pool } from "pg";
import { type Database, drizzleOverPglite, PGLITE_OPTIONS } from "../db/client";
import { migrationsFolder, runMigrations } from "../db/migrate";

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

/**
 * Where the migrated PGlite data directory is kept between test files and runs: named by the migrations'
 * contents, so a changed or added migration makes a new one.
 */
function pgliteTemplatePath(): string {
  const hash = createHash("sha256");
  const files = readdirSync(migrationsFolder, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    if (!file.endsWith(".sql") && !file.endsWith(".json")) continue;
    hash.update(file);
    hash.update(readFileSync(path.join(migrationsFolder, file)));
  }
  return path.join(os.tmpdir(), `zaiko-pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar.gz`);
}

function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzleOverPglite(client),
    driver: "pglite",
    ping: async () => {
      await client.query("select 1");
    },
    // As production's (db/client.ts): the backup tests snapshot a served in-memory database.
    dumpSnapshot: () => client._runExclusiveTransaction(() => client.dumpDataDir("none")),
    close: () => client.close(),
  };
}

/**
 * The data directory of a PGlite with every migration applied, as a gzipped tar (PGlite's dumpDataDir). A
 * new PGlite runs initdb, which costs several times what loading a data directory does; so the first test
 * file that needs one migrates one and saves it (written aside, then renamed: a reader never sees half a
 * file), and later files and runs load that copy. Returns the file's path.
 */
export async function migratedPgliteTemplate(): Promise<string> {
  const template = pgliteTemplatePath();
  if (existsSync(template)) return template;
  const client = await PGlite.create(PGLITE_OPTIONS);
  try {
    await runMigrations(pgliteDatabase(client));
    const dump = Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer());
    const partial = `${template}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, dump);
    renameSync(partial, template);
  } finally {
    await client.close();
  }
  return template;
}

/** An in-memory PGlite loaded from the migrated template: startServer's migrations find nothing to do. */
async function openMigratedPglite(): Promise<Database> {
  const dump = readFileSync(await migratedPgliteTemplate());
  return pgliteDatabase(await PGlite.create({ ...PGLITE_OPTIONS, loadDataDir: new Blob([dump]) }));
}

export async function openTestDatabase(driver: DriverName): Promise<Database> {
  return driver === "pg" ? openFreshPostgres() : openMigratedPglite();
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
