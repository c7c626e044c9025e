import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { isoOrNull } from "../../lib/iso";
import { isUniqueViolation } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { presentCategory } from "./categories.presenter";
import {
  deleteCategory,
  insertCategory,
  itemIdsOfCategory,
  listCategories,
  lockCategory,
  lockItemsOfCategory,
  orderSpanOfCategory,
  renameCategory,
} from "./categories.queries";

const nameTaken = () => new HttpError(400, { category: [ja.catalogue.categoryNameTaken] });

export async function listGroupCategories(deps: ReadDeps, actor: AuthUser): Promise<CategoryDto[]> {
  const rows = await listCategories(deps.database.db, actor.groupId);
  return rows.map(presentCategory);
}

/** Creates a category; names are unique per group ignoring case (the unique index decides, race-free). */
export async function createCategory(deps: WriteDeps, actor: AuthUser, name: string): Promise<CategoryDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const category = presentCategory(await insertCategory(tx, actor.groupId, name));
      events.add(actor.groupId, rooms.group(actor.groupId), "categories.upserted", { category });
      return category;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function updateCategory(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  name: string,
): Promise<CategoryDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const row = await renameCategory(tx, actor.groupId, id, name);
      if (!row) throw httpError(404, ja.errors.notFound);
      const category = presentCategory(row);
      const room = rooms.group(actor.groupId);
      events.add(actor.groupId, room, "categories.upserted", { category });
      // The case summaries show the category's name: their rows are recomputed after the commit, so an
      // older recomputation cannot be the last a screen receives (docs/realtime.md, Summary rows).
      const itemIds = await itemIdsOfCategory(tx, actor.groupId, id);
      if (itemIds.length > 0)
        events.add(actor.groupId, room, "stock.changed", { item_ids: itemIds, from: null, to: null });
      return category;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * Deletes a category with its items and their order items in one transaction. The rows are locked first
 * (category, then items in id order) so no allocation can slip in between the read and the delete.
 */
export async function removeCategory(deps: WriteDeps, actor: AuthUser, id: number): Promise<void> {
  await inTransaction(deps, async (tx, events) => {
    if (!(await lockCategory(tx, actor.groupId, id))) throw httpError(404, ja.errors.notFound);
    const lockedItems = await lockItemsOfCategory(tx, actor.groupId, id);
    const itemIds = lockedItems.map((r) => r.id);
    const span = await orderSpanOfCategory(tx, actor.groupId, id);
    await deleteCategory(tx, actor.groupId, id);
    // Each item goes with its category: recorded as its delete (docs/history.md).
    await recordHistory(
      tx,
      events,
      actor,
      lockedItems.map((r) => ({
        action: "item.delete" as const,
        itemId: r.id,
        itemTitle: r.title,
        before: { title: r.title, stock_quantity: r.stockQuantity },
      })),
    );
    const room = rooms.group(actor.groupId);
    for (const itemId of itemIds) events.add(actor.groupId, room, "items.deleted", { id: itemId });
    if (span.count > 0) {
      events.add(actor.groupId, room, "stock.changed", {
        item_ids: itemIds,
        from: isoOrNull(span.from),
        to: isoOrNull(span.to),
      });
    }
    events.add(actor.groupId, room, "categories.deleted", { id });
  });
}
