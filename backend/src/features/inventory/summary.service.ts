import { shippableQuantity } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type { SummaryRowDto } from "@zaiko/common/orderitems/orderitems.schema";
import { findCase, turnaroundOf } from "../../allocation";
import type { Db, Tx } from "../../db/client";
import { readTogether } from "../../db/readTogether";
import { httpError } from "../../lib/httpError";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { parseBookingList } from "../items";
import { summaryBookingsByItem, summaryHiresByItem, summaryItems } from "./summary.queries";

/** The period fields of a case that the summary needs. */
export interface CasePeriod {
  id: number;
  startDate: Date;
  endDate: Date;
}

/**
 * Summary rows of a case: for each item (all of the group, or these), stock and shippable quantity =
 * max(0, stock − peak usage over the window a new unit would occupy), the units hired in (外部手配) adding to the
 * stock where they are with us. Three queries whatever the item count, run at once (on a transaction's one
 * connection, one after the other).
 */
export async function summaryOfCase(
  db: Db | Tx,
  groupId: number,
  kase: CasePeriod,
  itemIds?: number[],
): Promise<SummaryRowDto[]> {
  if (itemIds?.length === 0) return [];
  const [rows, bookings, hires] = await readTogether(db, [
    () => summaryItems(db, groupId, kase.id, itemIds),
    () => summaryBookingsByItem(db, groupId, kase, itemIds),
    () => summaryHiresByItem(db, groupId, kase, itemIds),
  ]);
  const caseWindow = { start: kase.startDate.getTime(), end: kase.endDate.getTime() };
  return rows.map((row) => {
    const found = bookings.get(row.id);
    const hired = hires.get(row.id) ?? [];
    const window =
      row.ownStart === null || row.ownEnd === null ? caseWindow : { start: row.ownStart, end: row.ownEnd };
    return {
      id: row.id,
      name: row.title,
      category: row.categoryName,
      category_id: row.categoryId,
      stock_quantity: row.stockQuantity,
      // No order item overlaps the window: nothing to sweep (the usual case for most items of a case).
      shippable_quantity:
        found || hired.length > 0
          ? shippableQuantity(
              row.stockQuantity,
              // Written as ms since the read window's start (see summaryBookingsByItem).
              found ? parseBookingList(found.bookings, (ms) => found.origin + ms) : [],
              window,
              0,
              turnaroundOf(row),
              hired,
            )
          : Math.max(0, row.stockQuantity),
    };
  });
}

/** GET /api/inventorysummary/{caseId}/summary/: every item of the group; 404 for another group's case. */
export async function inventorySummary(
  deps: ReadDeps,
  actor: AuthUser,
  caseId: number,
): Promise<SummaryRowDto[]> {
  const db = deps.database.db;
  const kase = await findCase(db, actor.groupId, caseId);
  if (!kase) throw httpError(404, ja.errors.notFound);
  return summaryOfCase(db, actor.groupId, kase);
}
