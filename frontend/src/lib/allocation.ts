import type { Shortage as ShortageDto } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type { TentativeHoldDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { ServerEventName } from "@zaiko/common/realtime/events";
import { displayDateTime } from "./dateTime";
import { currentSocket, onSocketConnect } from "./socket";

/** One item a refused write would overbook (409 body `shortages`). */
export type { Shortage as ShortageDto } from "@zaiko/common/availability/index";

/**
 * The work case and allocation shapes (API.md "Objects"), from common/, gathered here for the two
 * features that use them (work case list, case detail); features never import each other.
 */
export type {
  AllocationResultDto,
  OrderItemDto,
  SummaryRowDto,
  TentativeHoldDto,
} from "@zaiko/common/orderitems/orderitems.schema";
export type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";

/** Group events after which a case's lists are refetched (names or categories changed). */
export const CATALOGUE_EVENTS: ServerEventName[] = [
  "items.upserted",
  "items.deleted",
  "items.imported",
  "categories.upserted",
  "categories.deleted",
];

const watched = new Map<number, { count: number; acknowledged: boolean }>();

/**
 * Joins the case room (`case.watch`) now and after every reconnect, so `inventory.changed` for this
 * case arrives; the returned function leaves it (`case.unwatch`). Several watchers of one case share
 * the room: it is left when the last one stops.
 */
export function watchCase(caseId: number): () => void {
  const entry = watched.get(caseId) ?? { count: 0, acknowledged: false };
  entry.count += 1;
  watched.set(caseId, entry);
  const join = () => {
    const socket = currentSocket();
    if (!socket) return;
    const current = watched.get(caseId);
    if (current) current.acknowledged = false; // a new connection is in no room yet
    socket.emit("case.watch", caseId, (result) => {
      const latest = watched.get(caseId);
      if (latest) latest.acknowledged = Boolean(result?.ok);
    });
  };
  if (entry.count === 1 && currentSocket()?.connected) join();
  // Every watcher rejoins after a reconnect (joining twice is harmless), so the room survives
  // whichever watcher leaves first.
  const offConnect = onSocketConnect(join);
  return () => {
    offConnect();
    const current = watched.get(caseId);
    if (!current) return;
    current.count -= 1;
    if (current.count > 0) return;
    watched.delete(caseId);
    const socket = currentSocket();
    if (socket?.connected) socket.emit("case.unwatch", caseId);
  };
}

/** True once the server confirmed that this client is in the case room. */
export function isCaseWatched(caseId: number): boolean {
  return watched.get(caseId)?.acknowledged ?? false;
}

/** The shortages of a 409 answer, if it carries any. */
export function shortagesOf(error: unknown): ShortageDto[] {
  if (!error || typeof error !== "object" || !("data" in error)) return [];
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== "object") return [];
  const list = (data as { shortages?: unknown }).shortages;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is ShortageDto =>
      s !== null && typeof s === "object" && typeof (s as ShortageDto).title === "string",
  );
}

/** The tentative holds (仮押さえ) a 409 answer lists among the blockers, if any (docs/lifecycle.md). */
export function tentativeHoldsOf(error: unknown): TentativeHoldDto[] {
  if (!error || typeof error !== "object" || !("data" in error)) return [];
  const data = (error as { data: unknown }).data;
  if (!data || typeof data !== "object") return [];
  const list = (data as { tentative_holds?: unknown }).tentative_holds;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (h): h is TentativeHoldDto =>
      h !== null && typeof h === "object" && typeof (h as TentativeHoldDto).case_title === "string",
  );
}

/** One tentative hold as a line: case, item, quantity, deadline and holder. */
export function holdLine(h: TentativeHoldDto): string {
  return ja.lifecycle.holdLine(
    h.case_title,
    h.item_title,
    h.quantity,
    displayDateTime(h.hold_until),
    h.held_by_name ?? ja.lifecycle.unknownHolder,
  );
}

/**
 * The shortages of a 409 answer as lines to show, one per item, then the tentative holds in the way (empty
 * when it carries none).
 */
export function shortageLinesOf(error: unknown): string[] {
  return [
    ...shortagesOf(error).map((s) => ja.workcases.shortageLine(s.title, s.required, s.available)),
    ...tentativeHoldsOf(error).map(holdLine),
  ];
}

/** The HTTP status of an RTK Query error, if any. */
export function statusOf(error: unknown): number | string | null {
  if (error && typeof error === "object" && "status" in error) {
    return (error as { status: number | string }).status;
  }
  return null;
}
