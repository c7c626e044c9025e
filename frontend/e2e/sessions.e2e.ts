import type { Browser, BrowserContext, Page } from "playwright-core";
import { describeInBrowser, launchBrowser, newContext, type RunningApp, startApp } from "./harness";
import { callApi, fillLoginForm, login, PASSWORD, post, signUpOwner, tokenFor } from "./journeyHelpers";

/**
 * One session per browser, any number of tabs (docs/sessions.md): tabs whose access tokens have expired
 * refresh together without signing each other out, a new tab restores the session, logout and a
 * deactivation reach every tab, and a deep link survives the login.
 */

/** Access tokens live this long, so that a token captured at the start is expired for every trial. */
const ACCESS_TTL_SECONDS = 3;
const TRIALS = Number(process.env.SESSION_TRIALS || 20);
// The control only has to show that the trials catch the bug: with 5 tabs nearly every trial signs tabs
// out (18 of 20 when measured), so a few trials suffice and the suite stays short.
const CONTROL_TRIALS = Number(process.env.SESSION_CONTROL_TRIALS || 8);
/** The client's test switch (lib/tabSync.ts): no refresh lock and no shared tokens between tabs. */
const NO_COORDINATION = "zaiko.test.noRefreshCoordination";

const OWNER = { email: "sessions@example.com", group: "セッション検証", first: "一郎", last: "検証" };
const CASE_TITLE = "多タブ検証案件";
const caseHeading = `案件詳細：${CASE_TITLE}`;

/** A group, its owner and one case, on `app`. */
async function seed(app: RunningApp, owner = OWNER): Promise<{ groupId: number; caseId: number }> {
  const { groupId } = await signUpOwner(app.url, owner);
  const access = await tokenFor(app.url, owner.email);
  const kase = await callApi(
    app.url,
    "POST",
    "/api/workcases/",
    {
      title: CASE_TITLE,
      start_date: "2030-10-01T09:00:00+09:00",
      end_date: "2030-10-03T18:00:00+09:00",
      note: "",
      group: groupId,
    },
    access,
  );
  return { groupId, caseId: kase.id as number };
}

/** Signs the browser context in through the API: it gets the refresh and csrftoken cookies; the access token. */
async function signInContext(context: BrowserContext, email: string): Promise<string> {
  const res = await context.request.post("/api/token/", { data: { email, password: PASSWORD } });
  if (!res.ok()) throw new Error(`login: ${res.status()}`);
  return ((await res.json()) as { access: string }).access;
}

/**
 * Puts every tab on the case page, signed in: the context logs in, and each tab starts with the access
 * token in its sessionStorage as a login in that tab leaves it (so the set-up needs no new-tab restore).
 */
async function signInTabs(context: BrowserContext, tabs: Tab[], caseUrl: string): Promise<void> {
  const access = await signInContext(context, OWNER.email);
  for (const tab of tabs) {
    if (!tab.page.url().startsWith(new URL(caseUrl).origin)) await tab.page.goto(`${caseUrl}?setup`);
    await tab.page.evaluate((token) => sessionStorage.setItem("access_token", token), access);
    await tab.page.goto(caseUrl);
    await tab.page.getByText(caseHeading).waitFor();
  }
}

/** Everything a tab showed that means "signed out": the confirm, or /login. */
interface Tab {
  page: Page;
  dialogs: string[];
}

async function openTab(context: BrowserContext): Promise<Tab> {
  const page = await context.newPage();
  const tab: Tab = { page, dialogs: [] };
  if (process.env.SESSION_DEBUG) {
    page.on("console", (m) => console.info(`[tab] ${m.type()} ${m.text()}`));
    page.on("response", (r) => console.info(`[tab] ${r.status()} ${r.request().method()} ${r.url()}`));
    page.on("framenavigated", (f) => f === page.mainFrame() && console.info(`[tab] nav ${f.url()}`));
  }
  page.on("dialog", (dialog) => {
    tab.dialogs.push(dialog.message());
    void dialog.accept();
  });
  return tab;
}

/**
 * A new context signed in as `email` in one tab (through the form), and a second tab opened on the case,
 * as a link pasted into a new tab: its sessionStorage is empty, the browser holds the refresh cookie.
 */
