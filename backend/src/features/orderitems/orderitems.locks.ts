import { ja } from "@zaiko/common/messages/ja";
import { findCase, itemRows, lockAllocation } from "../../allocation";
import type { Tx } from "../../db/client";
import { httpError } from "../../lib/httpError";
import { findOrderItem } from "./orderitems.queries";

/**
 * Locks what a write of one order item changes, in the one order of every allocation write (the case share,
 * the item, the order item: lock_allocation), then reads the rows as the last holder of each lock left them.
 * Another group's id, or a missing one, is a 404.
 */
export async function lockOrderItemChain(tx: Tx, groupId: number, id: number) {
  const notFound = () => httpError(404, ja.errors.notFound);
  const found = await findOrderItem(tx, groupId, id);
  if (!found) throw notFound();
  await lockAllocation(tx, groupId, {
    caseId: found.workCaseId,
    caseMode: "share",
    itemIds: [found.itemId],
    orderItemIds: [id],
  });
  const kase = await findCase(tx, groupId, found.workCaseId);
  const [item] = await itemRows(tx, groupId, [found.itemId]);
  const current = await findOrderItem(tx, groupId, id);
  if (!kase || !item || !current) throw notFound();
  return { kase, item, current };
}
