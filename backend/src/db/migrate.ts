import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { Client } from "pg";
import type { Database } from "./client";

/** Any constant: the advisory lock that serialises migrations of app processes starting together. */
const MIGRATION_LOCK_KEY = 7_220_611;

/** The generated migrations; the build copies them next to the bundle. */
export const migrationsFolder = path.resolve(__dirname, "migrations");

/** Applies pending migrations; safe to run at every start-up and from several processes. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.driver === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the driver union is narrowed by `driver`
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  if (!database.url) throw new Error("a pg database needs its url to migrate");
  // Several processes may start at once on a fresh database: one migrates while the others wait on the
  // lock, then find nothing left to do. The lock lives in this session, so it uses a client of its own.
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migratePg(drizzle(client), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