async function signedInTabs(browser: Browser, app: RunningApp, email: string, caseId: number) {
  const context = await newContext(browser, app.url);
  const first = await openTab(context);
  await login(first.page, email);
  const second = await openTab(context);
  await second.page.goto(`/orderitems/${caseId}`);
  await second.page.getByText(caseHeading).waitFor();
  return { context, first, second };
}

const onLogin = (page: Page) => new URL(page.url()).pathname === "/login";

/**
 * One trial: every tab gets the same expired access token, then all of them navigate (client-side, to a
 * week of the item screen not loaded before, so each asks the server) at the same instant: a timer in
 * each page set to one wall-clock moment, as tabs do when a laptop wakes up. Each tab's request is
 * answered 401 and the tab refreshes. Returns how many tabs ended signed out.
 */
async function trial(tabs: Tab[], expiredToken: string, day: number): Promise<number> {
  for (const tab of tabs) tab.dialogs.length = 0;
  const at = Date.now() + 300;
  const path = `/item/2031/${1 + Math.floor(day / 28)}/${1 + (day % 28)}`;
  await Promise.all(
    tabs.map((tab) =>
      tab.page.evaluate(
        ({ token, to, when }) => {
          sessionStorage.setItem("access_token", token);
          setTimeout(
            () => {
              window.history.pushState({}, "", to);
              window.dispatchEvent(new PopStateEvent("popstate"));
            },
            Math.max(0, when - Date.now()),
          );
        },
        { token: expiredToken, to: path, when: at },
      ),
    ),
  );
  // Settled: the tab holds a new token (its refresh worked), or it was signed out.
  for (const tab of tabs) {
    await tab.page.waitForFunction(
      (expired) => {
        const token = sessionStorage.getItem("access_token");
        return (token !== null && token !== expired) || window.location.pathname === "/login";
      },
      expiredToken,
      { timeout: 15_000, polling: 50 },
    );
  }
  // A tab signed out by another tab's failure follows a moment later (BroadcastChannel).
  await tabs[0]!.page.waitForTimeout(300);
  return tabs.filter((tab) => onLogin(tab.page) || tab.dialogs.length > 0).length;
}

interface TrialCounts {
  tabs: number;
  trials: number;
  trialsWithSignOut: number;
  tabsSignedOut: number;
}

/** Runs `trials` trials with `count` tabs of one new context; signs the context in again after a sign-out. */
async function runTrials(
  browser: Browser,
  app: RunningApp,
  caseId: number,
  count: number,
  coordination: boolean,
  trials = TRIALS,
): Promise<TrialCounts> {
  const context = await newContext(browser, app.url);
  try {
    if (!coordination) {
      await context.addInitScript((key) => localStorage.setItem(key, "1"), NO_COORDINATION);
    }
    const caseUrl = `${app.url}/orderitems/${caseId}`;
    const tabs: Tab[] = [];
    for (let i = 0; i < count; i++) tabs.push(await openTab(context));
    await signInTabs(context, tabs, caseUrl);
    // A token the server issued, expired by the time the trials use it.
    const expiredToken = await tabs[0]!.page.evaluate(() => sessionStorage.getItem("access_token"));
    if (!expiredToken) throw new Error("no access token in the tab");
    await tabs[0]!.page.waitForTimeout((ACCESS_TTL_SECONDS + 1) * 1000);

    const counts: TrialCounts = { tabs: count, trials, trialsWithSignOut: 0, tabsSignedOut: 0 };
    for (let i = 0; i < trials; i++) {
      const started = Date.now();
      const signedOut = await trial(tabs, expiredToken, i);
      if (process.env.SESSION_DEBUG)
        console.info(`trial ${i}: ${signedOut} signed out, ${Date.now() - started} ms`);
      if (signedOut > 0) {
        counts.trialsWithSignOut++;
        counts.tabsSignedOut += signedOut;
        await signInTabs(context, tabs, caseUrl);
      }
    }
    return counts;
  } finally {
    await context.close();
  }
}

