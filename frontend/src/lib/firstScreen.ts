/**
 * Whether the screen that a page load opened has been shown yet (issue 41). app/prefetch.ts starts the wait
 * when the page opens a lazy screen; routes.tsx ends it once that screen's first render has been painted, or
 * it ends SHOWN_AT_LATEST_MS later. What the screen does not need waits for it: the socket (connected on a
 * restored session; what changed meanwhile is refetched from its positions, lib/streamPositions.ts, and from
 * the case room's answer, lib/caseRoom.ts) and the
 * header's scan and bell, whose chunks and first queries otherwise took the slow link and the main thread
 * while the screen was rendering. Nothing waits when no screen is awaited (/login, tests).
 */
const SHOWN_AT_LATEST_MS = 10_000;

let pending = false;
const listeners = new Set<() => void>();

/** The page load opens a lazy screen: what waits for it waits from now on. */
export function awaitFirstScreen(): void {
  if (pending) return;
  pending = true;
  setTimeout(screenShown, SHOWN_AT_LATEST_MS);
}

/**
 * Runs `work` once the browser has painted what is in the page now (a task after the next frame's
 * callbacks), and returns what cancels it. A first render's effect may run before its paint: what waited for
 * the screen then started its chunks and queries in the same frame, and a phone's slow link carried them
 * before the screen's largest text was painted.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/** A screen has been shown (its first render, painted): ends the wait, if any. */
export function screenShown(): void {
  if (!pending) return;
  pending = false;
  for (const listener of [...listeners]) listener();
  listeners.clear();
}

/** True unless the page load's first screen is still to be shown. */
export function isFirstScreenShown(): boolean {
  return !pending;
}

/** Runs `listener` once the first screen has been shown (the unsubscribe function is returned). */
export function onFirstScreenShown(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Resolves once the first screen has been shown (at once if none is awaited). */
export function whenFirstScreenShown(): Promise<void> {
  if (!pending) return Promise.resolve();
  return new Promise((resolve) => onFirstScreenShown(resolve));
}
