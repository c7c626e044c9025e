/**
 * How a client applies rows that arrive by socket events or HTTP answers to what it shows (docs/realtime.md,
 * "Convergence"). Pure functions over arrays, so RTK Query's immer drafts and the convergence test's model
 * of a client apply exactly the same rules.
 *
 * Items, cases and order items carry a `version` that the database bumps on every UPDATE of the row, in the
 * row's commit order (migration 0005_row_versions). Events of different app processes can arrive in any
 * order, so:
 * - a row replaces the shown one only when it is newer (a higher version); an older or equal one is late;
 * - a deleted id is remembered: ids are never reused, so a delete outranks every version of the row, and a
 *   later upsert of it is a late event from before the delete that must not bring the row back (whatever
 *   number it carries: see sequence.ts).
 */

/** A row of a live list. */
export interface Versioned {
  id: number;
  version: number;
}

/** What a live list remembers beyond its rows: the ids it saw deleted. */
export interface LiveRowsMemory {
  deleted: Set<number>;
}

export const newLiveRowsMemory = (): LiveRowsMemory => ({ deleted: new Set() });

/**
 * The rules, or (`ordered: false`) the rules this app had before versions: every row replaces the shown one
 * and a delete is forgotten. Only the convergence test's control uses the latter, to show that it can fail.
 */
export interface ApplyRules {
  ordered: boolean;
}

export const ORDERED: ApplyRules = { ordered: true };

/** True when `incoming` is a newer state of the row than `shown` (or nothing is shown). */
export function isNewer(
  shown: Versioned | undefined,
  incoming: Versioned,
  rules: ApplyRules = ORDERED,
): boolean {
  if (!rules.ordered || shown === undefined) return true;
  return incoming.version > shown.version;
}

/** True when the list saw this id deleted: nothing of the row may come back (see above). */
export function isDeleted(memory: LiveRowsMemory, id: number, rules: ApplyRules = ORDERED): boolean {
  return rules.ordered && memory.deleted.has(id);
}

/** Remembers that the row with this id is gone for good. */
export function rememberDeleted(memory: LiveRowsMemory, id: number, rules: ApplyRules = ORDERED): void {
  if (rules.ordered) memory.deleted.add(id);
}

/**
 * Puts `row` into `rows` (replacing the row with its id, or appended) unless the row was deleted or the
 * shown state is as new. `merge` builds the stored row from the shown one (e.g. to keep numbers that only
 * the list carries). Returns whether anything changed.
 */
export function upsertVersioned<T extends Versioned>(
  rows: T[],
  row: T,
  memory: LiveRowsMemory,
  rules: ApplyRules = ORDERED,
  merge: (shown: T | undefined, incoming: T) => T = (_shown, incoming) => incoming,
): boolean {
  if (isDeleted(memory, row.id, rules)) return false;
  const index = rows.findIndex((r) => r.id === row.id);
  const shown = index === -1 ? undefined : rows[index];
  if (!isNewer(shown, row, rules)) return false;
  const next = merge(shown, row);
  if (index === -1) rows.push(next);
  else rows[index] = next;
  return true;
}

/** Removes the row with this id and remembers that it is gone. */
export function removeVersioned<T extends { id: number }>(
  rows: T[],
  id: number,
  memory: LiveRowsMemory,
  rules: ApplyRules = ORDERED,
): void {
  rememberDeleted(memory, id, rules);
  const index = rows.findIndex((r) => r.id === id);
  if (index !== -1) rows.splice(index, 1);
}
