/** The statements of 履歴 (lib/history.ts): its one writer's call and the columns every read returns. */
import type { HistoryAction, HistoryValues } from "@zaiko/common/history/history.schema";
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { rowsOf } from "../db/rawSql";

/** A history row as the raw SQL returns it (instants as epoch ms, which both drivers read alike). */
export interface HistoryRow {
  id: number;
  at_ms: number;
  actor_id: number | null;
  actor_name: string;
  action: HistoryAction;
  case_id: number | null;
  case_title: string | null;
  item_id: number | null;
  item_title: string | null;
  member_id: number | null;
  member_name: string | null;
  quantity: number | null;
  before: HistoryValues | null;
  after: HistoryValues | null;
}

/** The columns every read of history returns (HistoryRow). */
export const HISTORY_COLUMNS = sql.raw(
  `id, floor(extract(epoch from at) * 1000)::float8 AS at_ms, actor_id, actor_name, action, case_id, case_title,
   item_id, item_title, member_id, member_name, quantity, before, after`,
);

/**
 * Records the entries (`json`: an array of facts as record_history reads them) through record_history, the
 * one writer of history (db/functions/history.sql), and returns their rows.
 */
export function insertHistory(
  tx: Tx,
  groupId: number,
  actorId: number | null,
  json: string,
): Promise<HistoryRow[]> {
  return rowsOf<HistoryRow>(
    tx,
    sql`SELECT ${HISTORY_COLUMNS} FROM record_history(${groupId}, ${actorId}::integer, ${json}::jsonb)`,
  );
}

/** Records the entries like insertHistory without returning them (a big import: nothing reads them back). */
export async function insertHistoryQuietly(
  tx: Tx,
  groupId: number,
  actorId: number | null,
  json: string,
): Promise<void> {
  await tx.execute(sql`SELECT count(*) FROM record_history(${groupId}, ${actorId}::integer, ${json}::jsonb)`);
}
