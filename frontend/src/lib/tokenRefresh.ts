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
    // Another tab ended the session while this one waited (tabSync cleared the token here): nothing to renew.
    if (before !== null && now === null) return { ok: false, ended: "expired" };
    const outcome = await requestNewToken();
    if (outcome.ok) tellOtherTabs({ type: "token", access: outcome.access });
    return outcome;
  });
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
