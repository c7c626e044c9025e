/**
 * What a screen of the web client spends its first seconds on: a look inside the figures of lighthouse.ts.
 *
 *   node -r esbuild-register scripts/bench/pageProfile.ts [/workcase|/orderitems|/warehouse|/login]…
 *
 * Starts the BUILT server (`npm run build` first) on a fresh embedded database with the data of the
 * Lighthouse benchmark (screensSeed.ts), opens each page cold in Debian's Chromium with the CPU slowed
 * down 4× (Lighthouse's mobile preset; PROFILE_CPU_SLOWDOWN changes it) and a 390 px wide window, signed in
 * like the benchmark (a fresh token in the tab's sessionStorage), and records V8's CPU profile from the
 * navigation until nothing has been requested for 2 s. Prints, per page:
 * - the tasks over 50 ms (PerformanceObserver "longtask") and the layout shifts with the elements that moved;
 * - each request's start and end (Resource Timing), to read the waterfall;
 * - the functions with the most CPU time of their own, and the CPU time per script.
 * Nothing is written. Timings are those of this machine: compare pages and variants within one run.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import puppeteer, { type Browser, type CDPSession } from "puppeteer-core";
import { CHROMIUM_ARGS, startApp } from "../../frontend/e2e/harness";
import { screensToken, seedScreens, signInTab } from "./screensSeed";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const SLOWDOWN = Number(process.env.PROFILE_CPU_SLOWDOWN || 4);
const TOP = Number(process.env.PROFILE_TOP || 25);
/** A directory: each page's V8 CPU profile is saved there too (`<page>.cpuprofile`, for DevTools). */
const SAVE_DIR = process.env.PROFILE_SAVE_DIR;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Collected in the page from its first script on. */
interface PageTimings {
  longTasks: { start: number; duration: number }[];
  shifts: { start: number; value: number; sources: string[] }[];
  resources: { name: string; start: number; end: number; size: number }[];
  lcp: { start: number; element: string } | null;
}

const OBSERVE = `
  window.__perf = { longTasks: [], shifts: [], lcp: null };
  const describe = (node) => {
    if (!node || !node.tagName) return String(node && node.nodeName);
    const cls = typeof node.className === "string" && node.className ? "." + node.className.trim().split(/\\s+/).slice(0, 3).join(".") : "";
    return node.tagName.toLowerCase() + cls;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__perf.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (!e.hadRecentInput)
        window.__perf.shifts.push({
          start: e.startTime,
          value: e.value,
          sources: (e.sources || []).map((s) => describe(s.node) + " " + JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height])),
        });
  }).observe({ type: "layout-shift", buffered: true });
  new PerformanceObserver((list) => {
    const e = list.getEntries().at(-1);
    window.__perf.lcp = { start: e.startTime, element: describe(e.element) };
  }).observe({ type: "largest-contentful-paint", buffered: true });
`;

function summarize(profile: Profile): { byFunction: [string, number][]; byScript: [string, number][] } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byFunction = new Map<string, number>();
  const byScript = new Map<string, number>();
  for (const [id, ms] of self) {
    const frame = nodes.get(id)!.callFrame;
    const script = frame.url
      ? path.basename(new URL(frame.url, "http://x").pathname)
      : `(${frame.functionName})`;
    const name = `${frame.functionName || "(anonymous)"} ${script}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
  }
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  return { byFunction: top(byFunction), byScript: top(byScript) };
}

async function quiet(page: import("puppeteer-core").Page): Promise<void> {
  await page.waitForNetworkIdle({ idleTime: 2000, timeout: 60_000 });
}

async function profilePage(browser: Browser, url: string, token: string | null): Promise<void> {
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
  if (token) await signInTab(page, url, token);
  const cdp: CDPSession = await page.createCDPSession();
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
  await page.evaluateOnNewDocument(OBSERVE);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  await page.goto(url);
  await quiet(page);
  const { profile } = (await cdp.send("Profiler.stop")) as unknown as { profile: Profile };
  if (SAVE_DIR) {
    mkdirSync(SAVE_DIR, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_") || "root";
    writeFileSync(path.join(SAVE_DIR, `${name}.cpuprofile`), JSON.stringify(profile));
  }
  const timings = (await page.evaluate(`(() => ({
    ...window.__perf,
    resources: performance.getEntriesByType("resource").map((r) => ({
      name: r.name.replace(location.origin, ""), start: r.startTime, end: r.responseEnd, size: r.transferSize,
    })),
  }))()`)) as PageTimings;
  const r = (n: number) => Math.round(n);
  console.info(`\n=== ${new URL(url).pathname} (CPU ${SLOWDOWN}× slower)`);
  console.info(`largest contentful paint at ${r(timings.lcp?.start ?? 0)} ms: ${timings.lcp?.element}`);
  const blocking = timings.longTasks.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0);
  console.info(`long tasks (sum over 50 ms: ${r(blocking)} ms):`);
  for (const t of timings.longTasks) console.info(`  at ${r(t.start)} ms: ${r(t.duration)} ms`);
  console.info(`layout shifts (sum ${timings.shifts.reduce((s, x) => s + x.value, 0).toFixed(3)}):`);
  for (const s of timings.shifts)
    console.info(`  at ${r(s.start)} ms: ${s.value.toFixed(3)}  ${s.sources.join(" | ")}`);
  console.info("requests (start → end ms, bytes):");
  for (const x of timings.resources)
    console.info(
      `  ${r(x.start).toString().padStart(5)} → ${r(x.end).toString().padStart(5)}  ${x.size}  ${x.name}`,
    );
  const { byFunction, byScript } = summarize(profile);
  console.info("CPU time per script (self, ms):");
  for (const [name, ms] of byScript) console.info(`  ${r(ms).toString().padStart(6)}  ${name}`);
  console.info("functions with the most CPU time of their own (ms):");
  for (const [name, ms] of byFunction) console.info(`  ${r(ms).toString().padStart(6)}  ${name}`);
  await page.close();
}

async function main() {
  const wanted = process.argv.slice(2);
  const app = await startApp({ LOG_LEVEL: "error" });
  let browser: Browser | undefined;
  try {
    const { email, caseId } = await seedScreens(app.url);
    const pages = [
      { name: "/login", path: "/login", signedIn: false },
      { name: "/workcase", path: "/workcase", signedIn: true },
      { name: "/orderitems", path: `/orderitems/${caseId}`, signedIn: true },
      { name: "/warehouse", path: "/warehouse", signedIn: true },
    ].filter((p) => wanted.length === 0 || wanted.includes(p.name));
    browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
    for (const p of pages) {
      const token = p.signedIn ? await screensToken(app.url, email) : null;
      await profilePage(browser, `${app.url}${p.path}`, token);
    }
  } finally {
    await browser?.close();
    await app.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
