import { isValidElement, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { api } from "../lib/api";
import { requestEarly } from "../lib/earlyRequests";
import { awaitFirstScreen, whenFirstScreenShown } from "../lib/firstScreen";
import type { AnyDispatch, FirstQueries } from "../lib/screenData";
import { getAccessToken, tokenGroupId } from "../lib/token";

type Loader = () => Promise<unknown>;

/** Each lazy screen component and the loader of its chunk (routes.tsx registers them). */
const loaders = new Map<unknown, Loader>();

/** What a screen asks for when it opens (routes.tsx's lazyNamed). */
export interface ScreenData {
  /** Its first queries (lib/screenData.ts): their URLs leave with the page. */
  firstQueries: FirstQueries;
  /** Loads the screen's API module (its endpoints), whose queries then take those early answers. */
  loadApi: () => Promise<unknown>;
}

/** The data of each screen that has some, by the screen's loader. */
const screenData = new Map<Loader, ScreenData>();

export function registerScreen(component: unknown, load: Loader, data?: ScreenData): void {
  loaders.set(component, load);
  if (data) screenData.set(load, data);
}

/** The lazy screens inside a route's element (`<RequireAuth><Screen /></RequireAuth>`). */
function screensIn(node: ReactNode, found: Loader[] = []): Loader[] {
  if (!isValidElement(node)) return found;
  const load = loaders.get(node.type);
  if (load) found.push(load);
  const children = (node.props as { children?: ReactNode }).children;
  for (const child of Array.isArray(children) ? children : [children]) screensIn(child, found);
  return found;
}

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === "function"
    ? window.requestIdleCallback(run, { timeout: 5000 })
    : window.setTimeout(run, 200);

/** The lazy chunks' files beyond the first chunk's, listed in index.html by the build (build/screenFiles.ts). */
function screenFiles(): string[] {
  try {
    const list = JSON.parse(document.getElementById("screen-files")?.textContent ?? "[]");
    return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string") : [];
  } catch {
    return [];
  }
}

const requested = (file: string) =>
  performance.getEntriesByName(new URL(file, window.location.href).href).length > 0;

/** Fetches a file into the browser's caches without running it: modulepreload for scripts, prefetch for CSS. */
function fetchAhead(file: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement("link");
    link.rel = file.endsWith(".js") ? "modulepreload" : "prefetch";
    if (link.rel === "prefetch") link.as = "style";
    link.href = file;
    link.onload = link.onerror = () => resolve();
    document.head.appendChild(link);
  });
}

/**
 * Starts the current path's screen chunk at once: a signed-in screen is rendered (and so would start
 * loading) only after the session has been restored, one round trip later. With a token in the tab, the
 * screen's first GETs leave too, while its code is still loading (lib/earlyRequests.ts), and its queries
 * start when their API module is here (lib/screenData.ts). Then, once the page has loaded and the opened
 * screen has been shown, each time the browser is idle, fetches one more file of the other screens, so
 * that the next screen opens without waiting for the network. Fetched, not run: a module runs when its
 * screen is opened (running every screen ahead of use made long tasks on a slow phone while the first
 * screen was in use). One at a time, and not before the opened screen is shown, so that they do not take
 * the slow link and the main thread from it: the load event does not wait for the session, the screen's
 * files and answers and its render.
 */
export function prefetchScreens(
  routes: RouteObject[],
  location: { pathname: string; search: string },
  dispatch?: AnyDispatch,
): void {
  const matches = matchRoutes(routes, location.pathname) ?? [];
  const current = matches.flatMap((match) => screensIn(match.route.element));
  const params = matches.at(-1)?.params ?? {};
  const token = getAccessToken();
  const groupId = token === null ? null : tokenGroupId(token);
  for (const load of current) {
    const data = screenData.get(load);
    const at = groupId === null ? null : { groupId, params, search: new URLSearchParams(location.search) };
    // The data first: a few small answers, which then arrive while the screen's code is loading. They
    // leave while the session is still being restored (the token names the group).
    const first = data && at ? data.firstQueries(at) : [];
    for (const query of first) requestEarly(query.url);
    // The code in tasks of their own: each import inserts a <link rel=modulepreload> per file of the
    // chunk, and with the requests above and the session's start they made one long task on a phone.
    window.setTimeout(() => void load().catch(() => {}), 0);
    // The queries start as soon as their API module is here and take those answers: the screen then
    // renders once, with its data (its hooks ask with the same arguments, so they find them cached).
    if (data && first.length > 0 && dispatch)
      window.setTimeout(
        () =>
          void data
            .loadApi()
            .then(() => {
              for (const { endpoint, arg } of first)
                void dispatch(api.util.prefetch(endpoint as never, arg as never, {}));
            })
            .catch(() => {}),
        0,
      );
  }
  const rest = screenFiles();
  const next = () => {
    let file = rest.shift();
    while (file && requested(file)) file = rest.shift();
    if (!file) return;
    void fetchAhead(file).finally(() => whenIdle(next));
  };
  // Shown: its first render's effect (routes.tsx), or at the latest 10 s later (lib/firstScreen.ts).
  if (current.length > 0) awaitFirstScreen();
  const opened = whenFirstScreenShown();
  const loaded =
    document.readyState === "complete"
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener("load", () => resolve(), { once: true }));
  firstScreenShown = Promise.all([loaded, opened]).then(() => {});
  void firstScreenShown.then(() => whenIdle(next));
}

let firstScreenShown: Promise<void> | undefined;

/**
 * Runs `work` when the browser is first idle after the page has loaded and the opened screen has been
 * shown (prefetchScreens above), so that it takes neither the slow link nor the main thread from that
 * screen: the service worker's registration and precache (main.tsx).
 */
export function afterFirstScreen(work: () => void): void {
  void (firstScreenShown ?? Promise.resolve()).then(() => whenIdle(work));
}
