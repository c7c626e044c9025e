import { readFileSync } from "node:fs";
import path from "node:path";
import { isClientRoute } from "./spa";

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
