import { useCallback, useEffect, useRef, useState } from "react";

/** How a batch of gathered clicks ended: `done` of `requested` calls succeeded; `error` stopped the rest. */
export interface ClickBatchResult {
  requested: number;
  done: number;
  error?: unknown;
}

interface KeyState {
  /** Clicks gathered in the current debounce window, not sent yet. */
  waiting: number;
  /** Calls of batches already started that have not been answered yet. */
  unanswered: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Batches of one key run one after another (each call after the previous answer). */
  chain: Promise<void>;
}

/**
 * Every click counts, per key (e.g. per item row). Clicks within `delayMs` of each other are gathered;
 * `delayMs` after the last one they are sent as that many sequential calls of `action` (the API adds or
 * removes one unit per call). A failed call stops its batch: the calls after it would be refused too.
 * `onSettled` gets each batch's outcome. `pending` counts, per key, the clicks not answered yet (waiting
 * or in flight), for the button to show; `busy` holds the keys with calls in flight (the loading state).
 * Clicks made while a batch is in flight are gathered the same way and sent after it.
 */
export function useCountedClicks<K>(
  delayMs: number,
  action: (key: K) => Promise<unknown>,
  onSettled: (key: K, result: ClickBatchResult) => void,
) {
  const states = useRef(new Map<K, KeyState>());
  const latest = useRef({ action, onSettled });
  const mounted = useRef(true);
  const [pending, setPending] = useState<ReadonlyMap<K, number>>(() => new Map());
  const [busy, setBusy] = useState<ReadonlySet<K>>(() => new Set());

  useEffect(() => {
    latest.current = { action, onSettled };
  }, [action, onSettled]);

  useEffect(() => {
    mounted.current = true;
    const all = states.current;
    return () => {
      // Clicks not sent yet are dropped with the screen; calls in flight finish on their own.
      mounted.current = false;
      for (const state of all.values()) clearTimeout(state.timer);
      all.clear();
    };
  }, []);

  const show = useCallback((key: K, state: KeyState) => {
    if (!mounted.current) return;
    const count = state.waiting + state.unanswered;
    setPending((prev) => {
      const next = new Map(prev);
      if (count > 0) next.set(key, count);
      else next.delete(key);
      return next;
    });
    setBusy((prev) => {
      if (prev.has(key) === state.unanswered > 0) return prev;
      const next = new Set(prev);
      if (state.unanswered > 0) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const send = useCallback(
    async (key: K, state: KeyState, requested: number) => {
      let done = 0;
      let error: unknown;
      for (; done < requested; ) {
        try {
          await latest.current.action(key);
        } catch (e) {
          error = e;
          break;
        }
        done += 1;
        state.unanswered -= 1;
        show(key, state);
      }
      // The calls a failure made pointless are no longer pending.
      state.unanswered -= requested - done;
      show(key, state);
      if (mounted.current) latest.current.onSettled(key, { requested, done, error });
    },
    [show],
  );

  const trigger = useCallback(
    (key: K) => {
      let state = states.current.get(key);
      if (!state) {
        state = { waiting: 0, unanswered: 0, timer: undefined, chain: Promise.resolve() };
        states.current.set(key, state);
      }
      const s = state;
      s.waiting += 1;
      show(key, s);
      clearTimeout(s.timer);
      s.timer = setTimeout(() => {
        const requested = s.waiting;
        s.waiting = 0;
        s.unanswered += requested;
        s.timer = undefined;
        show(key, s);
        s.chain = s.chain.then(() => send(key, s, requested));
      }, delayMs);
    },
    [delayMs, send, show],
  );

  return { trigger, pending, busy };
}
