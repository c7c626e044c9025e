import { shippableQuantity } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type { SummaryRowDto } from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import type { Db, Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import type { AuthUser } from "../../middlewares/auth";
import { Outbox } from "../../realtime/outbox";
import { findCase } from "../workcases/workcases.queries";
import { casesTouchedBy, summaryItemsWithBookings } from "./summary.queries";
import { parseBookingList } from "./weekly.queries";

/** The period fields of a case that the summary needs. */
export interface CasePeriod {
  id: number;
  startDate: Date;
  endDate: Date;
}

/**
 * Summary rows of a case: for each item (all of the group, or these), stock and shippable quantity =
 * max(0, stock − peak usage over the window a new unit would occupy). One query whatever the item count.
 */
export async function summaryOfCase(
  db: Db | Tx,
  groupId: number,
  kase: CasePeriod,
  itemIds?: number[],
): Promise<SummaryRowDto[]> {
  if (itemIds?.length === 0) return [];
  const rows = await summaryItemsWithBookings(db, groupId, kase, itemIds);
  const caseWindow = { start: kase.startDate.getTime(), end: kase.endDate.getTime() };
  return rows.map((row) => ({
    id: row.id,
    name: row.title,
    category: row.categoryName,
    category_id: row.categoryId,
    stock_quantity: row.stockQuantity,
    // No order item overlaps the window: nothing to sweep (the usual case for most items of a case).
    shippable_quantity: row.bookings
      ? shippableQuantity(
          row.stockQuantity,
          parseBookingList(row.bookings),
          row.ownStart === null || row.ownEnd === null
            ? caseWindow
            : { start: row.ownStart, end: row.ownEnd },
        )
      : Math.max(0, row.stockQuantity),
  }));
}

/** GET /api/inventorysummary/{caseId}/summary/: every item of the group; 404 for another group's case. */
export async function inventorySummary(
  deps: AppDeps,
  actor: AuthUser,
  caseId: number,
): Promise<SummaryRowDto[]> {
  const db = deps.database.db;
  const kase = await findCase(db, actor.groupId, caseId);
  if (!kase) throw httpError(404, ja.errors.notFound);
  return summaryOfCase(db, actor.groupId, kase);
}

/** A committed change of usage or stock: these items, within [from, to] (ISO; null is unbounded). */
export interface UsageChange {
  item_ids: number[];
  from: string | null;
  to: string | null;
}

/**
 * After a commit: sends `inventory.changed` with the recomputed rows of the changed items to every
 * watched case (a `case:<id>` room with sockets in this process) that the change can concern. Nothing is
 * read when no case is watched.
 */
export async function publishInventoryChanged(
  deps: AppDeps,
  groupId: number,
  change: UsageChange,
): Promise<void> {
  const watched = deps.realtime.watchedCaseIds();
  if (watched.length === 0 || change.item_ids.length === 0) return;
  const db = deps.database.db;
  const from = change.from === null ? null : new Date(change.from);
  const to = change.to === null ? null : new Date(change.to);
  const cases = await casesTouchedBy(db, groupId, watched, change.item_ids, from, to);
  if (cases.length === 0) return;
  const outbox = new Outbox();
  for (const kase of cases) {
    const rows = await summaryOfCase(db, groupId, kase, change.item_ids);
    if (rows.length > 0) {
      outbox.add(groupId, rooms.workCase(kase.id), "inventory.changed", { case_id: kase.id, rows });
    }
  }
  deps.realtime.flush(outbox);
}
