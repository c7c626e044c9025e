import pLimit from "p-limit";

/**
 * One at a time by default: the views are mostly work on the single event loop, so a second one at once
 * only interleaves with the first, while both hold connections (scripts/bench/readViewsUnderLoad.ts).
 */
export const DEFAULT_READ_VIEWS_IN_FLIGHT = 1;

/** Runs a big read view when one of the process's places for them is free; the rest wait in line. */
export type ReadViewLimit = <T>(view: () => Promise<T>) => Promise<T>;

/**
 * At most `inFlight` big read views (the weekly view, the inventory summary) at a time in this process; 0
 * lets every one run at once. Each view runs its queries on up to three pool connections at once and then
 * works on the event loop for a while. Without a limit, clients reloading the weekly view back to back held
 * the pool's connections and the event loop, and an allocation beside them (+) waited several times longer
 * at the same view throughput (scripts/bench/readViewsUnderLoad.ts measures it). Views beyond the limit
 * wait here, holding nothing.
 */
export function createReadViewLimit(inFlight: number): ReadViewLimit {
  if (inFlight === 0) return (view) => view();
  const limit = pLimit(inFlight);
  return (view) => limit(view);
}
