/**
 * Lets code outside React (the base query, the socket) move the router. The app sets the router's
 * navigate here once it exists; before that, or in tests without a router, a full page load is used.
 */
type Navigate = (to: string) => void;

let navigator: Navigate | null = null;

/** Registers the router's navigate function (app/ does this on start). */
export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** Client-side navigation from anywhere. */
export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else window.location.assign(to);
}

/** Full page load of `to`: used by logout so no in-memory state of the old session survives. */
export function hardNavigate(to: string): void {
  window.location.assign(to);
}
