import type { CategoryDto, ItemDto } from "../catalogue/catalogue.schema";
import type { HistoryEntryDto } from "../history/history.schema";
import type { UserDto } from "../members/members.schema";
import type { OrderItemDto, SummaryRowDto } from "../orderitems/orderitems.schema";
import type { CaseSetLineDto, ItemSetDto } from "../sets/sets.schema";
import type { SubRentalDto, SupplierDto } from "../subrentals/subrentals.schema";
import type { WorkCaseDto } from "../workcases/workcases.schema";
import type { PresenceMember, PresencePlace } from "./presence";

/** Room names. Every room is inside one group; nothing is ever sent across groups. */
export const rooms = {
  group: (groupId: number) => `group:${groupId}`,
  /** Owners of a group: member details go only here (staff may see only their own row). */
  owners: (groupId: number) => `group:${groupId}:owners`,
  user: (userId: number) => `user:${userId}`,
  workCase: (caseId: number) => `case:${caseId}`,
} as const;

/**
 * Every event carries a sequence number so a client can notice a gap and refetch. The numbers grow per
 * stream: `group` (everything sent to the group room) and `members` (member rows, sent only to owners
 * and to the member themself, so other staff would see gaps in a shared stream). `inventory.changed`
 * is a consequence of a `stock.changed` and carries that event's number: it is not a stream of its own.
 */
export interface Sequenced {
  seq: number;
}

export type EventStream = "group" | "members";

/** How far each stream's numbers had gone at a moment (positions.ts says how clients use it). */
export type StreamPositions = Record<EventStream, number>;

/** Events that carry no number of their own (see Sequenced and each event). */
const UNNUMBERED = new Set<ServerEventName>([
  "inventory.changed",
  "realtime.resync",
  "realtime.positions",
  "realtime.batch",
  "presence.changed",
  "notifications.added",
  "notifications.read",
]);

/** The stream whose numbers an event carries; null for `inventory.changed` (see Sequenced). */
export function streamOf(event: ServerEventName): EventStream | null {
  if (UNNUMBERED.has(event)) return null;
  return event.startsWith("members.") ? "members" : "group";
}

