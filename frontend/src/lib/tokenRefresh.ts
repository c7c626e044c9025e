import { getApiOrigin, HTTP_TIMEOUT_MS } from "./config";
import { getCsrfToken, setAccessToken } from "./token";

export const REFRESH_PATH = "/api/token/refresh/";

let inFlight: Promise<string | null> | null = null;

/**
 * Asks the server for a new access token with the refresh cookie. Concurrent callers (several
 * requests answered 401 at once, the socket) share one call: the server rotates the refresh token
 * and would treat a second use of the old one as token theft.
 * Resolves to the new token (already stored) or null when the session cannot be renewed.
 */
export function refreshAccessToken(): Promise<string | null> {
  inFlight ??= requestNewToken().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function requestNewToken(): Promise<string | null> {
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
    if (!response.ok) return null;
    const body: unknown = await response.json();
    const access = (body as { access?: unknown } | null)?.access;
    if (typeof access !== "string" || access === "") return null;
    setAccessToken(access);
    return access;
  } catch (error) {
    console.error("token refresh failed", error);
    return null;
  }
}
