import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rawSql";

/**
 * Reserves `count` sequence numbers of a stream in one statement and returns the last of them (the
 * block is last − count + 1 … last). The row lock lasts only this autocommit statement. Raw SQL: it runs
 * once per group and tick under load, and drizzle's insert builder cost more than the statement's own
 * round trip there.
 */
export async function reserveSeq(db: Db, stream: string, count: number): Promise<number> {
  const [row] = await rowsOf<{ seq: string | number }>(
    db,
    sql`INSERT INTO event_streams (stream, seq) VALUES (${stream}, ${count})
        ON CONFLICT (stream) DO UPDATE SET seq = event_streams.seq + ${count}
        RETURNING seq`,
  );
  return Number(row!.seq);
}
