import { type LiveRowsMemory, newLiveRowsMemory } from "@zaiko/common/realtime/liveRows";

/** The parts of an RTK Query cache entry's life that a live list uses. */
export interface CacheLifetime {
  dispatch: object;
  cacheEntryRemoved: PromiseLike<unknown>;
  getCacheEntry(): { data?: unknown; endpointName?: string };
  updateCachedData(recipe: never): unknown;
}

/** The cached value of an entry (RTK Query's ResultType). */
type DataOf<L extends { getCacheEntry(): { data?: unknown } }> = NonNullable<
  ReturnType<L["getCacheEntry"]>["data"]
>;

/** What a subscription leaves behind: each function stops one listener (or clears one timer). */
export type Stop = () => void;

/** A change to a cached value: applied now, and again after a load in flight lands (see subscribeWhileCached). */
export type Change<Data> = (draft: Data) => void;

/**
 * The changes a live entry received while a request for it was in flight, keyed by endpoint and argument.
 * The answer of that request may have been read by the server before or after each of them, so they are
 * applied again once it is in the cache: every change is idempotent and keeps the newer state of a row
 * (common/realtime/liveRows.ts), so applying one that the answer already contains changes nothing.
 */
interface Journal {
  loading: number;
  live: number;
  changes: Change<never>[];
}

/** Per store (its dispatch identifies it: the app has one, every test makes its own). */
const journalsByStore = new WeakMap<object, Map<string, Journal>>();

const journalKey = (endpointName: string | undefined, arg: unknown) =>
  `${endpointName ?? "?"}:${JSON.stringify(arg ?? null)}`;

function journalsOf(store: object): Map<string, Journal> {
  let journals = journalsByStore.get(store);
  if (!journals) {
    journals = new Map();
    journalsByStore.set(store, journals);
  }
  return journals;
}

function journalOf(journals: Map<string, Journal>, key: string): Journal {
  let journal = journals.get(key);
  if (!journal) {
    journal = { loading: 0, live: 0, changes: [] };
    journals.set(key, journal);
  }
  return journal;
}

function forgetIfIdle(journals: Map<string, Journal>, key: string, journal: Journal): void {
  if (journal.loading === 0 && journal.live === 0 && journals.get(key) === journal) journals.delete(key);
}

/**
 * Keeps a cached list live for as long as RTK Query keeps it. `subscribe` runs at once, before the first
 * answer: an event that comes while the list loads must not be lost (the server may have read the list
 * before that event's commit). Events change the list through `apply`: with data, the change is made now;
 * while a request is in flight (the first load or a refetch) it is also kept and made again on the answer
 * (replayOnLoad, which the endpoint's onQueryStarted must call). Every function `subscribe` returns runs
 * when the entry is removed. Use as
 * `onCacheEntryAdded: (arg, cache) => subscribeWhileCached(arg, cache, (apply) => …)` together with
 * `onQueryStarted: replayOnLoad`.
 */
export async function subscribeWhileCached<L extends CacheLifetime>(
  arg: unknown,
  lifecycle: L,
  subscribe: (apply: (change: Change<DataOf<L>>) => void, lifecycle: L) => Stop[],
): Promise<void> {
  type Data = DataOf<L>;
  const update = lifecycle.updateCachedData as (recipe: Change<Data>) => unknown;
  const journals = journalsOf(lifecycle.dispatch);
  const key = journalKey(lifecycle.getCacheEntry().endpointName, arg);
  const journal = journalOf(journals, key);
  journal.live++;
  const apply = (change: Change<Data>) => {
    if (journal.loading > 0) journal.changes.push(change as Change<never>);
    // Braces: a change may return something (immer would take it for a new value).
    if (lifecycle.getCacheEntry().data !== undefined)
      update((draft) => {
        change(draft);
      });
  };
  const stops = subscribe(apply, lifecycle);
  try {
    await lifecycle.cacheEntryRemoved;
  } finally {
    for (const stop of stops) stop();
    journal.live--;
    forgetIfIdle(journals, key, journal);
  }
}

/** The parts of RTK Query's onQueryStarted that replayOnLoad uses. */
export interface LoadLifetime {
  dispatch: object;
  queryFulfilled: PromiseLike<unknown>;
  getCacheEntry(): { endpointName?: string };
  updateCachedData(recipe: never): unknown;
}

/**
 * A live endpoint's onQueryStarted: keeps the changes that arrive while this request is in flight and
 * applies them to its answer as soon as it is in the cache (see subscribeWhileCached).
 */
export async function replayOnLoad(arg: unknown, load: LoadLifetime): Promise<void> {
  const update = load.updateCachedData as (recipe: Change<unknown>) => unknown;
  const journals = journalsOf(load.dispatch);
  const key = journalKey(load.getCacheEntry().endpointName, arg);
  const journal = journalOf(journals, key);
  journal.loading++;
  try {
    await load.queryFulfilled;
    const changes = [...journal.changes] as Change<unknown>[];
    if (changes.length > 0) {
      update((draft) => {
        for (const change of changes) change(draft);
      });
    }
  } catch {
    // A failed request changed nothing; the list keeps what it had (with the changes already made).
  } finally {
    journal.loading--;
    if (journal.loading === 0) journal.changes = [];
    forgetIfIdle(journals, key, journal);
  }
}

/**
 * The ids a live list saw deleted, kept for the session per endpoint and argument: an HTTP answer or a late
 * event must not bring a deleted row back (common/realtime/liveRows.ts).
 */
const memories = new WeakMap<object, Map<string, LiveRowsMemory>>();

/** `store`: the dispatch of the store (every test makes its own). */
export function memoryOf(store: object, endpointName: string, arg: unknown): LiveRowsMemory {
  let byKey = memories.get(store);
  if (!byKey) {
    byKey = new Map();
    memories.set(store, byKey);
  }
  const key = journalKey(endpointName, arg);
  let memory = byKey.get(key);
  if (!memory) {
    memory = newLiveRowsMemory();
    byKey.set(key, memory);
  }
  return memory;
}

/**
 * A mutation's write into the cache once the server accepted it: `write` gets the answer. A refusal writes
 * nothing: the page or the dialog that sent the request tells the user.
 */
export async function onAccepted<T>(
  queryFulfilled: PromiseLike<{ data: T }>,
  write: (data: T) => void,
): Promise<void> {
  try {
    const { data } = await queryFulfilled;
    write(data);
  } catch {
    // Refused: the cache keeps what it had.
  }
}
