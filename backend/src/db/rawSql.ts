import { type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "./client";

/*
 * Raw SQL for the hot and the big reads: drizzle's builder cannot express every statement (a lock inside a
 * lateral join), and its per-field row mapping was most of the server's time on thousands of rows
 * of a big read. Instants travel as integers, which both drivers return alike.
 */

/** Both drivers answer raw SQL with `{rows}` of plain objects; the shared Db type does not say so. */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * An instant as whole epoch milliseconds, truncated like the JS Date the drivers would have built (numeric
 * arithmetic: exact for any year and for microseconds, where float8 seconds × 1000 can be off by one).
 * A numeric: cast it (`::float8`) where the driver should return a number.
 */
export const epochMs = (instant: SQL) => sql`floor(extract(epoch from ${instant}) * 1000)`;

/**
 * Whole microseconds from `origin` to `instant`, in float8 arithmetic, which is cheaper than numeric (a
 * quarter of the weekly query's time, and half of the summary's aggregation, went to numeric epochs).
 * Exact while the span is under about 68 years; longer spans need `epochMs`.
 */
export const microsSince = (instant: SQL, origin: SQL) =>
  sql`round(date_part('epoch', ${instant} - ${origin}) * 1000000)::int8`;
