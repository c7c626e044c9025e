/**
 * Lighthouse benchmark (issue 22): how fast the web client opens on a phone and on a desktop.
 *
 *   node -r esbuild-register scripts/bench/lighthouse.ts      (or `npm run bench lighthouse`)
 *
 * Builds the app (`npm run build`; BENCH_NO_BUILD=1 skips it), starts the BUILT server on a fresh embedded
 * database (as `npm start` serves it), seeds one group (items, cases with shipped items, some going out
 * today) and runs Lighthouse 12 with its mobile preset (simulated slow 4G, 4× slower CPU, Moto G Power
 * screen) and its desktop preset on /login signed out and on /workcase, /orderitems/{id} and /warehouse
 * signed in. Each page and preset runs BENCH_RUNS times (3); the run with the median performance score
 * is reported, with its metrics and what crossed the wire (transfer sizes by type, and the part requested
 * before the load event: the rest is the other screens, prefetched when the browser is idle). Chromium is
 * Debian's (CHROME_PATH, default /usr/bin/chromium), driven through puppeteer-core (downloads no browser).
 *
 * Signing in: the access token lives in the tab's sessionStorage (spec §9), which Lighthouse's storage
 * reset leaves alone while it clears the HTTP cache and cookies. So each signed-in run opens a new tab,
 * puts a fresh token into its sessionStorage on the app's origin and lets Lighthouse load the page cold.
 *
 * Then the repeat visit (issue 41): each page opened a second time in the same tab, with the network and the
 * CPU slowed down as Lighthouse's mobile preset does it with DevTools throttling, once with the service
 * worker installed (it answers the document and the files from its cache) and once without a worker (the
 * HTTP cache only: index.html is revalidated over the slow link), beside a first visit on an empty cache under
 * the same throttling. Reports the median first contentful paint of BENCH_RUNS runs and when the first
 * API answer arrived (a signed-in screen paints its frame before it). BENCH_REPEAT=0 leaves it out.
 *
 * BENCH_LHR_DIR=dir keeps each run's full report there. Writes the table into docs/benchmarks.md between the lighthouse markers (not with BENCH_DOCS=0).
 * Lighthouse's simulated timings are computed from a trace taken on this machine: a busy CPU makes TBT
 * and the score worse, so the CPU yardstick is printed beside them.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import puppeteer, { type Browser } from "puppeteer-core";
import { CHROMIUM_ARGS, type RunningApp, startApp } from "../../frontend/e2e/harness";
import { cpuYardstick, type Json, writeDocsSection } from "./benchApi";
import { screensToken, seedScreens, signInTab } from "./screensSeed";

const ROOT = path.resolve(__dirname, "../..");
const RUNS = Number(process.env.BENCH_RUNS || 3);
const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Only these pages (comma-separated paths of PAGES, e.g. "/login"); all by default. */
const ONLY = process.env.BENCH_PAGES?.split(",").map((s) => s.trim());
/** mobile, desktop or both (default). */
const PRESETS = (process.env.BENCH_PRESETS || "mobile,desktop").split(",") as Preset[];
/** Where to keep every run's full Lighthouse report (JSON), to read what the scores come from. */
const REPORT_DIR = process.env.BENCH_LHR_DIR;

type Preset = "mobile" | "desktop";

interface PageToMeasure {
  name: string;
  path: string;
  signedIn: boolean;
}

interface Result {
  page: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes on the wire by resource type ("total", "script", "stylesheet", "font", "document", "other"…). */
  transfer: Record<string, number>;
  requests: number;
  /** Bytes of the requests started before the page's load event: the first screen, without the prefetch. */
  beforeLoad: number;
  allScores: number[];
}

