import { shippableQuantity } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type {
  AllocationResultDto,
  OrderItemDto,
  OrderItemPatch,
  SummaryRowDto,
} from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import {
  addedUnitShortage,
  addUnitLocked,
  findCase,
  itemRows,
  lockAllocation,
  shortageRefusal,
  shortagesOf,
  spanOf,
} from "../../allocation";
import type { Database, Tx } from "../../db/client";
import { presentHistory, publishHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import type { WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { type CasePeriod, summaryOfCase } from "../inventory";
import { movementsOf } from "./movements.queries";
import {
  clearMovements,
  publishEarlyReturn,
  publishOutageChange,
  recordMovement,
  retally,
} from "./movements.service";
import { recordMovementHistory, recordOrderItemHistory } from "./orderitems.history";
import { lockOrderItemChain } from "./orderitems.locks";
import { presentOrderItem } from "./orderitems.presenter";
import { publishOrderItem } from "./orderitems.publish";
import {
  deleteOrderItem,
  findOrderItemOf,
  orderItemRows,
  setNeedOf,
  setQuantity,
  updateOrderItem,
} from "./orderitems.queries";

const notFound = () => httpError(404, ja.errors.notFound);
const retrying = { retries: ALLOCATION_RETRIES };

/** GET /api/orderitems/?work_case={caseId}: the case's order items; 404 when the case is not in the group. */
export async function listOrderItems(
  deps: { database: Database },
  actor: AuthUser,
  caseId: number,
): Promise<OrderItemDto[]> {
  const db = deps.database.db;
  if (!(await findCase(db, actor.groupId, caseId))) throw notFound();
  return (await orderItemRows(db, actor.groupId, { caseId })).map(presentOrderItem);
}

/**
 * A part of a set booked on the case keeps at least what the case's sets need of it (docs/sets.md): less is a
 * 409 that says to reduce the set. Called under the item's lock.
 */
async function assertSetNeedCovered(
  tx: Tx,
  groupId: number,
  caseId: number,
  title: string,
  itemId: number,
  quantity: number,
): Promise<void> {
  const need = await setNeedOf(tx, groupId, caseId, itemId);
  if (quantity < need) throw new HttpError(409, { error: ja.sets.belowSetNeed(title, need) });
}

function publishStockChanged(
  events: EventBuffer,
  groupId: number,
  itemIds: number[],
  periods: { start: Date; end: Date }[],
) {
  if (itemIds.length === 0 || periods.length === 0) return;
  events.add(groupId, rooms.group(groupId), "stock.changed", { item_ids: itemIds, ...spanOf(periods) });
}

async function summaryRow(tx: Tx, groupId: number, kase: CasePeriod, itemId: number): Promise<SummaryRowDto> {
  const [row] = await summaryOfCase(tx, groupId, kase, [itemId]);
  return row!;
}

/**
 * POST /api/additem/{itemId}/{caseId}/: one more unit, over the case's order item's period for the item or
 * (creating the order item) the case's period. The case (share) and the item row are locked, the unit is
 * written with its history entry and the bookings around it are read in one statement
 * (allocation/addUnit.queries.ts); peak usage over that window, the new unit included, above stock
 * (allocation/allocation.ts#addedUnitShortage) is a 409 + shortages and the throw rolls back the unit and its
 * entry. The summary row of the answer is computed from the bookings already read.
 */
export function addItem(
  deps: WriteDeps,
  actor: AuthUser,
  itemId: number,
  caseId: number,
): Promise<AllocationResultDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const result = await addUnitLocked(tx, groupId, caseId, itemId, actor.id);
      if (!result) throw notFound();
      if (result === "cancelled") throw new HttpError(409, { error: ja.lifecycle.cancelledCase });
      // The bookings hold the units out of service too (lost, broken: docs/lifecycle.md).
      const { item, unit, bookings, hires } = result;
      const window = { start: unit.startDate.getTime(), end: unit.endDate.getTime() };
      const shortage = addedUnitShortage(itemId, result);
      if (shortage) {
        throw await shortageRefusal(
          tx,
          groupId,
          ja.allocation.shortage,
          [shortage],
          [{ itemId, start: unit.startDate, end: unit.endDate }],
          caseId,
        );
      }
      let order_item: OrderItemDto;
      if (unit.issue === null) {
        // Nothing issued (issue is set from the first issue on), so nothing received and no unit out either.
        order_item = presentOrderItem({
          ...unit,
          itemId,
          itemTitle: item.title,
          categoryName: item.categoryName,
          unitTracked: item.unitTracked,
          workCaseId: caseId,
          issuedQuantity: 0,
          receivedQuantity: 0,
          unitsOut: [],
        });
        events.add(groupId, rooms.group(groupId), "orderitems.upserted", { order_item });
      } else {
        // One more unit than came back: the 入庫 time of an order item back entirely goes.
        if (result.added) await retally(tx, groupId, unit.id, unit.orderQuantity);
        order_item = await publishOrderItem(tx, events, groupId, unit.id);
      }
      publishStockChanged(events, groupId, [itemId], [{ start: unit.startDate, end: unit.endDate }]);
      // The function recorded the unit in the history with it (docs/history.md): announce its entry.
      if (result.history) publishHistory(events, groupId, [presentHistory(result.history)]);
      const summary: SummaryRowDto = {
        id: itemId,
        name: item.title,
        category: item.categoryName,
        category_id: item.categoryId,
        stock_quantity: item.stockQuantity,
        shippable_quantity: shippableQuantity(
          item.stockQuantity,
          bookings,
          window,
          0,
          result.turnaround,
          hires,
        ),
      };
      return { order_item, summary };
    },
    retrying,
  );
}

