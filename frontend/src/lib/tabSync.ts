/**
 * What the tabs of one browser tell each other about the one session they share (docs/sessions.md):
 * a fresh access token (so a tab that waited for the refresh lock need not refresh again), and the end
 * of the session (logout, an ended session, a deactivated membership), so every tab leaves at once.
 * BroadcastChannel delivers to the other tabs of the same origin, never to the sender.
 */
export type TabMessage = { type: "token"; access: string } | { type: "signedOut"; reason: SessionEnd };

/** Why a session ended; decides what the user is told. */
export type SessionEnd = "logout" | "expired" | "membershipEnded";

const CHANNEL = "zaiko-session";

/**
 * TEST SWITCH, for the browser journey's control only: with localStorage `zaiko.test.noRefreshCoordination`
 * = "1" the tabs neither take the refresh lock nor share tokens, as before the coordination existed, so
 * the journey can show that its trials would catch tabs that sign each other out. Read at each refresh.
 */
export const TEST_SWITCH_NO_REFRESH_COORDINATION = "zaiko.test.noRefreshCoordination";

export function refreshCoordinationDisabled(): boolean {
  try {
    return window.localStorage.getItem(TEST_SWITCH_NO_REFRESH_COORDINATION) === "1";
  } catch {
    return false;
  }
}

let channel: BroadcastChannel | null | undefined;

function openChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
    // Under Node (component tests) an open channel would keep the process alive; browsers have no unref.
    (channel as { unref?: () => void } | null)?.unref?.();
  }
  return channel;
}

/** Sends `message` to every other tab of this browser (nothing happens where BroadcastChannel is missing). */
export function tellOtherTabs(message: TabMessage): void {
  openChannel()?.postMessage(message);
}

/** Runs `handler` for each message from another tab; returns the unsubscribe function. */
export function onOtherTabs(handler: (message: TabMessage) => void): () => void {
  const ch = openChannel();
  if (!ch) return () => undefined;
  const listener = (event: MessageEvent<TabMessage>) => handler(event.data);
  ch.addEventListener("message", listener);
  return () => ch.removeEventListener("message", listener);
}
