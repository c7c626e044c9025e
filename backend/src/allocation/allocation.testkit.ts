import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";

/** The one source of the + statement's SQL function (migrations are made from it). */
export const addUnitSource = () =>
  readFileSync(path.resolve(__dirname, "../db/functions/add_allocation_unit.sql"), "utf8");

/** The control's copy of add_allocation_unit: the same text under another name, without the item lock. */
export const UNLOCKED_ADD_UNIT = "add_allocation_unit_without_item_lock";

/**
 * Installs UNLOCKED_ADD_UNIT in a test's database: the source file with its one item `FOR UPDATE` removed
 * (the case's FOR SHARE stays). Throws when the source no longer has exactly that lock, so the control
 * cannot silently turn into a copy of the locked function.
 */
export async function installUnlockedAddUnit(database: Database): Promise<void> {
  const source = addUnitSource();
  const itemLock = /(FROM items WHERE group_id = p_group AND id = p_item) FOR UPDATE;/g;
  const found = source.match(itemLock)?.length ?? 0;
  if (found !== 1) throw new Error(`expected one item FOR UPDATE in add_allocation_unit.sql, found ${found}`);
  const unlocked = source
    .replace(itemLock, "$1;")
    .replace("FUNCTION add_allocation_unit(", `FUNCTION ${UNLOCKED_ADD_UNIT}(`);
  await database.db.execute(sql.raw(unlocked));
}
