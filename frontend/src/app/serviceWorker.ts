import { ja } from "@zaiko/common/messages/ja/appUpdate";

/** What this module needs of the app's router (createBrowserRouter's): a callback on each navigation. */
interface RouterLike {
  state: { location: { key: string } };
  subscribe(listener: (state: { location: { key: string } }) => void): () => void;
}

/** How often an open tab asks the server whether sw.js changed (a wall screen stays open for days). */
const UPDATE_CHECK_MS = 30 * 60 * 1000;
/** A failed chunk load reloads the page at most once in this time (a chunk truly missing must not loop). */
const RELOAD_GUARD_MS = 10_000;
const RELOAD_GUARD_KEY = "zaiko:chunk-reload-at";

/**
 * Registers the service worker (frontend/build/pwa.ts) and keeps an open tab on the server's current client
 * (docs/frontend.md, "Installable app"). A lazy chunk, loaded once the first screen has been shown: the
 * login route does not carry it, and the worker's precache does not take the slow link from that screen.
 *
 * A deploy brings a new sw.js; the new worker takes over at once (skipWaiting, clientsClaim), so a reload
 * or a new tab gets the new client. A tab that was open keeps the old code in memory, so it reloads as
 * soon as that loses nothing: when it is hidden, or at the next navigation inside the app (the next screen
 * then opens with the new client). Until then a notice offers 再読み込み. And a screen chunk of the old
 * client that is no longer on the server (Vite's `vite:preloadError`) reloads the page instead of failing.
 */
export function registerServiceWorker(router: RouterLike, controllerAtLoad: ServiceWorker | null): void {
  const container = navigator.serviceWorker;
  // The first worker's clientsClaim also changes the controller: only a change from one worker to
  // another means a new client.
  const now = container.controller;
  let controlled = controllerAtLoad !== null || now !== null;
  // This chunk loads after the first screen: a deploy's worker may have taken over the page before it ran,
  // and that controllerchange is gone. The browser gives one object per worker, so another one is that.
  if (controllerAtLoad !== null && now !== null && now !== controllerAtLoad) reloadWhenSafe(router);
  container.addEventListener("controllerchange", () => {
    if (controlled) reloadWhenSafe(router);
    controlled = true;
  });
  window.addEventListener("vite:preloadError", (event) => {
    const last = Number(sessionStorage.getItem(RELOAD_GUARD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return;
    sessionStorage.setItem(RELOAD_GUARD_KEY, String(Date.now()));
    event.preventDefault();
    window.location.reload();
  });
  void container
    .register("/sw.js", { scope: "/", updateViaCache: "none" })
    .then((registration) => {
      const check = () => void registration.update().catch(() => {});
      window.setInterval(check, UPDATE_CHECK_MS);
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") check();
      });
    })
    // No worker (a private window, an old browser, a failed sw.js): the app works as before, from the network.
    .catch((error: unknown) => console.info("service worker not registered", error));
}

let reloading = false;

function reload(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

function reloadWhenSafe(router: RouterLike): void {
  if (document.visibilityState === "hidden") {
    reload();
    return;
  }
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") reload();
  });
  const at = router.state.location.key;
  router.subscribe((state) => {
    if (state.location.key !== at) reload();
  });
  showNotice();
}

/** A status line at the foot of the screen: plain DOM, no React, so this chunk stays small. */
function showNotice(): void {
  if (document.getElementById("app-update-notice")) return;
  const notice = document.createElement("div");
  notice.id = "app-update-notice";
  notice.className = "app-update-notice";
  notice.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = ja.appUpdate.ready;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "p-button p-component p-button-sm";
  button.textContent = ja.appUpdate.reload;
  button.addEventListener("click", reload);
  notice.append(text, button);
  Object.assign(notice.style, {
    position: "fixed",
    insetInline: "0.5rem",
    bottom: "calc(0.5rem + env(safe-area-inset-bottom, 0px))",
    zIndex: "2000",
    display: "flex",
    alignItems: "center",
    gap: "0.75rem",
    justifyContent: "space-between",
    maxWidth: "40rem",
    marginInline: "auto",
    padding: "0.5rem 0.75rem",
    background: "#1e293b",
    color: "#fff",
    borderRadius: "6px",
    boxShadow: "0 2px 8px rgba(0,0,0,0.3)",
  });
  Object.assign(button.style, { minHeight: "44px", flex: "none" });
  document.body.append(notice);
}
