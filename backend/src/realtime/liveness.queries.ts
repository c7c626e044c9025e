import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rawSql";

/**
 * Says that this app process is alive (realtime_processes, docs/realtime.md "No silent loss"). True when its
 * row was missing: at the first beat, or when another process took it for dead meanwhile.
 */
export async function sayAlive(db: Db, processId: string): Promise<boolean> {
  const [row] = await rowsOf<{ inserted: boolean }>(
    db,
    sql`INSERT INTO realtime_processes AS p (id, seen_at) VALUES (${processId}, now())
        ON CONFLICT (id) DO UPDATE SET seen_at = now()
        RETURNING (p.xmax = 0) AS inserted`,
  );
  return row?.inserted === true;
}

/** A heartbeat row of another process: `seenAt` exactly as stored (text), `silent` in the database's time. */
export interface PeerBeat {
  id: string;
  seenAt: string;
  silent: boolean;
}

/** The other processes' last beats; `silent` when older than `staleMs` by the database's clock. */
export async function peerBeats(db: Db, processId: string, staleMs: number): Promise<PeerBeat[]> {
  return rowsOf<PeerBeat>(
    db,
    sql`SELECT id, seen_at::text AS "seenAt",
               seen_at < now() - make_interval(secs => ${staleMs / 1000}::float8) AS silent
        FROM realtime_processes WHERE id <> ${processId}`,
  );
}

/**
 * Removes a process's row if it has not beaten since `seenAt`. True for the one process whose DELETE took
 * it (the row lock decides), so exactly one survivor reacts to each death.
 */
export async function takeDeadProcess(db: Db, processId: string, seenAt: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`DELETE FROM realtime_processes WHERE id = ${processId} AND seen_at = ${seenAt}::timestamptz
        RETURNING id`,
  );
  return rows.length > 0;
}

/** Removes this process's row when it stops cleanly: everything it committed has been published. */
export async function sayGoodbye(db: Db, processId: string): Promise<void> {
  await db.execute(sql`DELETE FROM realtime_processes WHERE id = ${processId}`);
}