/** Server -> client events and their payloads (API.md, Real-time). */
export interface ServerToClientEvents {
  "members.upserted": (payload: Sequenced & { user: UserDto }) => void;
  "members.deleted": (payload: Sequenced & { id: number }) => void;
  "categories.upserted": (payload: Sequenced & { category: CategoryDto }) => void;
  "categories.deleted": (payload: Sequenced & { id: number }) => void;
  "items.upserted": (payload: Sequenced & { item: ItemDto }) => void;
  "items.deleted": (payload: Sequenced & { id: number }) => void;
  /**
   * A CSV import finished. Sent after every import; when it touched more items than the server sends one
   * by one (IMPORT_ITEM_EVENT_LIMIT), no items.upserted follow and clients refetch the item list.
   */
  "items.imported": (payload: Sequenced & { created: number; updated: number; itemized: boolean }) => void;
  /**
   * Usage or stock of these items changed within [from, to] (ISO timestamps). null means unbounded: a stock
   * change alters availability at every instant.
   */
  "stock.changed": (
    payload: Sequenced & { item_ids: number[]; from: string | null; to: string | null },
  ) => void;
  "workcases.upserted": (payload: Sequenced & { workcase: WorkCaseDto }) => void;
  "workcases.deleted": (payload: Sequenced & { id: number }) => void;
  "orderitems.upserted": (payload: Sequenced & { order_item: OrderItemDto }) => void;
  "orderitems.deleted": (payload: Sequenced & { id: number; work_case: number }) => void;
  /** The set catalogue (docs/sets.md): a set created or edited (its parts, its count of cases), deleted. */
  "sets.upserted": (payload: Sequenced & { set: ItemSetDto }) => void;
  /**
   * 個体管理 (docs/units.md): units of these items were added, edited, retired, moved (issue, receive, lost,
   * found) or tracking was switched. Screens showing them read them again.
   */
  "units.changed": (payload: Sequenced & { item_ids: number[]; unit_ids: number[] }) => void;
  "sets.deleted": (payload: Sequenced & { id: number }) => void;
  /** Sets booked on a case: its line after an addset / reduceset; deleted when its last set went. */
  "setlines.upserted": (payload: Sequenced & { line: CaseSetLineDto }) => void;
  "setlines.deleted": (payload: Sequenced & { id: number; work_case: number }) => void;
  /** 取引先 and 外部手配 (docs/subrental.md): a supplier or a sub-rental created or changed, a supplier deleted. */
  "suppliers.upserted": (payload: Sequenced & { supplier: SupplierDto }) => void;
  "suppliers.deleted": (payload: Sequenced & { id: number }) => void;
  "subrentals.upserted": (payload: Sequenced & { sub_rental: SubRentalDto }) => void;
  /**
   * Hired units lost or broken at a customer (a receive's report, or its undo) were recorded against these
   * sub-rentals or taken back: lists of sub-rentals read them again (docs/subrental.md).
   */
  "subrentals.losses": (payload: Sequenced & { sub_rental_ids: number[]; item_id: number }) => void;
  /**
   * New 履歴 entries of cases and items (docs/history.md), oldest first; the entries of a tick are sent as
   * one event. Entries about members' rights are not sent (only owners read them).
   */
  "history.added": (payload: Sequenced & { entries: HistoryEntryDto[] }) => void;
  /**
   * Sent to the room `case:<id>` only: the recomputed summary rows of the items whose availability for that
   * case changed (after an allocation, a period change, a stock change or an import).
   */
  "inventory.changed": (payload: Sequenced & { case_id: number; rows: SummaryRowDto[] }) => void;
  /**
   * Sent to every socket when an app process stopped without saying goodbye: it may have committed changes
   * it never published, so clients refetch what they show of these streams (docs/realtime.md).
   */
  "realtime.resync": (payload: { streams: EventStream[] }) => void;
  /**
   * Sent to a socket once it has joined its rooms: how far each stream had gone (positions.ts). What the
   * client loaded before that point and is behind it is read again; nothing else is.
   */
  "realtime.positions": (payload: StreamPositions) => void;
  /**
   * Who has this place open now (every member once, however many tabs), sent to the place's viewers when
   * someone arrives or leaves and now and then. Not numbered: each list replaces the last (docs/realtime.md).
   */
  "presence.changed": (payload: { place: PresencePlace; members: PresenceMember[] }) => void;
  /**
   * Sent to the room `user:<id>` only: new notifications of that member (docs/notifications.md). Not numbered:
   * the client reads its list and count again, which is the truth.
   */
  "notifications.added": (payload: { count: number }) => void;
  /** Sent to the room `user:<id>` when the member read one or all: their other screens lower the bell. */
  "notifications.read": (payload: { unread: number }) => void;
  /**
   * Several of the events above in one frame, in order, to a socket that asked for it in its handshake
   * (`auth.batches: true`, as the web client does): a fan-out then costs each socket one frame and one write
   * per batch, as a bare broadcast does (docs/realtime.md). The client handles each as if it came alone.
   */
  "realtime.batch": (payload: { events: BatchedEvent[] }) => void;
}

/** One event inside `realtime.batch`: its name and its payload. */
export type BatchedEvent = [ServerEventName, unknown];

/** The handshake's `auth` field by which a socket asks for `realtime.batch` frames. */
export const BATCHES_AUTH_FIELD = "batches";

/**
 * The answer to `case.watch`. `seq` is the group stream's number read once the socket was in the case room:
 * every `stock.changed` numbered beyond it is recomputed for the room with this socket in it, so its
 * `inventory.changed` comes too; one numbered up to it may have been recomputed before the join, without this
 * socket, although it is delivered after this answer (docs/realtime.md, "Subscribing").
 */
export type CaseWatchAnswer = { ok: true; seq: number } | { ok: false };

/** Client -> server events. */
export interface ClientToServerEvents {
  "case.watch": (caseId: number, ack: (result: CaseWatchAnswer) => void) => void;
  "case.unwatch": (caseId: number) => void;
  /** This socket shows the place; refused ({ ok: false }) for another group's or a missing case. */
  "presence.enter": (place: PresencePlace, ack: (result: { ok: boolean }) => void) => void;
  "presence.leave": (place: PresencePlace) => void;
}

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
/** A payload before the publisher stamps its sequence number. */
export type UnsequencedPayload<E extends ServerEventName> = Omit<ServerEventPayload<E>, "seq">;

/** The message a refused handshake carries (`connect_error`). */
export const UNAUTHORIZED = "unauthorized";
