import { peakUsage, shippableQuantity } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type {
  AllocationResultDto,
  OrderItemDto,
  OrderItemPatch,
  SummaryRowDto,
} from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import {
  addUnitLocked,
  findCase,
  lockCase,
  lockItemsForAllocation,
  shortageRefusal,
  shortagesOf,
  spanOf,
} from "../../allocation";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { HttpError, httpError } from "../../lib/httpError";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { Outbox } from "../../realtime/outbox";
import { type CasePeriod, summaryOfCase } from "../inventory";
import { presentOrderItem } from "./orderitems.presenter";
import {
  deleteOrderItem,
  findOrderItem,
  lockOrderItem,
  lockOrderItemOf,
  orderItemRow,
  orderItemRows,
  setQuantity,
  updateOrderItem,
} from "./orderitems.queries";

const notFound = () => httpError(404, ja.errors.notFound);
const retrying = { retries: ALLOCATION_RETRIES };

/** GET /api/orderitems/?work_case={caseId}: the case's order items; 404 when the case is not in the group. */
export async function listOrderItems(
  deps: AppDeps,
  actor: AuthUser,
  caseId: number,
): Promise<OrderItemDto[]> {
  const db = deps.database.db;
  if (!(await findCase(db, actor.groupId, caseId))) throw notFound();
  return (await orderItemRows(db, actor.groupId, { caseId })).map(presentOrderItem);
}

/** The order item as presented, its upsert event, and the usage change of its item. */
async function publishUpsert(tx: Tx, outbox: Outbox, groupId: number, id: number): Promise<OrderItemDto> {
  const dto = presentOrderItem((await orderItemRow(tx, groupId, id))!);
  outbox.add(groupId, rooms.group(groupId), "orderitems.upserted", { order_item: dto });
  return dto;
}

function publishStockChanged(
  outbox: Outbox,
  groupId: number,
  itemIds: number[],
  periods: { start: Date; end: Date }[],
) {
  if (itemIds.length === 0 || periods.length === 0) return;
  outbox.add(groupId, rooms.group(groupId), "stock.changed", { item_ids: itemIds, ...spanOf(periods) });
}

async function summaryRow(tx: Tx, groupId: number, kase: CasePeriod, itemId: number): Promise<SummaryRowDto> {
  const [row] = await summaryOfCase(tx, groupId, kase, [itemId]);
  return row!;
}

/**
 * POST /api/additem/{itemId}/{caseId}/: one more unit, over the case's order item's period for the item or
 * (creating the order item) the case's period. The case (share) and the item row are locked, the unit is
 * written and the bookings around it are read in one statement (allocation/addUnit.queries.ts); peak usage over that
 * window, the new unit included, above stock is a 409 + shortages and the throw rolls the unit back. The
 * summary row of the answer is computed from the bookings already read.
 */
export function addItem(
  deps: AppDeps,
  actor: AuthUser,
  itemId: number,
  caseId: number,
): Promise<AllocationResultDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, outbox) => {
      const result = await addUnitLocked(tx, groupId, caseId, itemId, deps.allocationHooks);
      if (!result) throw notFound();
      if (result === "cancelled") throw new HttpError(409, { error: ja.lifecycle.cancelledCase });
      const { item, unit, bookings } = result;
      const window = { start: unit.startDate.getTime(), end: unit.endDate.getTime() };
      // Not added only at the quantity column's bound, which no stock exceeds: the check below refuses it.
      const required = peakUsage(bookings, window) + (result.added ? 0 : 1);
      if (required > item.stockQuantity) {
        throw await shortageRefusal(
          tx,
          groupId,
          ja.allocation.shortage,
          [{ item_id: itemId, title: item.title, required, available: item.stockQuantity }],
          [{ itemId, start: unit.startDate, end: unit.endDate }],
          caseId,
        );
      }
      await deps.allocationHooks?.afterCheck?.(tx);
      const order_item = presentOrderItem({
        ...unit,
        itemId,
        itemTitle: item.title,
        categoryName: item.categoryName,
        workCaseId: caseId,
      });
      outbox.add(groupId, rooms.group(groupId), "orderitems.upserted", { order_item });
      publishStockChanged(outbox, groupId, [itemId], [{ start: unit.startDate, end: unit.endDate }]);
      const summary: SummaryRowDto = {
        id: itemId,
        name: item.title,
        category: item.categoryName,
        category_id: item.categoryId,
        stock_quantity: item.stockQuantity,
        shippable_quantity: shippableQuantity(item.stockQuantity, bookings, window),
      };
      return { order_item, summary };
    },
    retrying,
  );
}

