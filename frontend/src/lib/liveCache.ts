/** The two moments of an RTK Query cache entry's life that a live list cares about. */
export interface CacheLifetime {
  /** Resolves with the first answer; rejects when the entry is removed before it ever had one. */
  cacheDataLoaded: PromiseLike<unknown>;
  cacheEntryRemoved: PromiseLike<unknown>;
}

/** What a subscription leaves behind: each function stops one listener (or clears one timer). */
export type Stop = () => void;

/**
 * Keeps a cached list live for as long as RTK Query keeps it: `subscribe` runs once the first answer
 * is in (events before it would patch a list that is not there yet, and the answer already contains
 * them), and every function it returns runs when the entry is removed. An entry removed before its
 * first answer never subscribes. Use as `onCacheEntryAdded: (arg, cache) => subscribeWhileCached(cache, …)`.
 */
export async function subscribeWhileCached<L extends CacheLifetime>(
  lifecycle: L,
  subscribe: (lifecycle: L) => Stop[],
): Promise<void> {
  try {
    await lifecycle.cacheDataLoaded;
  } catch {
    return;
  }
  const stops = subscribe(lifecycle);
  await lifecycle.cacheEntryRemoved;
  for (const stop of stops) stop();
}
