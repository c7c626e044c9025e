import type { ImportResultDto, ImportRowError, ItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import { lockItems, turnaroundOf } from "../../allocation";
import type { Database } from "../../db/client";
import { chunks } from "../../lib/chunks";
import { yieldToEventLoop } from "../../lib/eventLoop";
import { type HistoryFact, recordHistory, recordHistoryQuietly } from "../../lib/history";
import { HttpError } from "../../lib/httpError";
import { isUniqueViolation } from "../../lib/pgErrors";
import type { WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { presentCategory } from "../categories";
import { assertStockCovers, presentItem, type StockChange } from "../items";
import type { CsvItemRow } from "./csvFile.input";
import {
  batchSize,
  categoriesOfGroup,
  insertCategories,
  insertItems,
  insertItemsQuietly,
  itemsByTitles,
  type MatchedItem,
  updateStockAndNotes,
} from "./imports.queries";

/** An import writes, in batches sized for the database's driver. */
type ImportDeps = WriteDeps & { database: Pick<Database, "driver"> };

/** Above this many changed items one `items.imported` replaces the per-item events (clients refetch). */
export const IMPORT_ITEM_EVENT_LIMIT = 1000;
/** An item as locked for the import. */
type LockedItemRow = Awaited<ReturnType<typeof lockItems>>[number];

/** Ids locked per statement. */
const LOCK_CHUNK = 250;

/** Category names are unique ignoring case, as the unique index on lower(name) decides. */
const key = (s: string) => s.toLowerCase();

export const importFailed = (errors: ImportRowError[]) =>
  new HttpError(400, { detail: ja.imports.failed, errors: errors.slice(0, 1000) });

/** The file's rows sorted into items to create and items to update, as the catalogue stood when read. */
interface SortedRows {
  creates: CsvItemRow[];
  updates: { row: CsvItemRow; before: MatchedItem }[];
}

/**
 * Reads the items the file names and sorts its rows, before the import's transaction: on PGlite, which runs
 * one transaction at a time, the '+' and the other writes run between these reads instead of waiting behind
 * them (docs/benchmarks.md, "CSV import"). The transaction checks that what was read still holds.
 * A title that exists in another category is a row error (400, nothing written).
 */
async function sortRows(deps: ImportDeps, groupId: number, rows: CsvItemRow[]): Promise<SortedRows> {
  const db = deps.database.db;
  const categoryById = new Map((await categoriesOfGroup(db, groupId)).map((c) => [c.id, c]));
  // Only the items the file names are read, a batch at a time, matched by the database's lower().
  const matched = new Map<string, MatchedItem>();
  for (const part of chunks(rows, batchSize(deps.database.driver))) {
    for (const m of await itemsByTitles(
      db,
      groupId,
      part.map((r) => r.title),
    ))
      matched.set(m.input, m);
    await yieldToEventLoop();
  }
  const errors: ImportRowError[] = [];
  const sorted: SortedRows = { creates: [], updates: [] };
  for (const row of rows) {
    const existing = matched.get(row.title);
    if (!existing) {
      sorted.creates.push(row);
      continue;
    }
    const current = categoryById.get(existing.categoryId);
    if (current && key(current.name) !== key(row.category)) {
      errors.push({ line: row.line, message: ja.imports.titleInOtherCategory(current.name) });
    } else {
      sorted.updates.push({ row, before: existing });
    }
  }
  if (errors.length > 0) throw importFailed(errors);
  return sorted;
}

/**
 * Imports checked CSV rows in one transaction: missing categories are created, an item whose title exists
 * in the row's category gets its stock and note updated, others are created. A title that exists in another
 * category is a row error. Any error (or a stock lowered below its bookings: 409) changes nothing; so does a
 * change of the catalogue between the reading of the file's items and the transaction (409, try again).
 */
export async function importItems(
  deps: ImportDeps,
  actor: AuthUser,
  rows: CsvItemRow[],
): Promise<Omit<ImportResultDto, "skipped">> {
  const groupId = actor.groupId;
  const batch = batchSize(deps.database.driver);
  const { creates, updates } = await sortRows(deps, groupId, rows);
  try {
    return await inTransaction(deps, async (tx, events) => {
      const categoryRows = await categoriesOfGroup(tx, groupId);
      const categoryByName = new Map(categoryRows.map((c) => [key(c.name), c]));
      const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
      const newCategoryNames = new Map<string, string>();
      for (const row of creates) {
        const k = key(row.category);
        if (!categoryByName.has(k) && !newCategoryNames.has(k)) newCategoryNames.set(k, row.category);
      }

      // Lock the items to update in id order, then check lowered stock against their bookings.
      const updateIds = updates.map((u) => u.before.id).sort((a, b) => a - b);
      const locked = new Map<number, LockedItemRow>();
      for (const ids of chunks(updateIds, LOCK_CHUNK)) {
        for (const r of await lockItems(tx, groupId, ids)) locked.set(r.id, r);
        await yieldToEventLoop();
      }
      const lowered: StockChange[] = [];
      // A tracked item's stock is the count of its units (docs/units.md): a file cannot change it.
      const stockOfTracked: ImportRowError[] = [];
      for (const { row, before } of updates) {
        const current = locked.get(before.id);
        // Gone, renamed or moved since it was read: the file's row may now mean another item.
        if (
          !current ||
          current.title !== before.title ||
          current.categoryId !== before.categoryId ||
          key(categoryById.get(current.categoryId)?.name ?? "") !== key(row.category)
        )
          throw new HttpError(409, { detail: ja.imports.conflict });
        if (current.unitTracked && row.stock !== current.stockQuantity) {
          stockOfTracked.push({ line: row.line, message: ja.units.stockFollowsUnits });
        }
        if (row.stock < current.stockQuantity)
          lowered.push({
            id: before.id,
            title: current.title,
            stock: row.stock,
            turnaround: turnaroundOf(current),
          });
      }
      if (stockOfTracked.length > 0) throw importFailed(stockOfTracked);
      await assertStockCovers(tx, groupId, lowered);

      const room = rooms.group(groupId);
      if (newCategoryNames.size > 0) {
        for (const created of await insertCategories(tx, groupId, [...newCategoryNames.values()])) {
          categoryByName.set(key(created.name), created);
          categoryById.set(created.id, created);
          events.add(groupId, room, "categories.upserted", { category: presentCategory(created) });
        }
      }

      // The items whose stock or note the file changes (an update that changes nothing writes nothing).
      const writes = updates.filter(({ row, before }) => {
        const current = locked.get(before.id)!;
        return row.stock !== current.stockQuantity || row.note !== current.note;
      });
      // Up to IMPORT_ITEM_EVENT_LIMIT changed items each is sent (items.upserted, history.added); above it
      // the screens refetch, and the import neither builds those events nor reads back what it wrote.
      const itemized = creates.length + writes.length <= IMPORT_ITEM_EVENT_LIMIT;
      const changed: ItemDto[] = [];
      // The category's name and turnaround, which an item's presentation carries.
      const categoryFields = (categoryId: number) => {
        const c = categoryById.get(categoryId)!;
        return {
          categoryName: c.name,
          categoryTurnaroundBeforeMinutes: c.turnaroundBeforeMinutes,
          categoryTurnaroundAfterMinutes: c.turnaroundAfterMinutes,
        };
      };
      const facts: HistoryFact[] = [];
      for (const part of chunks(creates, batch)) {
        const values = part.map((r) => ({
          categoryId: categoryByName.get(key(r.category))!.id,
          title: r.title,
          stockQuantity: r.stock,
          note: r.note,
        }));
        const inserted = itemized
          ? (await insertItems(tx, groupId, values)).map((row) => {
              changed.push(presentItem({ ...row, ...categoryFields(row.categoryId) }));
              return row;
            })
          : await insertItemsQuietly(tx, groupId, values);
        facts.push(
          ...inserted.map((row) => ({
            action: "item.import" as const,
            itemId: row.id,
            itemTitle: row.title,
            before: null,
            after: { stock_quantity: row.stockQuantity },
          })),
        );
        await yieldToEventLoop();
      }

      const stockChangedIds: number[] = [];
      for (const { row, before } of writes) {
        const current = locked.get(before.id)!;
        if (row.stock !== current.stockQuantity) {
          stockChangedIds.push(before.id);
          facts.push({
            action: "item.import",
            itemId: before.id,
            itemTitle: current.title,
            before: { stock_quantity: current.stockQuantity },
            after: { stock_quantity: row.stock },
          });
        }
        if (itemized)
          changed.push(
            presentItem({
              ...before,
              stockQuantity: row.stock,
              note: row.note,
              unitTracked: current.unitTracked,
              turnaroundBeforeMinutes: current.ownTurnaroundBeforeMinutes,
              turnaroundAfterMinutes: current.ownTurnaroundAfterMinutes,
              ...categoryFields(current.categoryId),
              // The update below bumps the version of the row as locked (migration 0004's trigger).
              version: current.version + 1,
            }),
          );
      }
      for (const part of chunks(writes, batch)) {
        await updateStockAndNotes(
          tx,
          groupId,
          part.map(({ row, before }) => ({ id: before.id, stock: row.stock, note: row.note })),
        );
        await yieldToEventLoop();
      }

      // 履歴: each item created or whose stock changed (docs/history.md), sent only while itemized.
      for (const part of chunks(facts, batch)) {
        if (itemized) await recordHistory(tx, events, actor, part);
        else await recordHistoryQuietly(tx, actor, part);
        await yieldToEventLoop();
      }
      if (itemized) for (const item of changed) events.add(groupId, room, "items.upserted", { item });
      if (stockChangedIds.length > 0) {
        events.add(groupId, room, "stock.changed", { item_ids: stockChangedIds, from: null, to: null });
      }
      const result = { created: creates.length, updated: updates.length };
      events.add(groupId, room, "items.imported", { ...result, itemized });
      return result;
    });
  } catch (err) {
    // A concurrent write took a title or category name between our read and our insert.
    if (isUniqueViolation(err)) throw new HttpError(409, { detail: ja.imports.conflict });
    throw err;
  }
}
