import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { Client } from "pg";

/**
 * One database session, whichever driver: the backup reads and the restore writes through it, inside a
 * transaction the caller opened. Values are asked for as text (`::text`), so both drivers answer alike.
 */
export interface SqlSession {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements without parameters (a migration file's statement, SET, DDL). */
  exec(text: string): Promise<void>;
}

/** A session over a node-postgres client of its own (never the app's pool). */
export function pgSession(client: Client): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    exec: async (text) => {
      await client.query(text);
    },
  };
}

/** A session over a PGlite transaction (or a PGlite this process alone uses). */
export function pgliteSession(db: PGlite | Transaction): SqlSession {
  return {
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    exec: async (text) => {
      await db.exec(text);
    },
  };
}

/**
 * The output settings that make every value's text form the same on every PostgreSQL (times in UTC, ISO
 * dates, shortest exact floats, hex bytea): the canonical form the checksums are computed over.
 */
export const CANONICAL_SETTINGS = [
  "SET LOCAL TimeZone TO 'UTC'",
  "SET LOCAL DateStyle TO 'ISO, YMD'",
  "SET LOCAL IntervalStyle TO 'postgres'",
  "SET LOCAL extra_float_digits TO 1",
  "SET LOCAL bytea_output TO 'hex'",
].join("; ");

/** A quoted identifier. */
export const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
