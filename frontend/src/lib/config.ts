/**
 * The origin every API call and the socket go to. The browser build talks to its own origin (the
 * Vite dev server proxies /api and /socket.io). Tests set an absolute origin because Node's
 * Request refuses relative URLs.
 */
let apiOrigin: string | null = null;

/** Overrides the API origin (tests, or a client served from another host). */
export function setApiOrigin(origin: string | null): void {
  apiOrigin = origin;
}

/** The absolute origin to prefix API paths with. */
export function getApiOrigin(): string {
  return apiOrigin ?? window.location.origin;
}

/** Every HTTP call gives up after this long (spec §9). */
export const HTTP_TIMEOUT_MS = 10_000;
