/**
 * The client's routes (spec §2, and ours: frontend/src/app/routes.tsx). The server answers them with the
 * client (backend/src/spa.ts; anything else gets the client's NotFound screen with a 404 status) and the
 * service worker answers a navigation to them with its cached index.html (frontend/build/pwa.ts). Keep this
 * list and the router's in step: `backend/src/spa.test.ts` and step 9a of `secondRound.e2e.ts` open every
 * route directly.
 */
export const CLIENT_ROUTES: readonly RegExp[] = [
  /^\/$/,
  /^\/workcase\/?$/,
  /^\/category\/?$/,
  /^\/item\/\d{1,4}\/\d{1,2}\/\d{1,2}\/?$/,
  /^\/orderitems\/\d+\/?$/,
  /^\/orderitemslist\/\d+\/?$/,
  /^\/login\/?$/,
  /^\/signup\/?$/,
  /^\/useredit\/\d+\/?$/,
  /^\/user\/?$/,
  /^\/warehouse\/?$/,
  /^\/workcase\/\d+\/packlist\/?$/,
  /^\/availability\/(item|category)\/\d+\/?$/,
  /^\/sets\/?$/,
  /^\/notifications\/?$/,
  /^\/units\/\d+\/?$/,
  /^\/subrentals\/?$/,
  /^\/webhooks\/?$/,
];

/** Whether a path (no query) is one of the client's routes. */
export const isClientRoute = (p: string) => CLIENT_ROUTES.some((re) => re.test(p));

/**
 * The same routes matched against a path with its query string, as Workbox's NavigationRoute tests them
 * (`pathname + search`): `/workcase?range=week` is the list's route too.
 */
export const CLIENT_ROUTES_WITH_QUERY: readonly RegExp[] = CLIENT_ROUTES.map(
  (re) => new RegExp(`${re.source.replace(/\$$/, "")}(?:\\?.*)?$`),
);
