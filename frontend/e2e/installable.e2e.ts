/**
 * The installable app (issue 41 point 3; docs/frontend.md "Installable app"): the web app manifest and its
 * icons, the service worker taking control, a second visit painting from its cache with the server's files
 * gone and with no network at all, the API never answered by it, and a deploy's new worker taking over an
 * open tab. The app here serves its own copy of the build (CLIENT_DIR), which the journey changes and empties.
 */
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import {
  describeInBrowser,
  journeySteps,
  launchBrowser,
  newContext,
  PHONE,
  type RunningApp,
  screenshot,
  startApp,
} from "./harness";
import { collectConsoleErrors, fillLoginForm, signUpOwner } from "./journeyHelpers";
import { CLIENT_DIST } from "./routeSize";

const OWNER = { email: "pwa-owner@example.com", group: "福井機材", first: "一樹", last: "福井" };

jest.setTimeout(240_000);

/** Width and height of a PNG from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Waits until a service worker controls the page and is activated; returns its script's URL. */
async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    // The worker claims the page while it activates: `ready` and the controller can come before "activated".
    if (worker && worker.state === "activating") {
      await new Promise<void>((resolve) =>
        worker.addEventListener("statechange", () => worker.state !== "activating" && resolve()),
      );
    }
    return `${worker?.state} ${worker?.scriptURL}`;
  });
}

/**
 * Waits until the page has finished starting: the service worker's chunk and every other screen's file
 * (fetched one at a time once the first screen is shown, src/app/prefetch.ts) have been requested. In
 * Chromium, a deploy's worker installed while the old one still serves a page's start-up sometimes waits
 * its five-minute limit before it activates (docs/frontend.md, "Installable app"); here the deploy lands on
 * a tab that has started, as it does in use.
 */
async function startupFinished(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const files = JSON.parse(document.getElementById("screen-files")?.textContent ?? "[]") as string[];
    const requested = new Set(performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname));
    return (
      [...requested].some((file) => file.includes("/serviceWorker-")) && files.every((f) => requested.has(f))
    );
  });
}

const loginButton = (page: Page) => page.getByRole("button", { name: "ログイン", exact: true });

