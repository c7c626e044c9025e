import { isDraft, original } from "@reduxjs/toolkit";
import { copyWithStructuralSharing } from "@reduxjs/toolkit/query";
import type { Versioned } from "@zaiko/common/realtime/liveRows";
import {
  type Change,
  type Journal,
  keepNewerShown,
  type LiveState,
  type LiveTable,
  liveStateOf,
  takeListAnswer,
} from "./liveState";

export type { Change } from "./liveState";

/** The parts of an RTK Query cache entry's life that a live list uses. */
export interface CacheLifetime {
  dispatch: object;
  /** The store's thunk extra argument, which carries its live state (lib/liveState.ts). */
  extra: unknown;
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

/*
 * The changes a live entry receives while a request for it is in flight are kept in its journal (in the
 * store's live state, by endpoint and argument). The answer of that request may have been read by the server
 * before or after each of them, so they are applied again once it is in the cache: every change is
 * idempotent and keeps the newer state of a row (lib/liveState.ts takeRows, common/realtime/liveRows.ts), so
 * applying one that the answer already contains changes nothing.
 */

const journalKey = (endpointName: string | undefined, arg: unknown) =>
  `${endpointName ?? "?"}:${JSON.stringify(arg ?? null)}`;

function journalOf(live: LiveState, key: string): Journal {
  let journal = live.journals.get(key);
  if (!journal) {
    journal = { loading: 0, live: 0, changes: [] };
    live.journals.set(key, journal);
  }
  return journal;
}

function forgetIfIdle(live: LiveState, key: string, journal: Journal): void {
  if (journal.loading === 0 && journal.live === 0 && live.journals.get(key) === journal)
    live.journals.delete(key);
}

/**
 * Keeps a cached list live for as long as RTK Query keeps it. `subscribe` runs at once, before the first
 * answer: an event that comes while the list loads must not be lost (the server may have read the list
 * before that event's commit). Events change the list through `apply`: with data, the change is made now;
 * while a request is in flight (the first load or a refetch) it is also kept and made again on the answer
 * (replayOnLoad, which the endpoint's onQueryStarted must call). Every function `subscribe` returns runs
 * when the entry is removed. Use as
 * `onCacheEntryAdded: (arg, cache) => subscribeWhileCached(arg, cache, (apply) => …)` together with
 * `onQueryStarted: replayOnLoad` (a list of versioned rows: `...liveList(table)` instead).
 */
export async function subscribeWhileCached<L extends CacheLifetime>(
  arg: unknown,
  lifecycle: L,
  subscribe: (apply: (change: Change<DataOf<L>>) => void, lifecycle: L) => Stop[],
): Promise<void> {
  type Data = DataOf<L>;
  const update = lifecycle.updateCachedData as (recipe: Change<Data>) => unknown;
  const live = liveStateOf(lifecycle.extra);
  const key = journalKey(lifecycle.getCacheEntry().endpointName, arg);
  const journal = journalOf(live, key);
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
    forgetIfIdle(live, key, journal);
  }
}

/** The parts of RTK Query's onQueryStarted that replayOnLoad uses. */
export interface LoadLifetime {
  dispatch: object;
  extra: unknown;
  queryFulfilled: PromiseLike<unknown>;
  getCacheEntry(): { endpointName?: string };
  updateCachedData(recipe: never): unknown;
}

/**
 * A live endpoint's onQueryStarted: keeps the changes that arrive while this request is in flight and
 * applies them to its answer as soon as it is in the cache (see subscribeWhileCached). `takeAnswer`, when
 * given, first passes the answer through the store's rule (see liveList).
 */
export async function replayOnLoad(
  arg: unknown,
  load: LoadLifetime,
  takeAnswer?: (live: LiveState, answer: never) => void,
): Promise<void> {
  const update = load.updateCachedData as (recipe: Change<unknown>) => unknown;
  const live = liveStateOf(load.extra);
  const key = journalKey(load.getCacheEntry().endpointName, arg);
  const journal = journalOf(live, key);
  journal.loading++;
  try {
    await load.queryFulfilled;
    const changes = [...journal.changes] as Change<unknown>[];
    if (changes.length > 0 || takeAnswer) {
      update((draft) => {
        takeAnswer?.(live, draft as never);
        for (const change of changes) change(draft);
      });
    }
  } catch {
    // A failed request changed nothing; the list keeps what it had (with the changes already made).
  } finally {
    journal.loading--;
    if (journal.loading === 0) journal.changes = [];
    forgetIfIdle(live, key, journal);
  }
}

/**
 * The live parts of a list endpoint whose rows carry a version, for every row of its answers to pass the
 * store's one rule as the events' rows do (lib/liveState.ts; docs/realtime.md): `merge` keeps a row the list
 * shows when it is newer than the answer's (RTK Query calls it when a refetch lands on shown data), and
 * `onQueryStarted` passes the answer through takeRows (remembering its versions, dropping rows seen deleted)
 * before it applies again the changes that came while the request was out. Spread into the endpoint beside
 * `onCacheEntryAdded: (arg, cache) => subscribeWhileCached(arg, cache, …)`.
 */
export function liveList<T extends Versioned>(table: LiveTable) {
  return {
    merge: (shown: T[], answer: T[]): T[] => {
      const before = isDraft(shown) ? (original(shown as never) as T[]) : shown;
      return copyWithStructuralSharing(before, keepNewerShown(before, answer));
    },
    onQueryStarted: (arg: unknown, load: LoadLifetime) =>
      replayOnLoad(arg, load, (live, answer: T[]) => takeListAnswer(live, table, answer)),
  };
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
