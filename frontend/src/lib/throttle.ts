/**
 * Runs `run` at most once per `ms`, counted from the first call of a burst: calls meanwhile are merged
 * into that one run. Restarting the timer on every call (a debounce) would starve the run under a steady
 * stream of events, which is why live caches use this to refetch. `cancel` drops a pending run (the cache
 * entry went away).
 */
export function throttled(run: () => void, ms: number): { (): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const call = () => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      run();
    }, ms);
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
}