/** POST /api/reduceitem/{itemId}/{caseId}/: one unit less; at 0 the order item is deleted; none is a 409. */
export function reduceItem(
  deps: WriteDeps,
  actor: AuthUser,
  itemId: number,
  caseId: number,
): Promise<AllocationResultDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      // The case, the item and its order item of the case, in the one lock order; then their rows.
      const unlocked = await findOrderItemOf(tx, groupId, caseId, itemId);
      await lockAllocation(tx, groupId, {
        caseId,
        caseMode: "share",
        itemIds: [itemId],
        orderItemIds: unlocked ? [unlocked.id] : [],
      });
      const kase = await findCase(tx, groupId, caseId);
      if (!kase) throw notFound();
      const [item] = await itemRows(tx, groupId, [itemId]);
      if (!item) throw notFound();
      const existing = unlocked && (await findOrderItemOf(tx, groupId, caseId, itemId));
      if (!existing) throw new HttpError(409, { error: ja.allocation.nothingToReduce });
      // Never fewer booked than issued (docs/lifecycle.md): the units out stay booked until taken back.
      if (existing.orderQuantity - 1 < existing.issuedQuantity) {
        throw new HttpError(409, { error: ja.movements.belowIssued(existing.issuedQuantity) });
      }
      await assertSetNeedCovered(tx, groupId, caseId, item.title, itemId, existing.orderQuantity - 1);
      const window = { start: existing.startDate, end: existing.endDate };
      let order_item: OrderItemDto | null = null;
      if (existing.orderQuantity <= 1) {
        await deleteOrderItem(tx, existing.id);
        events.add(groupId, rooms.group(groupId), "orderitems.deleted", {
          id: existing.id,
          work_case: caseId,
        });
      } else {
        await setQuantity(tx, existing.id, existing.orderQuantity - 1);
        if (existing.issuedQuantity > 0) await retally(tx, groupId, existing.id, existing.orderQuantity - 1);
        order_item = await publishOrderItem(tx, events, groupId, existing.id);
      }
      publishStockChanged(events, groupId, [itemId], [window]);
      await recordOrderItemHistory(tx, events, actor, { kase, item }, [
        {
          action: "orderitem.reduce",
          quantity: 1,
          before: { order_quantity: existing.orderQuantity },
          after: { order_quantity: existing.orderQuantity - 1 },
        },
      ]);
      return { order_item, summary: await summaryRow(tx, groupId, kase, itemId) };
    },
    retrying,
  );
}

/**
 * PATCH /api/orderitems/{id}/: issue, receive, or the edit form (period, quantity, note). An edit is
 * checked like an allocation: the item's other order items over the new window plus the new quantity, and
 * never below the units issued.
 */
export function patchOrderItem(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  patch: OrderItemPatch,
): Promise<OrderItemDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      // Case and item are locked before the order item, in the order every allocation write uses.
      const locked = await lockOrderItemChain(tx, groupId, id);
      const { kase, item, current } = locked;

      // The spec's toggles are the shortcut for "all of it": set moves what is left, clear undoes every
      // movement of that kind (docs/lifecycle.md).
      if (patch.kind === "issue" || patch.kind === "receive") {
        const time = patch.kind === "issue" ? patch.issue : patch.receive;
        if (time === null) {
          const cleared = patch.kind === "receive" ? await movementsOf(tx, groupId, id) : [];
          await clearMovements(tx, events, actor, locked, patch.kind);
          // Lost or broken units cleared with the receives free their stock again.
          if (patch.kind === "receive" && current.receivedQuantity > 0) {
            publishOutageChange(events, groupId, item.id, current.startDate, cleared);
          }
        } else if (await recordMovement(tx, events, actor, locked, patch.kind, "rest", time)) {
          if (patch.kind === "receive") publishEarlyReturn(events, groupId, locked, time);
        }
        const after = await publishOrderItem(tx, events, groupId, id);
        await recordMovementHistory(tx, events, actor, locked, after);
        return after;
      } else {
        if (patch.order_quantity < current.issuedQuantity) {
          throw new HttpError(409, { error: ja.movements.belowIssued(current.issuedQuantity) });
        }
        await assertSetNeedCovered(
          tx,
          groupId,
          current.workCaseId,
          item.title,
          item.id,
          patch.order_quantity,
        );
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
        await updateOrderItem(tx, id, {
          startDate: patch.start_date,
          endDate: patch.end_date,
          orderQuantity: patch.order_quantity,
          note: patch.note,
        });
        if (current.issuedQuantity > 0) await retally(tx, groupId, id, patch.order_quantity);
        await recordOrderItemHistory(tx, events, actor, locked, [
          {
            action: "orderitem.edit",
            before: {
              order_quantity: current.orderQuantity,
              start_date: current.startDate.toISOString(),
              end_date: current.endDate.toISOString(),
              note: current.note,
            },
            after: {
              order_quantity: patch.order_quantity,
              start_date: patch.start_date.toISOString(),
              end_date: patch.end_date.toISOString(),
              note: patch.note ?? current.note,
            },
          },
        ]);
        publishStockChanged(
          events,
          groupId,
          [item.id],
          [
            { start: current.startDate, end: current.endDate },
            { start: patch.start_date, end: patch.end_date },
          ],
        );
      }
      return publishOrderItem(tx, events, groupId, id);
    },
    retrying,
  );
}