/** The row of the resource-summary audit for each resource type. */
function transferSizes(lhr: Json): {
  transfer: Record<string, number>;
  requests: number;
  beforeLoad: number;
} {
  const transfer: Record<string, number> = {};
  let requests = 0;
  for (const row of lhr.audits["resource-summary"]?.details?.items ?? []) {
    transfer[row.resourceType] = row.transferSize;
    if (row.resourceType === "total") requests = row.requestCount;
  }
  // Observed (not simulated) times, both from the navigation's start.
  const load = Number(lhr.audits.metrics?.details?.items?.[0]?.observedLoad ?? Number.POSITIVE_INFINITY);
  let beforeLoad = 0;
  for (const r of lhr.audits["network-requests"]?.details?.items ?? [])
    if (Number(r.networkRequestTime) < load) beforeLoad += Number(r.transferSize ?? 0);
  return { transfer, requests, beforeLoad };
}

async function runOnce(
  browser: Browser,
  url: string,
  preset: Preset,
  token: string | null,
): Promise<Omit<Result, "page" | "allScores">> {
  const { default: lighthouse, desktopConfig } = await import("lighthouse");
  const page = await browser.newPage();
  try {
    if (token) await signInTab(page, url, token);
    const result = await lighthouse(
      url,
      {
        logLevel: "error",
        output: "json",
        onlyCategories: ["performance", "accessibility", "best-practices"],
      },
      preset === "desktop" ? desktopConfig : undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr as Json;
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      const name = `${new URL(url).pathname.replaceAll("/", "_")}-${preset}-${Date.now()}.json`;
      writeFileSync(path.join(REPORT_DIR, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const finalUrl: string = lhr.finalDisplayedUrl ?? lhr.finalUrl;
    if (new URL(finalUrl).pathname !== new URL(url).pathname)
      throw new Error(`${url} ended at ${finalUrl} (not signed in?)`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const metric = (id: string) => Number(lhr.audits[id]?.numericValue ?? Number.NaN);
    return {
      preset,
      performance: score("performance"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      fcpMs: metric("first-contentful-paint"),
      lcpMs: metric("largest-contentful-paint"),
      tbtMs: metric("total-blocking-time"),
      cls: metric("cumulative-layout-shift"),
      ...transferSizes(lhr),
    };
  } finally {
    await page.close();
  }
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART, NO_FCP): such a run is
 * repeated, up to twice.
 */
async function withRetries<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|PROTOCOL_TIMEOUT/.test(String(error))) throw error;
      console.warn(`retrying after: ${String(error).split("\n")[0]}`);
    }
  }
}

const kib = (bytes: number | undefined) => (bytes === undefined ? "0" : (bytes / 1024).toFixed(1));
const sec = (ms: number) => (ms / 1000).toFixed(1);

function table(results: Result[]): string {
  const lines = [
    "| page | preset | performance | accessibility | best practices | FCP s | LCP s | TBT ms | CLS | transferred KiB (JS / CSS / fonts / document) | of it before the load event | requests | performance of each run |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  for (const r of results) {
    const t = r.transfer;
    lines.push(
      `| ${r.page} | ${r.preset} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${sec(r.fcpMs)} | ${sec(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${kib(t.total)} (${kib(t.script)} / ${kib(t.stylesheet)} / ${kib(t.font)} / ${kib(t.document)}) | ${kib(r.beforeLoad)} | ${r.requests} | ${r.allScores.join(", ")} |`,
    );
  }
  return lines.join("\n");
}

/**
 * Lighthouse's mobile preset as DevTools throttling (its `mobileSlow4G` with the DevTools adjustments: the
 * round trip × 3.75 as each request's latency, throughput × 0.9) and its Moto G Power screen. Answers from the
 * service worker's cache do not cross the throttled network; what the worker or the page fetches does.
 */
const SLOW_4G = { latency: 562.5, download: (1474.56 * 1024) / 8, upload: (675 * 1024) / 8 };
const MOBILE_SCREEN = { width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

type Visit = "first" | "repeat, HTTP cache only" | "repeat, service worker";

interface VisitTiming {
  fcpMs: number;
  /** When the first answer to an /api request ended, from the navigation's start (none on /login). */
  firstApiMs: number | null;
  documentFromWorker: boolean;
}

/** The page's performance timeline, as much of it as is read here (scripts have no DOM library). */
interface PagePerformance {
  getEntriesByName(name: string): { startTime: number }[];
  getEntriesByType(type: string): { name: string; responseEnd: number }[];
}

/**
 * Runs in the page: its first contentful paint and the end of its first /api answer (ms from the
 * navigation's start), or null before the paint.
 */
function paintAndFirstAnswer(): { fcpMs: number; firstApiMs: number | null } | null {
  const perf = (globalThis as unknown as { performance: PagePerformance }).performance;
  const fcp = perf.getEntriesByName("first-contentful-paint")[0];
  if (!fcp) return null;
  const api = perf
    .getEntriesByType("resource")
    .filter((e) => new URL(e.name).pathname.startsWith("/api/") && e.responseEnd > 0)
    .map((e) => e.responseEnd);
  return { fcpMs: fcp.startTime, firstApiMs: api.length ? Math.min(...api) : null };
}

/** One visit of `url` in a fresh browser context: the first, or the second after a visit at full speed. */
async function visit(browser: Browser, url: string, token: string | null, kind: Visit): Promise<VisitTiming> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport(MOBILE_SCREEN);
    if (kind === "repeat, HTTP cache only")
      // The app registers its worker only where the browser has them (src/main.tsx): this browser has none.
      await page.evaluateOnNewDocument(() => {
        delete (globalThis as unknown as { Navigator: { prototype: { serviceWorker?: unknown } } }).Navigator
          .prototype.serviceWorker;
      });
    if (token) await signInTab(page, url, token);
    if (kind !== "first") {
      // The first visit at full speed, until the page and its prefetching are done and the worker (where
      // there is one) has precached the files and controls the page.
      await page.goto(url, { waitUntil: "load" });
      if (kind === "repeat, service worker")
        await page.waitForFunction(
          () =>
            (globalThis as unknown as { navigator: { serviceWorker: { controller: unknown } } }).navigator
              .serviceWorker.controller !== null,
          { timeout: 60_000 },
        );
      await page.waitForNetworkIdle({ idleTime: 1000, timeout: 60_000 });
    }
    await page.emulateNetworkConditions(SLOW_4G);
    await page.emulateCPUThrottling(4);
    const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
    const timing = await page.waitForFunction(paintAndFirstAnswer, { timeout: 120_000, polling: 100 });
    const value = (await timing.jsonValue()) as { fcpMs: number; firstApiMs: number | null };
    // A signed-in screen's first answer may come after its paint: wait for it.
    if (token && value.firstApiMs === null) {
      await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 }).catch(() => {});
      value.firstApiMs = (await page.evaluate(paintAndFirstAnswer))?.firstApiMs ?? null;
    }
    return { ...value, documentFromWorker: response?.fromServiceWorker() ?? false };
  } finally {
    await context.close();
  }
}

