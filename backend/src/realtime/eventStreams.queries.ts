import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { eventStreams } from "../db/schema";

/**
 * Reserves `count` sequence numbers of a stream in one statement and returns the last of them (the
 * block is last − count + 1 … last). The row lock lasts only this autocommit statement.
 */
export async function reserveSeq(db: Db, stream: string, count: number): Promise<number> {
  const [row] = await db
    .insert(eventStreams)
    .values({ stream, seq: count })
    .onConflictDoUpdate({ target: eventStreams.stream, set: { seq: sql`${eventStreams.seq} + ${count}` } })
    .returning({ seq: eventStreams.seq });
  return Number(row!.seq);
}
