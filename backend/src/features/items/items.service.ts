import type {
  ItemAllocationsDto,
  ItemDto,
  ItemWrite,
  RelatedItemDto,
} from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import { lockItems, turnaroundOf } from "../../allocation";
import type { Tx } from "../../db/client";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { isoOrNull } from "../../lib/iso";
import { isUniqueViolation, sqlState } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { presentItem } from "./items.presenter";
import {
  deleteItem,
  findCategoryForItem,
  findItemId,
  insertItem,
  listItemTitlesOfCategory,
  orderSpanOfItem,
  updateItem,
} from "./items.queries";
import { assertStockCovers } from "./items.stock";

/** Unique title (23505) and a category deleted meanwhile (23503) become the field errors of the form. */
function mapWriteError(err: unknown): unknown {
  if (isUniqueViolation(err)) return new HttpError(400, { title: [ja.catalogue.itemTitleTaken] });
  if (sqlState(err) === "23503") return new HttpError(400, { category: [ja.catalogue.categoryNotInGroup] });
  return err;
}

type CategoryForItem = NonNullable<Awaited<ReturnType<typeof findCategoryForItem>>>;

/** An item row as written, with what its presentation takes from its category (name, turnaround). */
const withCategory = <R extends object>(row: R, category: CategoryForItem) => ({
  ...row,
  categoryName: category.name,
  categoryTurnaroundBeforeMinutes: category.categoryTurnaroundBeforeMinutes,
  categoryTurnaroundAfterMinutes: category.categoryTurnaroundAfterMinutes,
});

async function categoryOrThrow(tx: Tx, actor: AuthUser, categoryId: number) {
  const category = await findCategoryForItem(tx, actor.groupId, categoryId);
  if (!category) throw new HttpError(400, { category: [ja.catalogue.categoryNotInGroup] });
  return category;
}

export async function createItem(deps: WriteDeps, actor: AuthUser, input: ItemWrite): Promise<ItemDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const category = await categoryOrThrow(tx, actor, input.category);
      const row = await insertItem(tx, {
        groupId: actor.groupId,
        categoryId: category.id,
        title: input.title,
        stockQuantity: input.stock_quantity,
        note: input.note,
        turnaroundBeforeMinutes: input.turnaround_before_minutes ?? null,
        turnaroundAfterMinutes: input.turnaround_after_minutes ?? null,
      });
      const item = presentItem(withCategory(row, category));
      events.add(actor.groupId, rooms.group(actor.groupId), "items.upserted", { item });
      await recordHistory(tx, events, actor, [
        {
          action: "item.create",
          itemId: row.id,
          itemTitle: row.title,
          after: { title: row.title, stock_quantity: row.stockQuantity, category: category.name },
        },
      ]);
      return item;
    });
  } catch (err) {
    throw mapWriteError(err);
  }
}

/**
 * Edits an item. The item row is locked (lock_allocation); lowering the stock, or lengthening the turnaround
 * that holds its units (its own, or its new category's when it follows one), refuses (409 + shortages) when the
 * item's peak usage over its order items, held with the turnaround, would exceed the stock.
 */