interface RepeatRow {
  page: string;
  visits: Record<Visit, VisitTiming[]>;
}

const VISITS: Visit[] = ["first", "repeat, HTTP cache only", "repeat, service worker"];

const medianOf = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

function repeatTable(rows: RepeatRow[]): string {
  const lines = [
    "| page | first visit FCP s | repeat, HTTP cache only: FCP s | repeat, service worker: FCP s | repeat, service worker: first API answer s | document from the worker | FCP of each run (first / HTTP cache / worker), s |",
    "|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const fcp = (v: Visit) => sec(medianOf(row.visits[v].map((t) => t.fcpMs)));
    const sw = row.visits["repeat, service worker"];
    const api = sw.map((t) => t.firstApiMs).filter((t): t is number => t !== null);
    const each = VISITS.map((v) => row.visits[v].map((t) => sec(t.fcpMs)).join(", ")).join(" / ");
    lines.push(
      `| ${row.page} | ${fcp("first")} | ${fcp("repeat, HTTP cache only")} | ${fcp("repeat, service worker")} | ${api.length ? sec(medianOf(api)) : "–"} | ${sw.every((t) => t.documentFromWorker) ? "yes" : "no"} | ${each} |`,
    );
  }
  return lines.join("\n");
}

async function main() {
  if (process.env.BENCH_NO_BUILD !== "1") {
    const build = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  try {
    app = await startApp({ LOG_LEVEL: "error" });
    const base = app.url;
    const { email, caseId } = await seedScreens(base);
    const pages: PageToMeasure[] = [
      { name: "/login", path: "/login", signedIn: false },
      { name: "/workcase", path: "/workcase", signedIn: true },
      { name: "/orderitems/{id}", path: `/orderitems/${caseId}`, signedIn: true },
      { name: "/warehouse", path: "/warehouse", signedIn: true },
    ].filter((p) => !ONLY || ONLY.includes(p.name) || ONLY.includes(p.path));
    const signIn = () => screensToken(base, email);

    const yardstick = await cpuYardstick();
    console.info(yardstick);
    browser = await puppeteer.launch({
      executablePath: CHROME_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
    });
    const results: Result[] = [];
    for (const page of pages) {
      for (const preset of PRESETS) {
        const runs: Omit<Result, "page" | "allScores">[] = [];
        for (let i = 0; i < RUNS; i++) {
          // A fresh token per run: access tokens live 15 minutes.
          const token = page.signedIn ? await signIn() : null;
          runs.push(await withRetries(() => runOnce(browser!, `${base}${page.path}`, preset, token)));
        }
        const sorted = [...runs].sort((a, b) => a.performance - b.performance);
        const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
        const result = { ...median, page: page.name, allScores: runs.map((r) => r.performance) };
        results.push(result);
        console.info(table([result]).split("\n")[2]);
      }
    }
    const repeatRows: RepeatRow[] = [];
    if (process.env.BENCH_REPEAT !== "0")
      for (const page of pages) {
        const row: RepeatRow = {
          page: page.name,
          visits: { first: [], "repeat, HTTP cache only": [], "repeat, service worker": [] },
        };
        for (let i = 0; i < RUNS; i++)
          for (const kind of VISITS) {
            const token = page.signedIn ? await signIn() : null;
            row.visits[kind].push(await visit(browser, `${base}${page.path}`, token, kind));
          }
        repeatRows.push(row);
        console.info(repeatTable([row]).split("\n")[2]);
      }
    const report = [
      `Run ${new Date().toISOString().slice(0, 16)}Z on commit ${gitCommit()}, Lighthouse 12.2.3, ${chromiumVersion()}, ${RUNS} run(s) per row (the median by performance score is shown). ${yardstick}.`,
      "",
      table(results),
      ...(repeatRows.length
        ? [
            "",
            `The repeat visit: first contentful paint under the mobile preset's DevTools throttling (562.5 ms per request, 1.44 Mbit/s, CPU 4× slower), median of ${RUNS}; "first" is an empty cache.`,
            "",
            repeatTable(repeatRows),
          ]
        : []),
    ].join("\n");
    console.info(`\n${report}`);
    if (!ONLY && PRESETS.length === 2) writeDocsSection("lighthouse", report);
    else console.info("(a partial run: docs/benchmarks.md not written)");
  } finally {
    await browser?.close();
    await app?.stop();
  }
}

function gitCommit(): string {
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return `${rev.stdout.trim()}${dirty.stdout.trim() ? " (with uncommitted changes)" : ""}`;
}

function chromiumVersion(): string {
  const v = spawnSync(CHROME_PATH, ["--version"], { encoding: "utf8" });
  return v.stdout.trim() || "Chromium";
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