describeInBrowser("sessions: several tabs, new tabs, logout and deactivation", () => {
  let app: RunningApp;
  let browser: Browser;
  let caseId: number;
  let groupId: number;
  const contexts: BrowserContext[] = [];
  const results: Record<string, TrialCounts> = {};

  beforeAll(async () => {
    app = await startApp({ ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS) });
    browser = await launchBrowser();
    ({ caseId, groupId } = await seed(app));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await app?.stop();
    console.info(`multi-tab trials: ${JSON.stringify(results, null, 1)}`);
  });

  for (const count of [2, 5]) {
    it(`${count} tabs whose access tokens expired, acting at the same moment: no sign-out in ${TRIALS} trials`, async () => {
      const counts = await runTrials(browser, app, caseId, count, true);
      results[`${count} tabs`] = counts;
      expect(counts).toEqual({ tabs: count, trials: TRIALS, trialsWithSignOut: 0, tabsSignedOut: 0 });
    }, 300_000);
  }

  it("control: without the grace window and without tab coordination the same trials sign tabs out", async () => {
    const strict = await startApp({
      ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS),
      REFRESH_REUSE_GRACE_SECONDS: "0",
    });
    try {
      const { caseId: strictCase } = await seed(strict);
      const counts = await runTrials(browser, strict, strictCase, 5, false, CONTROL_TRIALS);
      results["control, 5 tabs"] = counts;
      expect(counts.trialsWithSignOut).toBeGreaterThan(0);
    } finally {
      await strict.stop();
    }
  }, 600_000);

  it("a new tab opened on a case from a signed-in tab shows the case without a login", async () => {
    const { context, first, second } = await signedInTabs(browser, app, OWNER.email, caseId);
    contexts.push(context);
    expect(new URL(second.page.url()).pathname).toBe(`/orderitems/${caseId}`);
    expect(second.dialogs).toEqual([]);
    expect(await second.page.getByRole("alertdialog").count()).toBe(0);
    // The first tab is still signed in: the new tab's refresh did not cost it its session.
    await first.page.reload();
    await first.page.getByRole("link", { name: CASE_TITLE }).waitFor();
  }, 60_000);

  it("logout in one tab puts the other tab on /login within 2 s", async () => {
    const { context, first, second } = await signedInTabs(browser, app, OWNER.email, caseId);
    contexts.push(context);

    await first.page.getByRole("button", { name: "ログアウト" }).click();
    await first.page.waitForURL("**/login");
    await second.page.waitForURL("**/login", { timeout: 2_000 });
    // Signed out for real: a reload stays on /login.
    await second.page.goto(`/orderitems/${caseId}`);
    await second.page.waitForURL("**/login");
  }, 60_000);

  it("a deep link opened while signed out comes back after the login", async () => {
    const context = await newContext(browser, app.url);
    contexts.push(context);
    const tab = await openTab(context);
    await tab.page.goto(`/orderitems/${caseId}`);
    await tab.page.waitForURL("**/login");
    await fillLoginForm(tab.page, OWNER.email);
    await tab.page.waitForURL(`**/orderitems/${caseId}`);
    await tab.page.getByText(caseHeading).waitFor();
  }, 60_000);

  it("a member deactivated by the owner is signed out in every tab and told why", async () => {
    const staff = { email: "sessions-staff@example.com" };
    const signup = await post(app.url, "/api/signup/", {
      email: staff.email,
      password: PASSWORD,
      groups: groupId,
      first_name: "二郎",
      last_name: "検証",
      is_member: false,
      is_owner: false,
    });
    expect(signup.status).toBe(201);
    const ownerToken = await tokenFor(app.url, OWNER.email);
    const staffId = signup.body.id as number;
    await callApi(app.url, "PATCH", `/api/user/${staffId}/`, { is_member: true }, ownerToken);

    const { context, first, second } = await signedInTabs(browser, app, staff.email, caseId);
    contexts.push(context);

    // Access tokens live 3 s here: a fresh one for the owner's call.
    const ownerNow = await tokenFor(app.url, OWNER.email);
    await callApi(app.url, "PATCH", `/api/user/${staffId}/`, { is_member: false }, ownerNow);
    const notice =
      "メンバー権限が無効になったため、ログアウトしました。詳しくはグループのオーナーにお問い合わせください。";
    for (const tab of [first, second]) {
      await tab.page.waitForURL("**/login");
      await tab.page.getByText(notice).waitFor();
      // Not the untrue "session expired" (neither a browser dialog nor the in-app one).
      expect(tab.dialogs).toEqual([]);
      expect(await tab.page.getByText("セッションの有効期限が切れました").count()).toBe(0);
    }
  }, 60_000);
});
