import {
  type LiveRowsMemory,
  removeVersioned,
  upsertVersioned,
  type Versioned,
} from "@zaiko/common/realtime/liveRows";

/**
 * The live state of one store's cache (docs/realtime.md, "Convergence"): what decides, for every row that
 * reaches the cache, whether it may go in. One instance per store, made by app/store.ts and handed by RTK
 * Query to every endpoint's lifecycle as its thunk `extra` (`liveStateOf(extra)`): nothing here is keyed by
 * a store, and a test's store starts with nothing remembered.
 *
 * The rule (takeRows): a row goes in only if it is as new as the newest version of it seen so far, from an
 * HTTP answer or an event alike, and never once its id was seen deleted (ids are never reused). So the answer
 * of a click and the events of the same change cannot disagree: whichever arrives second is as new or older
 * and changes nothing, and neither brings back a row the other deleted. Each list then takes a row only if it
 * is newer than the one it shows (common/realtime/liveRows.ts). A list's own answer passes the rule too
 * (takeListAnswer, keepNewerShown; lib/liveCache.ts liveList).
 */

/** The tables whose rows the client keeps live; a case's summary rows are a table of their own. */
export type LiveTable =
  | "orderItems"
  | "workCases"
  | "categories"
  | "items"
  | "members"
  | "itemSets"
  | "setLines"
  | SummaryTable;
export type SummaryTable = `summary:${number}`;

/** A change to a cached value, applied now and again to a load in flight when it lands (lib/liveCache.ts). */
export type Change<Data> = (draft: Data) => void;

/** The changes a live cache entry received while a request for it was in flight (lib/liveCache.ts). */
export interface Journal {
  loading: number;
  live: number;
  changes: Change<never>[];
}

export interface LiveState {
  /** The newest version seen of each row, per table. */
  readonly newest: Map<LiveTable, Map<number, number>>;
  /** The ids seen deleted, per table: shared by every list of the table. */
  readonly deleted: Map<LiveTable, Set<number>>;
  /** The journals of the live cache entries, by endpoint and argument (lib/liveCache.ts). */
  readonly journals: Map<string, Journal>;
  /**
   * How many version-less rows (summary rows) have arrived: such a row's version is its arrival. Summary rows
   * are recomputed by the server one after another, each from the database as it is then, so the last to
   * arrive is the newest; an answer's summary row counts as arriving when its request left, so a row that an
   * event brought meanwhile (possibly newer) wins over it (docs/realtime.md).
   */
  arrivals: number;
}

/** A fresh live state (app/store.ts makes one per store). */
export const createLiveState = (): LiveState => ({
  newest: new Map(),
  deleted: new Map(),
  journals: new Map(),
  arrivals: 0,
});

/**
 * The live state of a store built without one (lib/liveCache.test.ts builds a bare RTK Query store): one for
 * all of them, which only a journal of an entry being loaded ever fills.
 */
const unowned = createLiveState();

/** The live state from an endpoint lifecycle's `extra` (the store's thunk extra argument). */
export function liveStateOf(extra: unknown): LiveState {
  const live = (extra as { live?: LiveState } | undefined)?.live;
  return live ?? unowned;
}

function deletedIn(live: LiveState, table: LiveTable): Set<number> {
  let ids = live.deleted.get(table);
  if (!ids) {
    ids = new Set();
    live.deleted.set(table, ids);
  }
  return ids;
}

/** What a list of this table remembers (its deleted ids), for the row functions of liveRows.ts. */
export const memoryOf = (live: LiveState, table: LiveTable): LiveRowsMemory => ({
  deleted: deletedIn(live, table),
});

/** Options of takeRows: the ids the answer or event deletes, and where a row's version is. */
export interface TakeOptions<T> {
  deleted?: readonly number[];
  versionOf?: (row: T) => number;
}

/**
 * The one way into the cache for rows of a table, from an answer or an event: remembers the deleted ids and
 * the newest version of each row, and returns the rows that are as new as the newest seen and not deleted,
 * which the caller puts into its lists (each list still keeps its own newer row).
 */
export function takeRows<T extends { id: number }>(
  live: LiveState,
  table: LiveTable,
  rows: readonly T[],
  { deleted = [], versionOf = (row) => (row as unknown as { version: number }).version }: TakeOptions<T> = {},
): T[] {
  const gone = deletedIn(live, table);
  for (const id of deleted) gone.add(id);
  let newest = live.newest.get(table);
  if (!newest) {
    newest = new Map();
    live.newest.set(table, newest);
  }
  const taken: T[] = [];
  for (const row of rows) {
    if (gone.has(row.id)) continue;
    const version = versionOf(row);
    const seen = newest.get(row.id);
    if (seen !== undefined && version < seen) continue;
    newest.set(row.id, version);
    taken.push(row);
  }
  return taken;
}

/**
 * A list answer's rows through the same rule, once the answer is in the cache (lib/liveCache.ts `liveList`):
 * the newest version of each row is remembered, and a row whose delete the store saw (an event's, or the
 * user's own) is dropped, since ids are never reused. A row older than a version seen elsewhere stays: it is
 * this list's only state of the row (a newer one this list showed was kept by `keepNewerShown`, and one that
 * came while the request was out is applied again from the journal).
 */
export function takeListAnswer<T extends { id: number; version: number }>(
  live: LiveState,
  table: LiveTable,
  rows: T[],
): void {
  takeRows(live, table, rows);
  const gone = deletedIn(live, table);
  for (let i = rows.length - 1; i >= 0; i--) if (gone.has(rows[i]!.id)) rows.splice(i, 1);
}

/**
 * A list answer landing on the rows the list shows (RTK Query's `merge`, lib/liveCache.ts `liveList`): the
 * answer says which rows the list has, and each row keeps the newer of its two states, so an answer read
 * before a change the list already shows (an event's, or the user's own answer's) does not undo it. An equal
 * version is the answer's (its copied names may be newer). Returns the next list; rows that did not change
 * keep their objects, as RTK Query's own structural sharing would.
 */
export function keepNewerShown<T extends Versioned>(shown: readonly T[], answer: readonly T[]): T[] {
  const shownById = new Map(shown.map((row) => [row.id, row]));
  return answer.map((row) => {
    const mine = shownById.get(row.id);
    return mine !== undefined && mine.version > row.version ? mine : row;
  });
}

/** The version of a summary row that arrives now (an event's), see `arrivals`. */
export function nextArrival(live: LiveState): number {
  live.arrivals += 1;
  return live.arrivals;
}

/** The summary rows of a case. */
export const summaryTable = (caseId: number): SummaryTable => `summary:${caseId}`;

/**
 * The change that puts a row from an answer or an event into a list of its table (an array of rows), or
 * undefined when the store's rule keeps it out (older than seen, or deleted).
 */
export function rowInto<T extends Versioned>(
  live: LiveState,
  table: LiveTable,
  row: T,
): Change<T[]> | undefined {
  const [taken] = takeRows(live, table, [row]);
  if (!taken) return undefined;
  const memory = memoryOf(live, table);
  return (rows) => {
    upsertVersioned(rows, taken, memory);
  };
}

/** The change that removes a deleted row from a list of its table; the delete is remembered at once. */
export function rowOut<T extends { id: number }>(live: LiveState, table: LiveTable, id: number): Change<T[]> {
  takeRows(live, table, [], { deleted: [id] });
  const memory = memoryOf(live, table);
  return (rows) => removeVersioned(rows, id, memory);
}
