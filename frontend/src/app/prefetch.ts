import type { ThunkAction, UnknownAction } from "@reduxjs/toolkit";
import { isValidElement, type ReactNode } from "react";
import { matchRoutes, type RouteObject } from "react-router-dom";
import { api } from "../lib/api";
import { requestEarly } from "../lib/earlyRequests";
import { awaitFirstScreen, whenFirstScreenShown } from "../lib/firstScreen";
import type { AnyDispatch, FirstQueries } from "../lib/screenData";
import { getAccessToken, tokenGroupId } from "../lib/token";

type Loader = () => Promise<unknown>;
/** The endpoints by name, as far as a first query needs them (the screens inject theirs). */
type Endpoints = Record<
  string,
  { initiate: (arg: unknown) => ThunkAction<{ unsubscribe(): void }, unknown, unknown, UnknownAction> }
>;

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
/** The name of each screen's chunk (its module's, which names its export), by the screen's loader. */
const chunkNames = new Map<Loader, string>();

export function registerScreen(component: unknown, load: Loader, data?: ScreenData, chunk?: string): void {
  loaders.set(component, load);
  if (data) screenData.set(load, data);
  if (chunk) chunkNames.set(load, chunk);
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
  const list = listed("screen-files");
  return Array.isArray(list) ? list.filter((f): f is string => typeof f === "string") : [];
}

/** A JSON list of index.html (build/screenFiles.ts), or undefined. */
function listed(id: string): unknown {
  try {
    return JSON.parse(document.getElementById(id)?.textContent ?? "");
  } catch {
    return undefined;
  }
}

/** A lazy chunk's own JavaScript files beyond the first chunk's, by the chunk's name (build/screenFiles.ts). */
function chunkFiles(name: string, files: string[]): string[] {
  const own = (listed("screen-chunks") as Record<string, unknown> | undefined)?.[name];
  return Array.isArray(own) ? own.flatMap((i) => (typeof i === "number" && files[i] ? [files[i]] : [])) : [];
}

const PRELOADS_PER_TASK = 4;

/** The opened screen's preloads (preloadInTurns): its import waits for them (screenCodeAhead). */
let preloading: Promise<void> = Promise.resolve();

/**
 * Resolves once the opened screen's files have been preloaded (at once after that, or on a later screen):
 * a screen's import waits for it (routes.tsx), so that it finds every link there. Rendered as soon as the
 * session had answered, the screen's import inserted the links left in one go.
 */
export function screenCodeAhead(): Promise<void> {
  return preloading;
}

/**
 * Inserts a `<link rel=modulepreload>` per file, a few per task (the first in the next task), then resolves.
 * The import() of a screen inserts one per file of its chunk in one go, unless that link is already there:
 * for the 25–45 files of a screen, that was a task of 100–220 ms on a phone (each insertion starts a fetch).
 */
function preloadInTurns(files: string[]): Promise<void> {
  const left = [...new Set(files)];
  return new Promise((resolve) => {
    const next = () => {
      for (const file of left.splice(0, PRELOADS_PER_TASK)) void fetchAhead(file);
      if (left.length > 0) window.setTimeout(next, 0);
      else resolve();
    };
    window.setTimeout(next, 0);
  });
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
  const files = screenFiles();
  const token = getAccessToken();
  const groupId = token === null ? null : tokenGroupId(token);
  for (const load of current) {
    const data = screenData.get(load);
    const at = groupId === null ? null : { groupId, params, search: new URLSearchParams(location.search) };
    // The data first: a few small answers, which then arrive while the screen's code is loading. They
    // leave while the session is still being restored (the token names the group).
    const first = data && at ? data.firstQueries(at) : [];
    for (const query of first) requestEarly(query.url);
    // The code after the requests above, its files preloaded a few per task (preloadInTurns): with them
    // and the session's start, the screen's import made one long task on a phone.
    const name = chunkNames.get(load);
    const ahead = name ? [...chunkFiles(name, files), ...chunkFiles("screenSetup", files)] : [];
    const code = preloadInTurns(ahead);
    preloading = code;
    void code.then(load).catch(() => {});
    // The queries start as soon as their API module is here and take those answers: the screen then
    // renders once, with its data (its hooks ask with the same arguments, so they find them cached).
    if (data && first.length > 0 && dispatch)
      void code
        .then(data.loadApi)
        .then(() => {
          // Subscribed until the screen has been shown (its hooks have subscribed by then): an endpoint
          // that drops unused data at once (the board's overdue warnings) would have dropped the answer.
          const held = first.map(({ endpoint, arg }) =>
            dispatch((api.endpoints as unknown as Endpoints)[endpoint]!.initiate(arg)),
          );
          void whenFirstScreenShown().then(() => {
            for (const query of held) query.unsubscribe();
          });
        })
        .catch(() => {});
  }
  const rest = [...files];
  const next = () => {
    let file = rest.shift();
    while (file && requested(file)) file = rest.shift();
    if (!file) return;
    void fetchAhead(file).finally(() => whenIdle(next));
  };
  // Shown: its first render painted (routes.tsx), or at the latest 10 s later (lib/firstScreen.ts).
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
