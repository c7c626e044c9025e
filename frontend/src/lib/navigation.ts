/**
 * Lets code outside React (the base query, the socket) move the router. The app sets the router's
 * navigate here once it exists; before that, or in tests without a router, a full page load is used.
 */
type Navigate = (to: string, state?: unknown) => void;

let navigator: Navigate | null = null;

/** Registers the router's navigate function (app/ does this on start). */
export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** Client-side navigation from anywhere; `state` becomes the router location's state. */
export function navigateTo(to: string, state?: unknown): void {
  if (navigator) navigator(to, state);
  else window.location.assign(to);
}

/** Full page load of `to`: used by logout so no in-memory state of the old session survives. */
export function hardNavigate(to: string): void {
  window.location.assign(to);
}

/** The page the tab shows: path, query and hash. */
export function currentPath(): string {
  return window.location.pathname + window.location.search + window.location.hash;
}
