import type { VitePWAOptions } from "vite-plugin-pwa";
import { CLIENT_ROUTES_WITH_QUERY } from "../../common/src/clientRoutes";
import { ja } from "../../common/src/messages/ja/appUpdate";

/** The theme's primary blue after the accessible darkening (src/app/themeColors.ts); index.html's theme-color. */
export const THEME_COLOR = "#2563eb";
/** The page's background (`--surface-ground` of the theme), shown by the launcher's splash screen. */
const BACKGROUND_COLOR = "#f8f9fa";

/**
 * What the service worker must never answer: the API (per user and per group, and live), the socket,
 * downloads of exports. It caches none of them (no runtime caching at all), and a navigation to them
 * always goes to the server. The navigation fallback's allowlist (the client's routes) excludes them
 * already; this list says it once more, for a route added by mistake.
 */
export const NEVER_FROM_SERVICE_WORKER: readonly RegExp[] = [/^\/api\//, /^\/socket\.io\//, /^\/download\//];

/**
 * The installable app (docs/frontend.md, "Installable app"): the web app manifest and a Workbox service
 * worker generated at build time (vite-plugin-pwa, `generateSW`). The worker precaches index.html and the
 * hashed JavaScript and CSS, so that a repeat visit paints from cache before the network answers, and
 * answers a navigation to a client route (common/src/clientRoutes.ts, the server's list) with the cached
 * index.html. Nothing else: no runtime caching, so /api, socket.io and exports always reach the server.
 *
 * Registration is not here (`injectRegister: false`): src/app/serviceWorker.ts, a lazy chunk loaded once
 * the first screen has been shown, so that it costs the login route nothing.
 */
export const pwaOptions: Partial<VitePWAOptions> = {
  injectRegister: false,
  registerType: "autoUpdate",
  manifest: {
    id: "/",
    name: "在庫管理",
    short_name: "在庫管理",
    description: ja.appUpdate.description,
    lang: "ja",
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  },
  workbox: {
    // The app shell and the hashed files. Not the barcode reader's 1 MB WebAssembly (loaded when a scan
    // starts) nor the theme's Inter fonts (declared, never used: docs/frontend.md "First screen").
    globPatterns: ["index.html", "assets/*.{js,css}", "favicon.svg", "icons/*.png"],
    navigateFallback: "index.html",
    navigateFallbackAllowlist: [...CLIENT_ROUTES_WITH_QUERY],
    navigateFallbackDenylist: [...NEVER_FROM_SERVICE_WORKER],
    runtimeCaching: [],
    // A new worker takes over every open tab at once; the page then reloads when that is safe
    // (src/app/serviceWorker.ts): an old client never keeps running on a new server's worker.
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    // One file (sw.js), revalidated on every check (backend/src/spa.ts), instead of a second workbox-*.js.
    inlineWorkboxRuntime: true,
    sourcemap: false,
  },
};
