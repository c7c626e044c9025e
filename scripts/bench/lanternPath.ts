/**
 * Where Lighthouse's simulated largest contentful paint of a screen goes: a look inside lighthouse.ts's LCP.
 *
 *   node -r esbuild-register scripts/bench/lanternPath.ts [/workcase|/orderitems|/warehouse]…
 *
 * Starts the BUILT server (`npm run build` first; CLIENT_DIR serves another client build) on a fresh
 * embedded database with the Lighthouse benchmark's data (screensSeed.ts), runs Lighthouse's mobile preset
 * once per page, signed in as the benchmark does, and recomputes its LCP with Lighthouse's own simulator
 * (lantern) from the run's trace and network log. Lighthouse's LCP is the mean of two simulations of the
 * page's dependency graph up to the LCP it observed: an optimistic one and a pessimistic one (every request
 * and every task with a layout before it). Prints, for each: the estimate, the nodes that end last, and the
 * chain of dependencies behind the last one (each node's start and end in the simulation, what it is:
 * a request with its bytes, or a main-thread task with its simulated duration). Nothing is written.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import puppeteer, { type Browser } from "puppeteer-core";
import { CHROMIUM_ARGS, startApp } from "../../frontend/e2e/harness";
import type { Json } from "./benchApi";
import { screensToken, seedScreens, signInTab } from "./screensSeed";

const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";
const LAST = Number(process.env.LANTERN_LAST || 12);
const ROOT = path.resolve(__dirname, "../..");

/** A node of lantern's dependency graph, as far as this script reads it. */
interface GraphNode {
  id: string;
  type: "network" | "cpu";
  request?: { url: string; transferSize: number; priority: string };
  childEvents?: { name: string; args?: { data?: { url?: string } } }[];
  getDependencies(): GraphNode[];
}
interface NodeTiming {
  startTime: number;
  endTime: number;
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<GraphNode, NodeTiming>;
}

const lighthouseModule = (file: string) =>
  import(pathToFileURL(path.join(ROOT, "node_modules/lighthouse", file)).href);

function describe(node: GraphNode, timing: NodeTiming): string {
  const span = `${Math.round(timing.startTime).toString().padStart(5)} → ${Math.round(timing.endTime).toString().padStart(5)}`;
  if (node.type === "network") {
    const url = new URL(node.request!.url);
    return `${span}  request ${url.pathname}${url.search}  ${(node.request!.transferSize / 1024).toFixed(1)} KiB`;
  }
  const names = new Map<string, number>();
  for (const e of node.childEvents ?? []) names.set(e.name, (names.get(e.name) ?? 0) + 1);
  const scripts = (node.childEvents ?? []).flatMap((e) => {
    const url = e.name === "EvaluateScript" ? e.args?.data?.url : undefined;
    return url ? [path.basename(new URL(url).pathname)] : [];
  });
  const kinds = [
    "EvaluateScript",
    "FunctionCall",
    "Layout",
    "Paint",
    "ParseHTML",
    "TimerFire",
    "EventDispatch",
  ]
    .filter((n) => names.has(n))
    .join(",");
  return `${span}  task ${Math.round(timing.endTime - timing.startTime)} ms [${kinds}] ${scripts.join(" ")}`;
}

function printEstimate(label: string, estimate: Estimate): void {
  const timings = [...estimate.nodeTimings.entries()];
  console.info(`  ${label}: ${Math.round(estimate.timeInMs)} ms, ${timings.length} nodes`);
  const network = timings.filter(([n]) => n.type === "network");
  const bytes = network.reduce((sum, [n]) => sum + n.request!.transferSize, 0);
  const cpu = timings.filter(([n]) => n.type === "cpu").reduce((s, [, t]) => s + t.endTime - t.startTime, 0);
  console.info(
    `    ${network.length} requests, ${(bytes / 1024).toFixed(1)} KiB; main-thread tasks ${Math.round(cpu)} ms`,
  );
  console.info("    ending last:");
  for (const [node, timing] of timings.sort((a, b) => b[1].endTime - a[1].endTime).slice(0, LAST))
    console.info(`      ${describe(node, timing)}`);
  // The chain behind the last node: at each step, the dependency that ended last.
  let [node] = timings[0]!;
  console.info("    the chain behind the last (latest dependency at each step):");
  for (;;) {
    console.info(`      ${describe(node, estimate.nodeTimings.get(node)!)}`);
    const deps = node.getDependencies().filter((d) => estimate.nodeTimings.has(d));
    if (deps.length === 0) break;
    const end = (n: GraphNode) => estimate.nodeTimings.get(n)?.endTime ?? 0;
    node = deps.sort((a, b) => end(b) - end(a))[0]!;
  }
}

interface TraceEvent {
  name: string;
  ts: number;
  args?: { data?: { size?: number; type?: string; nodeId?: number; candidateIndex?: number } };
}

/**
 * The page's LCP candidates as Chromium recorded them (time from navigation, size in CSS px², text or image):
 * the observed LCP is the last, and the simulation cuts its graph there.
 */
function printCandidates(trace: { traceEvents: TraceEvent[] }): void {
  const start = trace.traceEvents.find((e) => e.name === "navigationStart")?.ts ?? 0;
  const candidates = trace.traceEvents.filter((e) => e.name === "largestContentfulPaint::Candidate");
  console.info(
    `  LCP candidates observed: ${candidates
      .map(
        (e) =>
          `${Math.round((e.ts - start) / 1000)} ms ${e.args?.data?.type} ${e.args?.data?.size} px² (node ${e.args?.data?.nodeId})`,
      )
      .join("; ")}`,
  );
}

async function lanternOf(browser: Browser, url: string, token: string): Promise<void> {
  const { default: lighthouse } = await import("lighthouse");
  const { Audit } = await lighthouseModule("core/audits/audit.js");
  const { LanternLargestContentfulPaint } = await lighthouseModule(
    "core/computed/metrics/lantern-largest-contentful-paint.js",
  );
  const page = await browser.newPage();
  try {
    await signInTab(page, url, token);
    const result = await lighthouse(
      url,
      { logLevel: "error", onlyCategories: ["performance"] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const lhr = result.lhr as Json;
    const context = { computedCache: new Map(), settings: lhr.configSettings };
    const data = Audit.makeMetricComputationDataInput(result.artifacts, context);
    const lcp = await LanternLargestContentfulPaint.request(data, context);
    console.info(
      `${new URL(url).pathname}: LCP ${Math.round(lcp.timing)} ms (Lighthouse's audit: ${Math.round(lhr.audits["largest-contentful-paint"].numericValue)})`,
    );
    printCandidates(data.trace as { traceEvents: TraceEvent[] });
    printEstimate("optimistic", lcp.optimisticEstimate);
    printEstimate("pessimistic", lcp.pessimisticEstimate);
  } finally {
    await page.close();
  }
}

async function main() {
  const wanted = process.argv.slice(2);
  const app = await startApp({ LOG_LEVEL: "error" });
  let browser: Browser | undefined;
  try {
    const { email, caseId } = await seedScreens(app.url);
    const pages = [
      { name: "/workcase", path: "/workcase" },
      { name: "/orderitems", path: `/orderitems/${caseId}` },
      { name: "/warehouse", path: "/warehouse" },
    ].filter((p) => wanted.length === 0 || wanted.includes(p.name));
    browser = await puppeteer.launch({ executablePath: CHROME_PATH, headless: true, args: CHROMIUM_ARGS });
    for (const p of pages) {
      await lanternOf(browser, `${app.url}${p.path}`, await screensToken(app.url, email));
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
