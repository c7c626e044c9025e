import type { HistoryAction, HistoryEntryDto, HistoryValues } from "@zaiko/common/history/history.schema";
import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../db/client";
import type { EventBuffer } from "../realtime/eventBuffer";
import { type HistoryRow, insertHistory, insertHistoryQuietly } from "./history.queries";
import { iso } from "./iso";

export type { HistoryRow } from "./history.queries";

/**
 * 履歴 (docs/history.md): every change to a case, its order items, an item's stock or a member's rights is
 * recorded by the service that makes it, in its transaction, so a committed change always has its entry and
 * a rolled-back one never does. One writer, the SQL function record_history (db/functions/history.sql),
 * writes every entry: the + calls it inside add_allocation_unit, everything else through recordHistory here.
 */

/** What changed; the names are copied so the entry outlives what it describes. */
export interface HistoryFact {
  action: HistoryAction;
  caseId?: number | null;
  caseTitle?: string | null;
  itemId?: number | null;
  itemTitle?: string | null;
  memberId?: number | null;
  memberName?: string | null;
  quantity?: number | null;
  before?: HistoryValues | null;
  after?: HistoryValues | null;
}

/** Who made the change: a member of the group, or null for the system (the lapse of a hold). */
export interface HistoryActor {
  groupId: number;
  id: number | null;
}

/** The one shape of an entry that leaves the server. */
export const presentHistory = (r: HistoryRow): HistoryEntryDto => ({
  id: Number(r.id),
  at: iso(Number(r.at_ms)),
  actor: r.actor_id,
  actor_name: r.actor_name,
  action: r.action,
  work_case: r.case_id,
  case_title: r.case_title,
  item: r.item_id,
  item_title: r.item_title,
  member: r.member_id,
  member_name: r.member_name,
  quantity: r.quantity,
  before: r.before,
  after: r.after,
});

/** The facts as record_history reads them (db/functions/history.sql). */
const factsJson = (facts: HistoryFact[]) =>
  JSON.stringify(
    facts.map((f) => ({
      action: f.action,
      case_id: f.caseId ?? null,
      case_title: f.caseTitle ?? null,
      item_id: f.itemId ?? null,
      item_title: f.itemTitle ?? null,
      member_id: f.memberId ?? null,
      member_name: f.memberName ?? null,
      quantity: f.quantity ?? null,
      before: f.before ?? null,
      after: f.after ?? null,
    })),
  );

/**
 * Writes the entries of one change through record_history (one statement, any count: an import records each
 * item it changed) and queues `history.added` for the group's screens. Entries about a member's rights are
 * not sent: only owners read them (the CSV).
 */
export async function recordHistory(
  tx: Tx,
  events: EventBuffer,
  actor: HistoryActor,
  facts: HistoryFact[],
): Promise<HistoryEntryDto[]> {
  if (facts.length === 0) return [];
  const rows = await insertHistory(tx, actor.groupId, actor.id, factsJson(facts));
  const entries = rows.map(presentHistory).sort((a, b) => a.id - b.id);
  publishHistory(events, actor.groupId, entries);
  return entries;
}

/**
 * Writes the entries without sending them or reading them back: a big import, whose screens refetch (on
 * PGlite, reading 10,000 entries back cost a third of their writing, with the '+' waiting for it).
 */
export async function recordHistoryQuietly(tx: Tx, actor: HistoryActor, facts: HistoryFact[]): Promise<void> {
  if (facts.length === 0) return;
  await insertHistoryQuietly(tx, actor.groupId, actor.id, factsJson(facts));
}

/** Queues the entries that concern a case or an item for the group's screens (after the commit). */
export function publishHistory(events: EventBuffer, groupId: number, entries: HistoryEntryDto[]): void {
  const shown = entries.filter((e) => e.work_case !== null || e.item !== null);
  if (shown.length > 0) events.add(groupId, rooms.group(groupId), "history.added", { entries: shown });
}
