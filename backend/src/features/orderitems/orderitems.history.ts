import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { CaseRow, LockedItem } from "../../allocation";
import type { Tx } from "../../db/client";
import { type HistoryFact, recordHistory } from "../../lib/history";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";

/** The locked rows of an order item write, as they were before it (orderitems.locks.ts). */
interface Before {
  kase: Pick<CaseRow, "id" | "title">;
  item: Pick<LockedItem, "id" | "title">;
  current: { issuedQuantity: number; receivedQuantity: number };
}

/** Records one change of an order item of the locked case and item (docs/history.md). */
export function recordOrderItemHistory(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  { kase, item }: Pick<Before, "kase" | "item">,
  facts: Omit<HistoryFact, "caseId" | "caseTitle" | "itemId" | "itemTitle">[],
) {
  return recordHistory(
    tx,
    events,
    { groupId: actor.groupId, id: actor.id },
    facts.map((f) => ({
      ...f,
      caseId: kase.id,
      caseTitle: kase.title,
      itemId: item.id,
      itemTitle: item.title,
    })),
  );
}

/**
 * Records what an issue, a receive, their clearing (the spec's toggles) or an undo moved, read from the
 * issued / received sums before and after: no change of the movement code is needed to know it.
 */
export function recordMovementHistory(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  before: Before,
  after: Pick<OrderItemDto, "issued_quantity" | "received_quantity">,
  undo = false,
  /** The tags of the units the movement named (個体管理, docs/units.md), kept in the entry's `after.units`. */
  tags: string | null = null,
) {
  const facts: Omit<HistoryFact, "caseId" | "caseTitle" | "itemId" | "itemTitle">[] = [];
  const sums = [
    ["issue", before.current.issuedQuantity, after.issued_quantity, "issued_quantity"],
    ["receive", before.current.receivedQuantity, after.received_quantity, "received_quantity"],
  ] as const;
  for (const [kind, was, now, key] of sums) {
    if (now === was) continue;
    const values = { before: { [key]: was }, after: tags ? { [key]: now, units: tags } : { [key]: now } };
    if (now > was) facts.push({ action: `orderitem.${kind}`, quantity: now - was, ...values });
    else if (undo)
      facts.push({
        action: "orderitem.movement_undone",
        quantity: was - now,
        before: { kind, [key]: was },
        after: { kind, [key]: now },
      });
    else facts.push({ action: `orderitem.${kind}_cleared`, quantity: was - now, ...values });
  }
  return recordOrderItemHistory(tx, events, actor, before, facts);
}
