import type { Browser, BrowserContext } from "playwright-core";
import { describeInBrowser, launchBrowser, newContext, type RunningApp, startApp } from "./harness";
import { addActiveStaff, callApi, fillLoginForm, login, tokenFor } from "./journeyHelpers";
import { ACCESS_TTL_SECONDS, CASE_TITLE, caseHeading, OWNER, openTab, seed } from "./sessionTabs";

/**
 * One session per browser, any number of tabs (docs/sessions.md): a new tab restores the session, logout
 * and a deactivation reach every tab, and a deep link survives the login. Tabs refreshing expired tokens
 * at the same moment are in sessionTrials.e2e.ts.
 */

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

describeInBrowser("sessions: new tabs, logout and deactivation", () => {
  let app: RunningApp;
  let browser: Browser;
  let caseId: number;
  let groupId: number;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    app = await startApp({ ACCESS_TOKEN_TTL_SECONDS: String(ACCESS_TTL_SECONDS) });
    browser = await launchBrowser();
    ({ caseId, groupId } = await seed(app));
  }, 90_000);

  afterAll(async () => {
    await Promise.all(contexts.map((c) => c.close()));
    await browser?.close();
    await app?.stop();
  });

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
    const staff = { email: "sessions-staff@example.com", first: "二郎", last: "検証" };
    const ownerToken = await tokenFor(app.url, OWNER.email);
    const staffId = await addActiveStaff(app.url, groupId, staff, ownerToken);

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
