import { turnaroundOfMinutes } from "@zaiko/common/availability/index";
import type { CategoryDto, CategoryWrite } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import { assertTurnaroundCovers, lockItems } from "../../allocation";
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
  updateCategoryRow,
} from "./categories.queries";

const nameTaken = () => new HttpError(400, { category: [ja.catalogue.categoryNameTaken] });

export async function listGroupCategories(deps: ReadDeps, actor: AuthUser): Promise<CategoryDto[]> {
  const rows = await listCategories(deps.database.db, actor.groupId);
  return rows.map(presentCategory);
}

/** Creates a category; names are unique per group ignoring case (the unique index decides, race-free). */
export async function createCategory(
  deps: WriteDeps,
  actor: AuthUser,
  input: CategoryWrite,
): Promise<CategoryDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const row = await insertCategory(tx, actor.groupId, {
        name: input.category,
        turnaroundBeforeMinutes: input.turnaround_before_minutes ?? 0,
        turnaroundAfterMinutes: input.turnaround_after_minutes ?? 0,
      });
      const category = presentCategory(row);
      events.add(actor.groupId, rooms.group(actor.groupId), "categories.upserted", { category });
      return category;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

/**
 * Renames a category and sets its turnaround (absent keeps it). Every edit locks the category's items first
 * (lock_allocation, id order), then the category row, as the item edit does (item, then its category):
 * - a writer of an item's order items (the +, the −, a movement) holds the item's lock while it reads the
 *   category's name into the row it publishes, so a rename waits for it and no row with the old name can reach
 *   a screen after the rename's event (docs/realtime.md, "Names copied into rows");
 * - lengthening the turnaround refuses (409 + shortages + short_cases) when the items that follow it would
 *   hold more than their stock at some instant.
 */
export async function updateCategory(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  input: CategoryWrite,
): Promise<CategoryDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const lockOf = async (ids: number[]): ReturnType<typeof lockItems> =>
        ids.length === 0 ? [] : lockItems(tx, actor.groupId, ids);
      const locked = await lockOf(await itemIdsOfCategory(tx, actor.groupId, id));
      const current = await lockCategory(tx, actor.groupId, id);
      if (!current) throw httpError(404, ja.errors.notFound);
      // An item moved into the category before the row was ours is not among those locked; none can join now
      // (an item edit takes the category's row in share mode).
      const seen = new Set(locked.map((i) => i.id));
      const joined = (await itemIdsOfCategory(tx, actor.groupId, id)).filter((i) => !seen.has(i));
      locked.push(...(await lockOf(joined)));
      const before = input.turnaround_before_minutes ?? current.turnaroundBeforeMinutes;
      const after = input.turnaround_after_minutes ?? current.turnaroundAfterMinutes;
      const row = await updateCategoryRow(tx, actor.groupId, id, {
        name: input.category,
        turnaroundBeforeMinutes: before,
        turnaroundAfterMinutes: after,
      });
      if (!row) throw httpError(404, ja.errors.notFound);
      if (before > current.turnaroundBeforeMinutes || after > current.turnaroundAfterMinutes) {
        // 409 + the short items and the cases held where each first breaks (docs/catalogue.md).
        await assertTurnaroundCovers(
          tx,
          actor.groupId,
          locked
            .filter((item) => item.categoryId === id)
            .map((item) => ({
              item,
              turnaround: turnaroundOfMinutes(
                item.ownTurnaroundBeforeMinutes ?? before,
                item.ownTurnaroundAfterMinutes ?? after,
              ),
            })),
          ja.turnaround.raisedShort,
        );
      }
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
