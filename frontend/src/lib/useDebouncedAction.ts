import { useCallback, useEffect, useRef, useState } from "react";

/**
 * Debounces an action per key (e.g. per item row): clicks within `delayMs` of each other run it
 * once, `delayMs` after the last click. `busy` holds the keys whose action is in flight, for the
 * buttons' loading state. Pending timers are dropped on unmount.
 */
export function useDebouncedAction<K>(delayMs: number, action: (key: K) => Promise<unknown>) {
  const timers = useRef(new Map<K, ReturnType<typeof setTimeout>>());
  const latest = useRef(action);
  const [busy, setBusy] = useState<ReadonlySet<K>>(() => new Set());

  useEffect(() => {
    latest.current = action;
  }, [action]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const trigger = useCallback(
    (key: K) => {
      const pending = timers.current;
      const previous = pending.get(key);
      if (previous !== undefined) clearTimeout(previous);
      pending.set(
        key,
        setTimeout(() => {
          pending.delete(key);
          setBusy((prev) => new Set(prev).add(key));
          void latest.current(key).finally(() =>
            setBusy((prev) => {
              const next = new Set(prev);
              next.delete(key);
              return next;
            }),
          );
        }, delayMs),
      );
    },
    [delayMs],
  );

  return { trigger, busy };
}
