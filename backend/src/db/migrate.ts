import path from "node:path";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { Database } from "./client";

/** The generated migrations; the build copies them next to the bundle. */
export const migrationsFolder = path.resolve(__dirname, "migrations");

/** Applies pending migrations; safe to run at every start-up and from several processes. */
export async function runMigrations(database: Database): Promise<void> {
  if (database.driver === "pglite") {
    // biome-ignore lint/suspicious/noExplicitAny: the driver union is narrowed by `driver`
    await migratePglite(database.db as any, { migrationsFolder });
  } else {
    // biome-ignore lint/suspicious/noExplicitAny: the driver union is narrowed by `driver`
    await migratePg(database.db as any, { migrationsFolder });
  }
}
