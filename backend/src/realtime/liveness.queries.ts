import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rawSql";

/** Says that this app process is alive (realtime_processes, docs/realtime.md "No silent loss"). */
export async function sayAlive(db: Db, processId: string): Promise<void> {
  await db.execute(sql`INSERT INTO realtime_processes (id, seen_at) VALUES (${processId}, now())
    ON CONFLICT (id) DO UPDATE SET seen_at = now()`);
}

/**
 * Removes the rows of the processes silent for longer than `staleMs` and returns their ids. Each row is
 * removed by one process only (the DELETE's row lock), so exactly one survivor reacts to each death.
 */
export async function takeSilentProcesses(db: Db, staleMs: number): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`DELETE FROM realtime_processes
        WHERE seen_at < now() - make_interval(secs => ${staleMs / 1000}::float8)
        RETURNING id`,
  );
  return rows.map((r) => r.id);
}

/** Removes this process's row when it stops cleanly: everything it committed has been published. */
export async function sayGoodbye(db: Db, processId: string): Promise<void> {
  await db.execute(sql`DELETE FROM realtime_processes WHERE id = ${processId}`);
}
