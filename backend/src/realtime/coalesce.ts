import type { ServerEventName, UnsequencedPayload } from "@zaiko/common/realtime/events";
import type { PendingEvent } from "./eventBuffer";

/** One event ready to be stamped and emitted once to all of its rooms. */
export interface CoalescedEvent {
  groupId: number;
  rooms: string[];
  event: ServerEventName;
  payload: Record<string, unknown>;
}

type StockChange = UnsequencedPayload<"stock.changed">;
type HistoryAdded = UnsequencedPayload<"history.added">;

let uniqueKeys = 0;

/** The entity an event is about: a later event about it makes an earlier one obsolete. */
function entityKey(e: PendingEvent): string {
  const p = e.payload as Record<string, { id?: number } | number | undefined>;
  const family = e.event.slice(0, e.event.indexOf("."));
  if (e.event === "stock.changed") return "stock.changed";
  if (e.event === "history.added") return "history.added";
  const entity = p.category ?? p.item ?? p.workcase ?? p.order_item ?? p.user;
  const id = typeof entity === "object" ? entity?.id : p.id;
  // items.imported and anything without an id is never merged.
  return id === undefined ? `unique:${++uniqueKeys}` : `${family}:${id}`;
}

/** The row version an upsert carries (every row DTO has one), undefined for other events. */
function versionOf(payload: Record<string, unknown>): number | undefined {
  const row = (payload.category ?? payload.item ?? payload.workcase ?? payload.order_item ?? payload.user) as
    | { version?: number }
    | undefined;
  return row?.version;
}

const isDelete = (event: ServerEventName) => event.endsWith(".deleted");

/** Union of the items, the earliest start and the latest end (null is unbounded and wins). */
export function mergeStockChanges(a: StockChange, b: StockChange): StockChange {
  const earlier = (x: string | null, y: string | null) =>
    x === null || y === null ? null : Date.parse(x) <= Date.parse(y) ? x : y;
  const later = (x: string | null, y: string | null) =>
    x === null || y === null ? null : Date.parse(x) >= Date.parse(y) ? x : y;
  return {
    item_ids: [...new Set([...a.item_ids, ...b.item_ids])],
    from: earlier(a.from, b.from),
    to: later(a.to, b.to),
  };
}

/**
 * Folds the committed events of one group within a tick into as few emits as carry the same news:
 * - of several events about one entity (an upsert or delete of the same category, item, case, order item
 *   or member) only the newest is kept, since it states the entity's final state: a delete (ids are never
 *   reused), else the upsert with the highest row version. The queue's order is the order in which this
 *   process learned of the commits, which two connections' answers can reverse, so the last queued upsert
 *   may be the older one (docs/realtime.md). The rooms of the events of that same kind are united (a
 *   member's row goes to the owners and to the member);
 * - every `stock.changed` becomes one, over the union of items and the span of all windows;
 * - every `history.added` becomes one carrying all their entries (each entry is news of its own);
 * - the order of what is kept is the order of its last occurrence, so a delete still follows the
 *   upserts of other entities it came after.
 */
export function coalesce(events: readonly PendingEvent[]): CoalescedEvent[] {
  const byKey = new Map<string, { last: number; event: CoalescedEvent }>();
  events.forEach((e, index) => {
    const key = entityKey(e);
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        last: index,
        event: { groupId: e.groupId, rooms: [e.room], event: e.event, payload: { ...e.payload } },
      });
      return;
    }
    seen.last = index;
    if (e.event === "stock.changed") {
      seen.event.payload = mergeStockChanges(seen.event.payload as StockChange, e.payload as StockChange);
      if (!seen.event.rooms.includes(e.room)) seen.event.rooms.push(e.room);
    } else if (e.event === "history.added") {
      // New entries, none obsolete: the tick's are sent together, in the order they came.
      const entries = (seen.event.payload as HistoryAdded).entries;
      seen.event.payload = { entries: [...entries, ...(e.payload as HistoryAdded).entries] };
    } else if (seen.event.event === e.event) {
      const kept = versionOf(seen.event.payload);
      const incoming = versionOf(e.payload as Record<string, unknown>);
      if (kept === undefined || incoming === undefined || incoming >= kept)
        seen.event.payload = { ...e.payload };
      if (!seen.event.rooms.includes(e.room)) seen.event.rooms.push(e.room);
    } else if (!isDelete(seen.event.event)) {
      seen.event = { groupId: e.groupId, rooms: [e.room], event: e.event, payload: { ...e.payload } };
    }
    // (An upsert queued after the entity's delete was committed before it: the delete stays.)
  });
  return [...byKey.values()].sort((a, b) => a.last - b.last).map((v) => v.event);
}
