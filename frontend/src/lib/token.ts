/** Where the access token lives (spec §9): per tab, gone when the tab closes. */
export const ACCESS_TOKEN_KEY = "access_token";
/** The readable double-submit cookie the server sets next to the refresh cookie. */
export const CSRF_COOKIE = "csrftoken";

/** The stored access token, or null when signed out. */
export function getAccessToken(): string | null {
  try {
    return window.sessionStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage can be disabled (private modes, strict settings): behave as signed out.
    return null;
  }
}

/** Stores a freshly issued access token. */
export function setAccessToken(token: string): void {
  window.sessionStorage.setItem(ACCESS_TOKEN_KEY, token);
}

/** Forgets the access token (logout, expiry). */
export function clearAccessToken(): void {
  window.sessionStorage.removeItem(ACCESS_TOKEN_KEY);
}

/** The value of the csrftoken cookie, to echo in X-CSRFToken; null when absent. */
export function getCsrfToken(): string | null {
  for (const part of document.cookie.split(";")) {
    const [rawName, ...rest] = part.split("=");
    if (rawName?.trim() === CSRF_COOKIE) return decodeURIComponent(rest.join("=").trim());
  }
  return null;
}

/** A numeric claim of an access token, read without verifying; null when unreadable. */
function numericClaim(token: string, claim: "sub" | "gid"): number | null {
  try {
    const payload = token.split(".")[1] ?? "";
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
    const value = Number((claims as Record<string, unknown> | null)?.[claim]);
    return Number.isInteger(value) ? value : null;
  } catch {
    return null;
  }
}

/** The user id an access token was issued to (its `sub`), read without verifying; null when unreadable. */
export function tokenUserId(token: string): number | null {
  return numericClaim(token, "sub");
}

/** The group an access token was issued for (its `gid`), read without verifying; null when unreadable. */
export function tokenGroupId(token: string): number | null {
  return numericClaim(token, "gid");
}