/** POST /api/reduceitem/{itemId}/{caseId}/: one unit less; at 0 the order item is deleted; none is a 409. */
export function reduceItem(
  deps: AppDeps,
  actor: AuthUser,
  itemId: number,
  caseId: number,
): Promise<AllocationResultDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, outbox) => {
      const kase = await lockCase(tx, groupId, caseId, "share");
      if (!kase) throw notFound();
      if (!(await lockItemsForAllocation(tx, groupId, [itemId])).has(itemId)) throw notFound();
      const existing = await lockOrderItemOf(tx, caseId, itemId);
      if (!existing) throw new HttpError(409, { error: ja.allocation.nothingToReduce });
      const window = { start: existing.startDate, end: existing.endDate };
      let order_item: OrderItemDto | null = null;
      if (existing.orderQuantity <= 1) {
        await deleteOrderItem(tx, existing.id);
        outbox.add(groupId, rooms.group(groupId), "orderitems.deleted", {
          id: existing.id,
          work_case: caseId,
        });
      } else {
        await setQuantity(tx, existing.id, existing.orderQuantity - 1);
        order_item = await publishUpsert(tx, outbox, groupId, existing.id);
      }
      publishStockChanged(outbox, groupId, [itemId], [window]);
      return { order_item, summary: await summaryRow(tx, groupId, kase, itemId) };
    },
    retrying,
  );
}

/**
 * PATCH /api/orderitems/{id}/: issue, receive, or the edit form (period, quantity, note). An edit is
 * checked like an allocation: the item's other order items over the new window plus the new quantity.
 */
export function patchOrderItem(
  deps: AppDeps,
  actor: AuthUser,
  id: number,
  patch: OrderItemPatch,
): Promise<OrderItemDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, outbox) => {
      // Case and item are locked before the order item, in the order every allocation write uses.
      const found = await findOrderItem(tx, groupId, id);
      if (!found) throw notFound();
      const kase = await lockCase(tx, groupId, found.workCaseId, "share");
      if (!kase) throw notFound();
      const item = (await lockItemsForAllocation(tx, groupId, [found.itemId], deps.allocationHooks)).get(
        found.itemId,
      );
      const current = item && (await lockOrderItem(tx, groupId, id));
      if (!item || !current) throw notFound();

      if (patch.kind === "issue") {
        // Only a confirmed case ships (docs/lifecycle.md); clearing an issue is always allowed.
        if (patch.issue !== null && kase.status !== "confirmed") {
          const error =
            kase.status === "tentative" ? ja.lifecycle.tentativeNotIssuable : ja.lifecycle.cancelledCase;
          throw new HttpError(409, { error });
        }
        if (patch.issue === null && current.receive !== null) {
          throw new HttpError(409, { error: ja.allocation.receivedBeforeUnissue });
        }
        await updateOrderItem(tx, id, { issue: patch.issue });
      } else if (patch.kind === "receive") {
        if (patch.receive !== null && current.issue === null) {
          throw new HttpError(409, { error: ja.allocation.notIssued });
        }
        await updateOrderItem(tx, id, { receive: patch.receive });
      } else {
        const proposal = {
          item,
          start: patch.start_date,
          end: patch.end_date,
          quantity: patch.order_quantity,
        };
        // A cancelled case holds no stock, so its order items change without a check (a reopen checks them).
        const shortages =
          kase.status === "cancelled" ? [] : await shortagesOf(tx, groupId, [proposal], current.workCaseId);
        if (shortages.length > 0) {
          throw await shortageRefusal(
            tx,
            groupId,
            ja.allocation.shortage,
            shortages,
            [{ itemId: item.id, start: patch.start_date, end: patch.end_date }],
            current.workCaseId,
          );
        }
        await deps.allocationHooks?.afterCheck?.(tx);
        await updateOrderItem(tx, id, {
          startDate: patch.start_date,
          endDate: patch.end_date,
          orderQuantity: patch.order_quantity,
          note: patch.note,
        });
        publishStockChanged(
          outbox,
          groupId,
          [item.id],
          [
            { start: current.startDate, end: current.endDate },
            { start: patch.start_date, end: patch.end_date },
          ],
        );
      }
      return publishUpsert(tx, outbox, groupId, id);
    },
    retrying,
  );
}