describeInBrowser("installable app journey", () => {
  let app: RunningApp;
  let clientDir: string;
  let context: BrowserContext;
  let page: Page;
  const browser = { current: undefined as Awaited<ReturnType<typeof launchBrowser>> | undefined };
  /** Every answer to an /api or socket.io request the page saw, with whether the worker gave it. */
  const apiAnswers: { url: string; fromServiceWorker: boolean }[] = [];
  let consoleErrors: string[] = [];
  const step = journeySteps(90_000);

  beforeAll(async () => {
    clientDir = path.join(mkdtempSync(path.join(os.tmpdir(), "zaiko-pwa-")), "client");
    cpSync(CLIENT_DIST, clientDir, { recursive: true });
    app = await startApp({ CLIENT_DIR: clientDir });
    await signUpOwner(app.url, OWNER);
    browser.current = await launchBrowser();
    context = await newContext(browser.current, app.url, PHONE, "allow");
    page = await context.newPage();
    page.setDefaultTimeout(15_000);
    // Every request of a start-up stays in the resource timing buffer (startupFinished reads it).
    await page.addInitScript(() => performance.setResourceTimingBufferSize(1000));
    consoleErrors = collectConsoleErrors(page);
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.startsWith("/api/") || pathname.startsWith("/socket.io/"))
        apiAnswers.push({ url: pathname, fromServiceWorker: response.fromServiceWorker() });
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser.current?.close();
    await app?.stop();
    rmSync(path.dirname(clientDir), { recursive: true, force: true });
  });

  step("1. /login links a valid manifest with the app's name, colours and icons", async () => {
    await page.goto("/login");
    await loginButton(page).waitFor();
    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe("/manifest.webmanifest");
    const res = await page.request.get(href!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers()["cache-control"]).toBe("no-cache");
    const manifest = await res.json();
    expect(manifest).toMatchObject({
      name: "在庫管理",
      short_name: "在庫管理",
      lang: "ja",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: "#2563eb",
    });
    expect(manifest.description).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe(manifest.theme_color);
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`).sort()).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const image = await page.request.get(icon.src);
      expect([icon.src, image.status(), image.headers()["content-type"]]).toEqual([
        icon.src,
        200,
        "image/png",
      ]);
      const { width, height } = pngSize(await image.body());
      expect(`${width}x${height}`).toBe(icon.sizes);
    }
    // Chromium's own verdict on the manifest (what its install prompt checks): no errors.
    const cdp = await context.newCDPSession(page);
    const parsed = (await cdp.send("Page.getAppManifest")) as { errors: { message: string }[]; url: string };
    expect(parsed.errors).toEqual([]);
    expect(parsed.url).toBe(`${app.url}/manifest.webmanifest`);
    const sw = await page.request.get("/sw.js");
    expect([sw.status(), sw.headers()["cache-control"]]).toEqual([200, "no-cache"]);
  });

  step(
    "2. the service worker is installed, activated and controls the page, and the app is installable",
    async () => {
      expect(await controlledBy(page)).toBe(`activated ${app.url}/sw.js`);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
        installabilityErrors: { errorId: string }[];
      };
      // A Playwright context is an incognito profile, where Chromium never offers to install: that is the
      // only objection allowed (it would list a missing icon, manifest field or worker here too).
      expect(installabilityErrors.map((e) => e.errorId)).toEqual(["in-incognito"]);
      // The login screen's own document now comes from the worker's cache (the control for step 5).
      const reload = await page.reload();
      expect(reload?.fromServiceWorker()).toBe(true);
      await loginButton(page).waitFor();
    },
  );

  step("3. signed in, every API and socket answer comes from the server, never from the worker", async () => {
    await fillLoginForm(page, OWNER.email);
    await page.waitForURL("**/workcase");
    await page.getByRole("button", { name: "新規登録" }).waitFor();
    // A reload of a signed-in screen: its document from the worker, its data from the server.
    const list = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/api/workcaselist/"));
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    expect((await list).fromServiceWorker()).toBe(false);
    await page.getByRole("button", { name: "新規登録" }).waitFor();
    expect(apiAnswers.some((a) => a.url === "/api/user-info/")).toBe(true);
    expect(apiAnswers.filter((a) => a.fromServiceWorker)).toEqual([]);
  });

  step(
    "4. a deploy's new worker takes over the open tab: a notice, then the next screen opens with it",
    async () => {
      await startupFinished(page);
      // A new deploy: sw.js changes (its precache list would name the new files).
      const swFile = path.join(clientDir, "sw.js");
      writeFileSync(swFile, `${readFileSync(swFile, "utf8")}\n// the next deploy\n`);
      await page.evaluate(() => {
        (window as unknown as { beforeUpdate: boolean }).beforeUpdate = true;
      });
      await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
      const notice = page.getByRole("status").filter({ hasText: "新しいバージョンがあります" });
      await notice.waitFor();
      const box = await notice.getByRole("button", { name: "再読み込み" }).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
      await screenshot(page, "pwa-update-notice-phone");
      // The next navigation inside the app is a page load: the new client, no notice.
      await page.getByRole("button", { name: "メニュー" }).click();
      await page.locator("#app-menu").getByRole("link", { name: "カテゴリ", exact: true }).click();
      await page.waitForURL("**/category");
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      await page.getByRole("heading", { name: "カテゴリ" }).first().waitFor();
      expect(await notice.count()).toBe(0);
    },
  );

  step(
    "5. with the server's client files gone, a second visit still paints /login from the worker's cache",
    async () => {
      for (const name of ["index.html", "index.html.br", "index.html.gz", "assets"])
        renameSync(path.join(clientDir, name), path.join(clientDir, `gone-${name}`));
      // The control: the server no longer has the client's files (it keeps index.html in memory; the page
      // could not start from it, every script it names answers 404).
      const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(
        readFileSync(path.join(clientDir, "gone-index.html"), "utf8"),
      )?.[1];
      expect(entry).toMatch(/^\/assets\/index-.+\.js$/);
      expect((await fetch(`${app.url}${entry}`)).status).toBe(404);
      const scripts: { url: string; fromServiceWorker: boolean }[] = [];
      // Signed out (the refresh cookie would sign the new tab in), so that the login screen stays.
      await context.clearCookies();
      const second = await context.newPage();
      second.on("response", (r) => {
        if (r.request().resourceType() === "script")
          scripts.push({ url: r.url(), fromServiceWorker: r.fromServiceWorker() });
      });
      const answer = await second.goto("/login");
      expect(answer?.fromServiceWorker()).toBe(true);
      await second.getByLabel("メールアドレス").waitFor();
      await loginButton(second).waitFor();
      expect(scripts.map((s) => s.url)).toContain(`${app.url}${entry}`);
      expect(scripts.filter((s) => !s.fromServiceWorker)).toEqual([]);
      // And signing in still works: the API is there, every screen's files are in the cache.
      await fillLoginForm(second, OWNER.email);
      await second.waitForURL("**/workcase");
      await second.getByRole("button", { name: "新規登録" }).waitFor();
      await second.close();
    },
  );

  step("6. offline, /login still paints; an API address is not answered by the worker", async () => {
    // No error in the signed-in tab so far (offline, its socket's reconnects fail, as they should).
    expect(consoleErrors).toEqual([]);
    await context.setOffline(true);
    const offline = await context.newPage();
    await offline.goto("/login");
    await loginButton(offline).waitFor();
    await screenshot(offline, "pwa-offline-login-phone");
    await expect(offline.goto("/api/healthz")).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await offline.close();
    await context.setOffline(false);
    expect(apiAnswers.filter((a) => a.fromServiceWorker)).toEqual([]);
  });
});
