import { ja } from "@zaiko/common/messages/ja";
import { findCase, lockCase, lockItemsForAllocation } from "../../allocation";
import type { Tx } from "../../db/client";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { findOrderItem, lockOrderItem } from "./orderitems.queries";

/**
 * Locks what a write of one order item changes, in the order every allocation write uses: the case
 * (share), the item, then the order item. Another group's id, or a missing one, is a 404. A test's control
 * (`allocationHooks.lockRows === false`) reads the item and the order item without locks.
 */
export async function lockOrderItemChain(tx: Tx, deps: AppDeps, groupId: number, id: number) {
  const notFound = () => httpError(404, ja.errors.notFound);
  const found = await findOrderItem(tx, groupId, id);
  if (!found) throw notFound();
  const hooks = deps.allocationHooks;
  const kase =
    hooks?.lockRows === false
      ? await findCase(tx, groupId, found.workCaseId)
      : await lockCase(tx, groupId, found.workCaseId, "share");
  if (!kase) throw notFound();
  const item = (await lockItemsForAllocation(tx, groupId, [found.itemId], hooks)).get(found.itemId);
  const current = item && (hooks?.lockRows === false ? found : await lockOrderItem(tx, groupId, id));
  if (!item || !current) throw notFound();
  return { kase, item, current };
}
