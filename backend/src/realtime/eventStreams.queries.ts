import type { EventStream } from "@zaiko/common/realtime/events";
import type { StreamPositions } from "@zaiko/common/realtime/positions";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rawSql";
import { streamKey } from "./publisher";

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

/** How far a group's streams have gone (0 for a stream that never had an event). */
export async function readStreamPositions(db: Db, groupId: number): Promise<StreamPositions> {
  const rows = await rowsOf<{ stream: string; seq: string | number }>(
    db,
    sql`SELECT stream, seq FROM event_streams
        WHERE stream IN (${streamKey("group", groupId)}, ${streamKey("members", groupId)})`,
  );
  const seqOf = (stream: EventStream) =>
    Number(rows.find((row) => row.stream === streamKey(stream, groupId))?.seq ?? 0);
  return { group: seqOf("group"), members: seqOf("members") };
}
