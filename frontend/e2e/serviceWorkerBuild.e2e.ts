/**
 * The built service worker (frontend/build/pwa.ts, docs/frontend.md "Installable app") never answers the
 * API, the socket or an export: dist/sw.js runs here in a stand-in of the worker's global scope and is handed
 * fetch events; a request it does not answer is one it never called `respondWith` for, so it goes to the
 * network as if there were no worker. The controls show the same harness does see it answer (the app shell,
 * the hashed files, a client route). Reads the build (`npm run build` first), like the size budget.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { CLIENT_DIST } from "./routeSize";

const ORIGIN = "https://zaiko.example";

type Listener = (event: unknown) => void;

/** Runs sw.js and returns a function that dispatches one fetch event and says whether the worker answered. */
function loadWorker(): (pathAndQuery: string, mode: "navigate" | "cors" | "websocket") => boolean {
  const listeners = new Map<string, Listener[]>();
  const self: Record<string, unknown> = {
    location: new URL(`${ORIGIN}/sw.js`),
    registration: { scope: `${ORIGIN}/` },
    addEventListener: (type: string, listener: Listener) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
    // Never reached with a real cache here: an answered event's promise is dropped unawaited.
    caches: { open: () => new Promise(() => {}), keys: () => Promise.resolve([]), match: () => undefined },
  };
  const context = vm.createContext({
    self,
    location: self.location,
    caches: self.caches,
    URL,
    Request,
    Response,
    Headers,
    fetch: () => new Promise(() => {}),
    console,
    setTimeout,
    Promise,
  });
  vm.runInContext(readFileSync(path.join(CLIENT_DIST, "sw.js"), "utf8"), context, { filename: "sw.js" });
  const fetchListeners = listeners.get("fetch") ?? [];
  if (fetchListeners.length === 0) throw new Error("sw.js added no fetch listener");
  return (pathAndQuery, mode) => {
    let answered = false;
    const event = {
      request: {
        url: `${ORIGIN}${pathAndQuery}`,
        method: "GET",
        mode,
        headers: new Headers(),
        destination: mode === "navigate" ? "document" : "",
      },
      respondWith: (response: Promise<unknown>) => {
        answered = true;
        Promise.resolve(response).catch(() => {});
      },
      waitUntil: () => {},
    };
    for (const listener of fetchListeners) listener(event);
    return answered;
  };
}

describe("the built service worker", () => {
  const answers = loadWorker();
  const precached = [
    ...readFileSync(path.join(CLIENT_DIST, "sw.js"), "utf8").matchAll(/\{url:"([^"]+)",revision:/g),
  ].map((m) => m[1]!);

  it("precaches the app shell and the hashed files, and nothing of the API", () => {
    expect(precached).toEqual(expect.arrayContaining(["index.html", "manifest.webmanifest", "favicon.svg"]));
    expect(precached.filter((u) => /^assets\/.+\.js$/.test(u)).length).toBeGreaterThan(20);
    const stylesheets = readdirSync(path.join(CLIENT_DIST, "assets"))
      .filter((f) => f.endsWith(".css"))
      .map((f) => `assets/${f}`);
    expect(stylesheets.length).toBeGreaterThan(1);
    expect(precached).toEqual(expect.arrayContaining(stylesheets));
    expect(
      precached.filter((u) => !/^(index\.html|manifest\.webmanifest|favicon\.svg|icons\/|assets\/)/.test(u)),
    ).toEqual([]);
  });

  it("answers the app shell, its files and a client route from its cache (the controls)", () => {
    const script = precached.find((u) => u.endsWith(".js"))!;
    expect(answers(`/${script}`, "cors")).toBe(true);
    expect(answers("/index.html", "cors")).toBe(true);
    expect(answers("/workcase", "navigate")).toBe(true);
    expect(answers("/workcase?range=week", "navigate")).toBe(true);
    expect(answers("/orderitems/12", "navigate")).toBe(true);
    expect(answers("/login", "navigate")).toBe(true);
  });

  it.each([
    ["/api/workcases/", "cors"],
    ["/api/workcases/?date=2026-11-28", "cors"],
    ["/api/user-info/", "cors"],
    ["/api/token/", "cors"],
    ["/api/healthz", "navigate"],
    ["/api/workcases/12/", "navigate"],
    ["/api/orderitems/export/?work_case=1", "navigate"],
    ["/socket.io/?EIO=4&transport=polling", "cors"],
    ["/socket.io/?EIO=4&transport=websocket", "websocket"],
    ["/download/history.csv", "navigate"],
    ["/download/history.csv", "cors"],
  ] as const)("never answers %s (%s): it goes to the server", (url, mode) => {
    expect(answers(url, mode)).toBe(false);
  });

  it("leaves a navigation outside the client's routes to the server (its NotFound and 404)", () => {
    expect(answers("/nothing-here", "navigate")).toBe(false);
    expect(answers("/workcase/x/packlist", "navigate")).toBe(false);
  });
});
