import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { getApiOrigin, HTTP_TIMEOUT_MS } from "./config";
import { refreshCoordinationDisabled, type SessionEnd, tellOtherTabs } from "./tabSync";
import { getAccessToken, getCsrfToken, setAccessToken } from "./token";

export const REFRESH_PATH = "/api/token/refresh/";

/** The Web Lock every tab of the browser takes around a refresh: one refresh at a time per browser. */
const REFRESH_LOCK = "zaiko-token-refresh";

/**
 * What a refresh came to: a new access token (already stored), the end of the session (the server
 * refused it: signed out, or no longer a member), or `unavailable` when no answer settled it (network,
 * 429, 5xx): the session may well be fine, so nobody is signed out for that.
 */
export type RefreshOutcome =
  | { ok: true; access: string }
  | { ok: false; ended: Exclude<SessionEnd, "logout"> }
  | { ok: false; ended: null };

let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Asks the server for a new access token with the refresh cookie. Within the tab, concurrent callers
 * (several requests answered 401 at once, the socket) share one call. Across the tabs of the browser,
 * the refresh runs under a Web Lock: a tab that waited for it first looks whether the tab before it
 * already sent a fresh token over (tabSync), and only refreshes itself if not. Each refresh rotates the
 * refresh cookie; one at a time, every tab presents the newest one. Where Web Locks are missing (a plain
 * HTTP origin other than localhost is not a secure context), tabs refresh on their own and the server's
 * reuse grace window keeps them signed in.
 */
export function refreshAccessToken(): Promise<RefreshOutcome> {
  inFlight ??= refreshOncePerBrowser().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function refreshOncePerBrowser(): Promise<RefreshOutcome> {
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  if (!locks || refreshCoordinationDisabled()) return requestNewToken();
  const before = getAccessToken();
  return locks.request(REFRESH_LOCK, async (): Promise<RefreshOutcome> => {
    const now = getAccessToken();
    // Another tab refreshed while this one waited, and its token has arrived here: use it.
    if (now !== null && now !== before) return { ok: true, access: now };
    // The tab before this one was told the session is over, and its answer cleared the cookies: asking again
    // would only be refused as "expired", which is untrue for a deactivated member. Its message to this tab
    // (tabSync) may not have arrived yet; the note it left under the lock has.
    const endedMeanwhile = readSessionEndNote();
    if (endedMeanwhile) return { ok: false, ended: endedMeanwhile };
    // Another tab ended the session while this one waited (tabSync cleared the token here): nothing to renew.
    if (before !== null && now === null) return { ok: false, ended: "expired" };
    const outcome = await requestNewToken();
    if (outcome.ok) {
      forgetSessionEndNote();
      tellOtherTabs({ type: "token", access: outcome.access });
    } else if (outcome.ended) leaveSessionEndNote(outcome.ended);
    return outcome;
  });
}

/**
 * Why the browser's session ended, as the last refresh under the lock learned it: localStorage, which every
 * tab reads at once, unlike a tabSync message. A note is good for a short while only, and a login (a new
 * token stored) removes it, so it never ends a later session.
 */
const SESSION_END_NOTE = "zaiko.sessionEnded";
const SESSION_END_NOTE_MS = 30_000;

function leaveSessionEndNote(reason: Exclude<SessionEnd, "logout">): void {
  try {
    window.localStorage.setItem(SESSION_END_NOTE, JSON.stringify({ reason, at: Date.now() }));
  } catch {
    // Storage disabled: the other tabs learn it from tabSync or their own refresh.
  }
}

function readSessionEndNote(): Exclude<SessionEnd, "logout"> | null {
  try {
    const note = JSON.parse(window.localStorage.getItem(SESSION_END_NOTE) ?? "null") as {
      reason?: unknown;
      at?: unknown;
    } | null;
    if (!note || typeof note.at !== "number" || Date.now() - note.at > SESSION_END_NOTE_MS) return null;
    return note.reason === "membershipEnded"
      ? "membershipEnded"
      : note.reason === "expired"
        ? "expired"
        : null;
  } catch {
    return null;
  }
}

/** A new session (a login) is not ended by what the last one learned. */
export function forgetSessionEndNote(): void {
  try {
    window.localStorage.removeItem(SESSION_END_NOTE);
  } catch {
    // Storage disabled: there is no note.
  }
}

async function requestNewToken(): Promise<RefreshOutcome> {
  // No Authorization header: the expired bearer must not make the server treat this call as
  // bearer-authenticated; the refresh cookie plus the CSRF header is what authenticates it.
  const headers = new Headers({ Accept: "application/json" });
  const csrf = getCsrfToken();
  if (csrf) headers.set("X-CSRFToken", csrf);
  try {
    const response = await fetch(`${getApiOrigin()}${REFRESH_PATH}`, {
      method: "POST",
      credentials: "include",
      headers,
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
    const body: unknown = await response.json().catch(() => null);
    if (response.status === 401 || response.status === 403) {
      const detail = (body as { detail?: unknown } | null)?.detail;
      return { ok: false, ended: detail === ja.errors.membershipEnded ? "membershipEnded" : "expired" };
    }
    const access = (body as { access?: unknown } | null)?.access;
    if (!response.ok || typeof access !== "string" || access === "") {
      console.error("token refresh failed", response.status);
      return { ok: false, ended: null };
    }
    setAccessToken(access);
    return { ok: true, access };
  } catch (error) {
    console.error("token refresh failed", error);
    return { ok: false, ended: null };
  }
}
