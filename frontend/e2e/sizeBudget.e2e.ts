/**
 * The size budget of the first screen (issue 22): the JavaScript and CSS that /login needs before it can
 * be used, gzipped, read from the build's manifest (`npm test` builds first). Deterministic: sizes, not
 * timings (Lighthouse's timings are in scripts/bench/lighthouse.ts and docs/benchmarks.md).
 *
 * When it fails, the message lists the route's chunks beside their sizes when the budget was set, so the
 * chunk that grew is named. Raising the budget is a decision: write why in docs/frontend.md ("First
 * screen").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CLIENT_DIST, type RouteFile, routeFiles } from "./routeSize";

const LOGIN_ROUTE = "src/features/auth/LoginPage.tsx";
/** KiB (1,024 bytes), gzip level 9, JavaScript and CSS together. */
export const LOGIN_ROUTE_BUDGET_KIB = 148;
/** Each chunk of the login route when the budget was set (KiB, gzip -9), to tell what grew. */
const SIZES_AT_BUDGET: Record<string, number> = {
  "index.html": 136.8,
  "index.html (CSS)": 4.7,
  // React's helper chunk of issue 22 is part of this one in the current build (it was already so on main).
  firstScreen: 4.0,
  "rolldown-runtime": 0.4,
  "jsx-runtime": 0.3,
};
/** A chunk counts as grown beyond this. */
const GROWTH_KIB = 0.5;

const kib = (bytes: number) => bytes / 1024;

function report(files: RouteFile[], total: number): string {
  const rows = [...files]
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .map((f) => {
      const now = kib(f.gzipBytes);
      const before = SIZES_AT_BUDGET[f.chunk];
      const note =
        before === undefined
          ? "NEW in the login route"
          : now > before + GROWTH_KIB
            ? `GREW by ${(now - before).toFixed(1)} KiB (was ${before.toFixed(1)})`
            : `was ${before.toFixed(1)}`;
      return `  ${now.toFixed(1).padStart(6)} KiB  ${f.chunk}  ${f.file}  ${note}`;
    });
  return [
    `The login route needs ${total.toFixed(1)} KiB of gzipped JavaScript and CSS; the budget is ${LOGIN_ROUTE_BUDGET_KIB} KiB (${CLIENT_DIST}).`,
    "Its chunks, largest first:",
    ...rows,
    'Keep what the first screen does not need out of its static imports (a lazy route, a dynamic import); see docs/frontend.md, "First screen".',
  ].join("\n");
}

describe("size budget of the first screen", () => {
  it(`keeps /login's JavaScript and CSS under ${LOGIN_ROUTE_BUDGET_KIB} KiB gzipped`, () => {
    const files = routeFiles(LOGIN_ROUTE);
    const total = kib(files.reduce((sum, f) => sum + f.gzipBytes, 0));
    console.info(report(files, total));
    if (total > LOGIN_ROUTE_BUDGET_KIB) throw new Error(report(files, total));
  });

  it("carries the theme's rules for the first screen's components only", () => {
    const css = routeFiles(LOGIN_ROUTE)
      .filter((f) => f.file.endsWith(".css"))
      .map((f) => readFileSync(path.join(CLIENT_DIST, f.file), "utf8"))
      .join("\n");
    // The login form's, the header's and the spinner's, and the theme's variables (build/themeSplit.ts).
    for (const rule of [
      ".p-inputtext:enabled:focus",
      ".p-button.p-button-text",
      ".p-chip",
      "--primary-color:",
    ])
      expect(css).toContain(rule);
    // Components of the signed-in screens: their rules come with those screens' chunks.
    for (const rule of [
      ".p-datatable",
      ".p-dialog .p-dialog-content",
      ".p-dropdown-panel",
      ".p-toast-message-success",
    ])
      expect(css).not.toContain(rule);
  });
});
