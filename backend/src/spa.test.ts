import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Koa from "koa";
import request from "supertest";
import { IMMUTABLE_CACHE, isClientRoute, serveClient } from "./spa";

/** Every `path: "…"` of the client's router (frontend/src/app/routes.tsx), but the catch-all. */
function routerPaths(): string[] {
  const source = readFileSync(path.resolve(__dirname, "../../frontend/src/app/routes.tsx"), "utf8");
  return [...source.matchAll(/path: "([^"]+)"/g)].map((m) => m[1]!).filter((p) => p !== "*");
}

/** A concrete address of a router path: its parameters filled in as a link would. */
const example = (route: string) =>
  `/${route}`
    .replace(":year", "2026")
    .replace(":month", "11")
    .replace(":day", "27")
    .replace(":kind", "item")
    .replace(/:[a-zA-Z]+/g, "12");

describe("isClientRoute: the server answers every client route with the client and 200", () => {
  it("knows every route of the client's router (opened directly, a bookmark or a reload)", () => {
    const paths = routerPaths();
    // The router's own list, so a route added there and not here fails this test (issue 36: the pack
    // list and the availability timeline answered 404 when opened directly).
    expect(paths).toEqual(expect.arrayContaining(["workcase/:caseId/packlist", "availability/:kind/:id"]));
    for (const route of paths) expect([route, isClientRoute(example(route))]).toEqual([route, true]);
  });

  it("takes a category timeline and a trailing slash; other addresses stay the NotFound screen's 404", () => {
    expect(isClientRoute("/availability/category/3")).toBe(true);
    expect(isClientRoute("/workcase/3/packlist/")).toBe(true);
    expect(isClientRoute("/availability/person/3")).toBe(false);
    expect(isClientRoute("/workcase/x/packlist")).toBe(false);
    expect(isClientRoute("/nothing-here")).toBe(false);
  });
});

describe("serveClient: the cache headers of the installable app's files (docs/frontend.md, Installable app)", () => {
  let dir: string;
  let server: ReturnType<Koa["callback"]>;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "zaiko-spa-"));
    mkdirSync(path.join(dir, "assets"));
    mkdirSync(path.join(dir, "icons"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>在庫管理</title>");
    writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(path.join(dir, "manifest.webmanifest"), JSON.stringify({ name: "在庫管理" }));
    writeFileSync(path.join(dir, "assets", "index-AbCd1234.js"), "export {};");
    writeFileSync(path.join(dir, "icons", "icon-192.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const app = new Koa();
    for (const mw of serveClient(dir)) app.use(mw);
    server = app.callback();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("revalidates the service worker and the manifest on every check, so a deploy is found at once", async () => {
    const sw = await request(server).get("/sw.js");
    expect([sw.status, sw.headers["cache-control"], sw.headers["content-type"]]).toEqual([
      200,
      "no-cache",
      "text/javascript; charset=utf-8",
    ]);
    const manifest = await request(server).get("/manifest.webmanifest");
    expect([manifest.status, manifest.headers["cache-control"], manifest.headers["content-type"]]).toEqual([
      200,
      "no-cache",
      "application/manifest+json; charset=utf-8",
    ]);
  });

  it("keeps the hashed files a year and the icons an hour, as the other files", async () => {
    expect((await request(server).get("/assets/index-AbCd1234.js")).headers["cache-control"]).toBe(
      IMMUTABLE_CACHE,
    );
    const icon = await request(server).get("/icons/icon-192.png");
    expect([icon.headers["cache-control"], icon.headers["content-type"]]).toEqual([
      "public, max-age=3600",
      "image/png",
    ]);
    expect((await request(server).get("/workcase")).headers["cache-control"]).toBe("no-cache");
  });
});
