import { readFileSync } from "node:fs";
import path from "node:path";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrationsFolder } from "../db/migrate";
import type { MigrationVersion } from "./format";
import type { SqlSession } from "./sqlSession";

/** A migration this code ships: drizzle's own reading of the folder, with the journal's tag beside it. */
export interface KnownMigration {
  tag: string;
  folderMillis: number;
  hash: string;
  sql: string[];
}

/** The migrations of this code, oldest first. */
export function knownMigrations(folder = migrationsFolder): KnownMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
  return readMigrationFiles({ migrationsFolder: folder }).map((m) => ({
    tag: tags.get(m.folderMillis) ?? "",
    folderMillis: m.folderMillis,
    hash: m.hash,
    sql: m.sql,
  }));
}

/** drizzle's bookkeeping: the migrator compares `created_at` with each migration's `folderMillis`. */
const MIGRATIONS_TABLE = `"drizzle"."__drizzle_migrations"`;

/** The migration version of a database (drizzle's last applied migration), or null before any. */
export async function readMigrationVersion(session: SqlSession): Promise<MigrationVersion | null> {
  const [exists] = await session.query<{ present: boolean }>(
    `SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`,
  );
  if (!exists?.present) return null;
  const [last] = await session.query<{ hash: string; created_at: string; applied: string }>(
    `SELECT hash, created_at::text AS created_at, (SELECT count(*) FROM ${MIGRATIONS_TABLE})::text AS applied
       FROM ${MIGRATIONS_TABLE} ORDER BY created_at DESC LIMIT 1`,
  );
  if (!last) return null;
  const createdAt = Number(last.created_at);
  const tag = knownMigrations().find((m) => m.folderMillis === createdAt)?.tag ?? null;
  return { tag, created_at: createdAt, hash: last.hash, applied: Number(last.applied) };
}

/**
 * Applies, inside the caller's transaction, the known migrations with `folderMillis` in (after, upTo], and
 * records each exactly as drizzle's migrator does (same table, same columns), so that the migrator run at
 * the next start finds them applied. drizzle's own migrate() cannot be used here: it commits its own
 * transaction, and restore must build the schema, load the rows and migrate them as one.
 */
export async function applyMigrations(
  session: SqlSession,
  range: { after: number; upTo: number },
): Promise<number> {
  await session.exec(`CREATE SCHEMA IF NOT EXISTS "drizzle"`);
  await session.exec(
    `CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
  );
  let applied = 0;
  for (const m of knownMigrations()) {
    if (m.folderMillis <= range.after || m.folderMillis > range.upTo) continue;
    for (const statement of m.sql) if (statement.trim()) await session.exec(statement);
    await session.query(`INSERT INTO ${MIGRATIONS_TABLE} ("hash", "created_at") VALUES ($1, $2)`, [
      m.hash,
      m.folderMillis,
    ]);
    applied++;
  }
  return applied;
}