export async function editItem(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  input: ItemWrite,
): Promise<ItemDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      const [locked] = await lockItems(tx, actor.groupId, [id]);
      if (!locked) throw httpError(404, ja.errors.notFound);
      const category = await categoryOrThrow(tx, actor, input.category);
      // Absent keeps the item's own minutes (the spec's form sends none); null follows the category.
      const own = {
        turnaroundBeforeMinutes:
          input.turnaround_before_minutes === undefined
            ? locked.ownTurnaroundBeforeMinutes
            : input.turnaround_before_minutes,
        turnaroundAfterMinutes:
          input.turnaround_after_minutes === undefined
            ? locked.ownTurnaroundAfterMinutes
            : input.turnaround_after_minutes,
      };
      const turnaround = turnaroundOf({
        turnaroundBeforeMinutes: own.turnaroundBeforeMinutes ?? category.categoryTurnaroundBeforeMinutes,
        turnaroundAfterMinutes: own.turnaroundAfterMinutes ?? category.categoryTurnaroundAfterMinutes,
      });
      if (locked.unitTracked && input.stock_quantity !== locked.stockQuantity) {
        throw new HttpError(400, { stock_quantity: [ja.units.stockFollowsUnits] });
      }
      const was = turnaroundOf(locked);
      const longer = turnaround.before > was.before || turnaround.after > was.after;
      if (input.stock_quantity < locked.stockQuantity || longer) {
        await assertStockCovers(
          tx,
          actor.groupId,
          [{ id, title: locked.title, stock: input.stock_quantity, turnaround }],
          longer ? ja.turnaround.raisedShort : ja.catalogue.stockBelowAllocation,
        );
      }
      const row = await updateItem(tx, actor.groupId, id, {
        categoryId: category.id,
        title: input.title,
        stockQuantity: input.stock_quantity,
        note: input.note,
        ...own,
      });
      const item = presentItem(withCategory(row!, category));
      await recordHistory(tx, events, actor, [
        {
          action: "item.update",
          itemId: id,
          itemTitle: input.title,
          before: { title: locked.title, stock_quantity: locked.stockQuantity },
          after: { title: input.title, stock_quantity: input.stock_quantity },
        },
      ]);
      const room = rooms.group(actor.groupId);
      events.add(actor.groupId, room, "items.upserted", { item });
      // The case summaries show the stock, the name and the category: each is recomputed after the commit,
      // so an older recomputation cannot be the last a screen receives (docs/realtime.md, Summary rows).
      if (
        input.stock_quantity !== locked.stockQuantity ||
        turnaround.before !== was.before ||
        turnaround.after !== was.after ||
        input.title !== locked.title ||
        category.id !== locked.categoryId
      ) {
        events.add(actor.groupId, room, "stock.changed", { item_ids: [id], from: null, to: null });
      }
      return item;
    });
  } catch (err) {
    throw mapWriteError(err);
  }
}

/** Deletes an item and (through the cascading key) its order items. */
export async function removeItem(deps: WriteDeps, actor: AuthUser, id: number): Promise<void> {
  await inTransaction(deps, async (tx, events) => {
    const [locked] = await lockItems(tx, actor.groupId, [id]);
    if (!locked) throw httpError(404, ja.errors.notFound);
    const span = await orderSpanOfItem(tx, actor.groupId, id);
    await deleteItem(tx, actor.groupId, id);
    await recordHistory(tx, events, actor, [
      {
        action: "item.delete",
        itemId: id,
        itemTitle: locked.title,
        before: { title: locked.title, stock_quantity: locked.stockQuantity, order_items: span.count },
      },
    ]);
    const room = rooms.group(actor.groupId);
    events.add(actor.groupId, room, "items.deleted", { id });
    if (span.count > 0) {
      events.add(actor.groupId, room, "stock.changed", {
        item_ids: [id],
        from: isoOrNull(span.from),
        to: isoOrNull(span.to),
      });
    }
  });
}

/**
 * How many order items use the item (past, current and future cases alike): deleting the item deletes
 * them too, so the delete confirmation warns when there are any. 404 for another group's item.
 */
export async function itemAllocations(
  deps: ReadDeps,
  actor: AuthUser,
  id: number,
): Promise<ItemAllocationsDto> {
  const db = deps.database.db;
  if (!(await findItemId(db, actor.groupId, id))) throw httpError(404, ja.errors.notFound);
  const span = await orderSpanOfItem(db, actor.groupId, id);
  return { order_items: span.count };
}

/** `{id, title}` of a category's items; another group's category (or none) simply has none. */
export function relatedItems(deps: ReadDeps, actor: AuthUser, categoryId: number): Promise<RelatedItemDto[]> {
  return listItemTitlesOfCategory(deps.database.db, actor.groupId, categoryId);
}
