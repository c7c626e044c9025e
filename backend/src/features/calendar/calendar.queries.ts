import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rawSql";

/** A case as a calendar shows it (calendar.presenter.ts). */
export interface CalendarCaseRow {
  id: number;
  title: string;
  start_ms: number;
  end_ms: number;
  note: string;
  status: "tentative" | "confirmed" | "cancelled";
  hold_until_ms: number | null;
  holder_name: string | null;
  created_ms: number;
  version: number;
}

const CASE_COLUMNS = sql.raw(`w.id, w.title, w.note, w.status, w.version,
  floor(extract(epoch from w.start_date) * 1000)::float8 AS start_ms,
  floor(extract(epoch from w.end_date) * 1000)::float8 AS end_ms,
  floor(extract(epoch from w.hold_until) * 1000)::float8 AS hold_until_ms,
  floor(extract(epoch from w.created_at) * 1000)::float8 AS created_ms,
  CASE WHEN u.id IS NULL THEN NULL ELSE trim(u.last_name || ' ' || u.first_name) END AS holder_name`);

/** The group's cases that hold or will hold stock and end after `since`, by start (the feed). */
export function feedCases(db: Db, groupId: number, since: Date): Promise<CalendarCaseRow[]> {
  return rowsOf<CalendarCaseRow>(
    db,
    sql`SELECT ${CASE_COLUMNS} FROM work_cases w LEFT JOIN users u ON u.id = w.held_by AND u.group_id = w.group_id
        WHERE w.group_id = ${groupId} AND w.status <> 'cancelled' AND w.end_date >= ${since.toISOString()}::timestamptz
        ORDER BY w.start_date, w.id`,
  );
}

/** One case of the group, whatever its status (the per-case download); undefined when not in the group. */
export async function oneCase(db: Db, groupId: number, caseId: number): Promise<CalendarCaseRow | undefined> {
  const [row] = await rowsOf<CalendarCaseRow>(
    db,
    sql`SELECT ${CASE_COLUMNS} FROM work_cases w LEFT JOIN users u ON u.id = w.held_by AND u.group_id = w.group_id
        WHERE w.group_id = ${groupId} AND w.id = ${caseId}`,
  );
  return row;
}

/** The feed a secret opens: its member must still be an active member (a revoked secret has no row). */
export async function feedByHash(
  db: Db,
  tokenHash: string,
): Promise<{ group_id: number; group_name: string } | undefined> {
  const [row] = await rowsOf<{ group_id: number; group_name: string }>(
    db,
    sql`SELECT f.group_id, g.name AS group_name FROM calendar_feeds f
        JOIN users u ON u.id = f.user_id AND u.group_id = f.group_id AND u.is_member
        JOIN groups g ON g.id = f.group_id
        WHERE f.token_hash = ${tokenHash}`,
  );
  return row;
}

/** When the member's feed was made, or undefined when they have none. */
export async function feedOf(db: Db, userId: number): Promise<Date | undefined> {
  const [row] = await rowsOf<{ created_at: Date | string }>(
    db,
    sql`SELECT created_at FROM calendar_feeds WHERE user_id = ${userId}`,
  );
  return row ? new Date(row.created_at) : undefined;
}

/** Makes or replaces the member's feed secret (the old one stops working in the same statement). */
export async function replaceFeed(db: Db, userId: number, groupId: number, tokenHash: string): Promise<Date> {
  const [row] = await rowsOf<{ created_at: Date | string }>(
    db,
    sql`INSERT INTO calendar_feeds (user_id, group_id, token_hash) VALUES (${userId}, ${groupId}, ${tokenHash})
        ON CONFLICT (user_id) DO UPDATE SET token_hash = excluded.token_hash, group_id = excluded.group_id,
          created_at = now()
        RETURNING created_at`,
  );
  return new Date(row!.created_at);
}

/** Revokes the member's feed. */
export async function deleteFeed(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM calendar_feeds WHERE user_id = ${userId}`);
}
