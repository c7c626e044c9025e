import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import type { AppDeps } from "../deps";
import type { AllocationHooks } from "./hooks";

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

/** An `afterCheck` hook that waits `ms` inside the transaction, widening the window between check and commit. */
export const sleepInTransaction = (ms: number) => (tx: Tx) =>
  tx.execute(sql`select pg_sleep(${ms / 1000})`).then(() => undefined);

/** The real locks with a widened window: the race the locks must win. */
export const LOCKED_SLOW: AllocationHooks = { afterCheck: sleepInTransaction(20) };

/**
 * The control: no item lock anywhere (rows read without FOR UPDATE, the + through UNLOCKED_ADD_UNIT, which
 * installUnlockedAddUnit must have installed) and the same widened window; it must overbook in some trial.
 */
export const UNLOCKED: AllocationHooks = {
  lockRows: false,
  addUnitFunction: UNLOCKED_ADD_UNIT,
  afterCheck: sleepInTransaction(20),
};

/** The app's dependencies with allocation test hooks (production never sets them). */
export const withAllocationHooks = (deps: AppDeps, allocationHooks: AllocationHooks): AppDeps => ({
  ...deps,
  allocationHooks,
});
