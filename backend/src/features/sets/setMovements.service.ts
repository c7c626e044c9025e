import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { lockAllocation } from "../../allocation";
import { HttpError, httpError } from "../../lib/httpError";
import type { WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { type MovementKind, recordMovementsLocked } from "../orderitems";
import { itemsOfUnits, lineRows, orderItemsOfParts, partsOfLines } from "./sets.queries";

const notFound = () => httpError(404, ja.errors.notFound);

/** Refusals about the case, not a part: passed on as they are. */
const caseRefusals: readonly string[] = [ja.lifecycle.tentativeNotIssuable, ja.lifecycle.cancelledCase];

/** A part's refusal with the part named: 「スピーカー：出庫できるのは残りの1個までです」. */
function namedRefusal(title: string, error: HttpError): HttpError {
  if (caseRefusals.includes(error.message)) return error;
  const body = { ...error.body };
  for (const key of ["error", "detail"] as const)
    if (typeof body[key] === "string") body[key] = ja.sets.partRefused(title, body[key]);
  return new HttpError(error.status, body);
}

/**
 * POST /api/setlines/{id}/issue/ and …/receive/ (the warehouse board, docs/sets.md): every part of the line
 * moves its units for the line's sets (sets × units per set) on its order item, in one transaction, through
 * the one-movement rules (never more issued than booked, never more received than issued, only a confirmed
 * case ships). Any refusal moves nothing and names the part. A receive returns everything in good order; a
 * lost or broken part is reported on its own row, as for any item. The parts' movements are their order
 * items' movements: the board, the case screens and the history see ordinary ones.
 *
 * `units` (個体管理, docs/units.md): the units of the tracked parts, all in one list; each part takes those of
 * its item, under that part's binding rules (as many as it moves, in the warehouse on an issue). A tracked
 * part left without units is refused as a line's issue is (units required); a unit of no part is a 409.
 */
export function moveSetLine(
  deps: WriteDeps,
  actor: AuthUser,
  lineId: number,
  kind: MovementKind,
  units?: number[],
): Promise<{ order_items: OrderItemDto[] }> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const [first] = await lineRows(tx, groupId, { ids: [lineId] });
      if (!first) throw notFound();
      const parts = await partsOfLines(tx, groupId, [lineId]);
      const itemIds = parts.map((p) => p.itemId).sort((a, b) => a - b);
      const orderItems = await orderItemsOfParts(tx, groupId, first.workCaseId, itemIds);
      // The locks of a movement of each part, all taken at once in the one order (case share, items, order
      // items): a set reduced or a part edited meanwhile waits, or is waited for.
      await lockAllocation(tx, groupId, {
        caseId: first.workCaseId,
        caseMode: "share",
        itemIds,
        orderItemIds: orderItems.map((o) => o.id),
      });
      const [line] = await lineRows(tx, groupId, { ids: [lineId] });
      if (!line) throw notFound();
      const byItem = new Map(
        (await orderItemsOfParts(tx, groupId, line.workCaseId, itemIds)).map((o) => [o.itemId, o.id]),
      );
      const itemOf = await itemsOfUnits(tx, groupId, units ?? []);
      for (const unit of units ?? []) {
        const item = itemOf.get(unit);
        if (item === undefined) throw new HttpError(409, { error: ja.units.unitsInvalid });
        if (!itemIds.includes(item)) throw new HttpError(409, { error: ja.units.notInSet(line.title) });
      }
      const titleOf = new Map<number, string>();
      const moves = parts.map((p) => {
        const id = byItem.get(p.itemId);
        // A line's parts always have their order items (docs/sets.md): a missing one is a broken invariant.
        if (id === undefined) throw notFound();
        titleOf.set(id, p.title);
        const named = (units ?? []).filter((u) => itemOf.get(u) === p.itemId);
        return { id, quantity: line.quantity * p.quantity, units: named.length > 0 ? named : undefined };
      });
      const order_items = await recordMovementsLocked(tx, events, actor, kind, moves, (id, error) =>
        namedRefusal(titleOf.get(id) ?? "", error),
      );
      return { order_items };
    },
    { retries: ALLOCATION_RETRIES },
  );
}
