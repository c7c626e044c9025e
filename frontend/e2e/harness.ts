import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { freePort } from "../../backend/src/test/processes";

const ROOT = path.resolve(__dirname, "../..");
const SERVER_ENTRY = path.join(ROOT, "backend/dist/main.js");
export const SCREENSHOT_DIR = path.join(ROOT, "test-results/screenshots");
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

/** Desktop and phone viewports every journey is checked at. */
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };
/** The common laptop size the usability issues were found at. */
export const LAPTOP = { width: 1366, height: 800 };

export interface RunningApp {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the BUILT server (`npm run build` first; `npm test` does it) as a separate process on a free port
 * with a fresh embedded database, exactly as `npm start` serves it. The database starts as a copy of the
 * migrated one the jest global set-up made (ZAIKO_PGLITE_TEMPLATE): the server's own migrations then find
 * nothing to do, and the journey does not wait for initdb. Without it the server makes its own.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  if (!existsSync(SERVER_ENTRY))
    throw new Error("backend/dist/main.js is missing: run `npm run build` first");
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zaiko-e2e-"));
  const template = process.env.ZAIKO_PGLITE_TEMPLATE;
  if (template && existsSync(template)) {
    mkdirSync(path.join(dataDir, "pglite"));
    execFileSync("tar", ["-xzf", template, "-C", path.join(dataDir, "pglite")], { stdio: "ignore" });
  }
  const child: ChildProcess = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      BCRYPT_COST: "4",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("server did not become healthy in 60 s");
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The app the e2e project's global set-up started for every journey (sharedApp.ts); its stop is a no-op. */
function sharedApp(): RunningApp | undefined {
  const url = process.env.ZAIKO_E2E_APP_URL;
  return url ? { url, stop: async () => undefined } : undefined;
}

/** Chromium's flags here: headless as root, without the background networking this closed machine refuses. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium, headless, with CHROMIUM_ARGS. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

/**
 * A new browser context: a new profile, whose first visit would install the service worker, which precaches
 * the whole client (133 files) from the journeys' one shared app. Journeys about something else run without
 * it (`block`, the default): dozens of contexts each downloading the client slowed every journey and stretched
 * timed set-ups on a busy machine. The worker's own journeys (installable.e2e.ts) allow it.
 */
export async function newContext(
  browser: Browser,
  baseURL: string,
  viewport = DESKTOP,
  serviceWorkers: "allow" | "block" = "block",
): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, locale: "ja-JP", timezoneId: "Asia/Tokyo", serviceWorkers });
}

/** Saves a full-page screenshot under test-results/screenshots/. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // animations "disabled" finishes running transitions first: a dialog caught in its fade-in was
  // saved half transparent over the form behind it.
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    fullPage: true,
    animations: "disabled",
  });
}

export const chromiumAvailable = () => existsSync(CHROMIUM);

/** Browser journeys need Chromium; without it they skip, or fail under REQUIRE_SERVICES=1. */
export function describeInBrowser(title: string, suite: () => void): void {
  if (chromiumAvailable()) describe(title, suite);
  else if (process.env.REQUIRE_SERVICES === "1") {
    describe(title, () => {
      it("needs Chromium", () => {
        throw new Error(`Chromium not found at ${CHROMIUM}`);
      });
    });
  } else {
    console.warn(`SKIPPED (no Chromium): ${title}`);
    describe.skip(title, suite);
  }
}

/** What `useAppAndBrowser` hands a journey; `app` and `browser` are set once its `beforeAll` ran. */
export interface JourneySuite {
  app: RunningApp;
  browser: Browser;
  /** Contexts closed after the suite; push any a journey opens itself. */
  contexts: BrowserContext[];
  /** A page in a new context (closed after the suite) of the running app, at `viewport`. */
  newPage(viewport?: typeof DESKTOP): Promise<Page>;
}

/**
 * Takes the shared app (or starts one) and Chromium before the suite's tests; closes every registered context, then the
 * browser, then the app after them. `stepTimeoutMs` bounds each step of its pages. Call it inside `describeInBrowser`, before the journey's own hooks.
 */
export function useAppAndBrowser(options: { stepTimeoutMs?: number } = {}): JourneySuite {
  const suite = {
    contexts: [] as BrowserContext[],
    async newPage(viewport = DESKTOP) {
      const context = await newContext(suite.browser, suite.app.url, viewport);
      suite.contexts.push(context);
      const page = await context.newPage();
      // A missing element then fails its own step (with the locator named) well before the test's timeout.
      if (options.stepTimeoutMs !== undefined) page.setDefaultTimeout(options.stepTimeoutMs);
      return page;
    },
  } as JourneySuite;
  beforeAll(async () => {
    suite.app = sharedApp() ?? (await startApp());
    suite.browser = await launchBrowser();
  }, 90_000);
  afterAll(async () => {
    await Promise.all(suite.contexts.map((c) => c.close()));
    await suite.browser?.close();
    await suite.app?.stop();
  });
  return suite;
}

/**
 * The numbered steps of one journey, each a jest `it` of at most `stepMs`, run in order on the same pages.
 * A step that failed (or ran out of time) leaves the pages somewhere the next step does not start from: the
 * later steps then fail at once, naming it, instead of each waiting out its timeouts. E2E_NO_CHAIN=1 runs every
 * step anyway: to see each step's own assertion fail when a journey is run against the code before a fix.
 */
export function journeySteps(stepMs = 60_000) {
  let unfinished: string | null = null;
  return (name: string, run: () => Promise<void>) =>
    it(
      name,
      async () => {
        if (unfinished !== null && !process.env.E2E_NO_CHAIN)
          throw new Error(`not run: step "${unfinished}" did not finish`);
        unfinished = name;
        await run();
        unfinished = null;
      },
      stepMs,
    );
}
