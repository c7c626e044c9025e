import type { BrowserContext, Page } from "playwright-core";
import type { RunningApp } from "./harness";
import { callApi, PASSWORD, signUpOwner, tokenFor } from "./journeyHelpers";

/** What the session journeys (sessions.e2e.ts, sessionTrials.e2e.ts) share: their group, case and tabs. */

/** Access tokens live this long, so that a token captured at the start is expired for every trial. */
export const ACCESS_TTL_SECONDS = 3;

export const OWNER = { email: "sessions@example.com", group: "セッション検証", first: "一郎", last: "検証" };
export const CASE_TITLE = "多タブ検証案件";
export const caseHeading = `案件詳細：${CASE_TITLE}`;

/** A group, its owner and one case, on `app`. */
export async function seed(app: RunningApp, owner = OWNER): Promise<{ groupId: number; caseId: number }> {
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
export async function signInContext(context: BrowserContext, email: string): Promise<string> {
  const res = await context.request.post("/api/token/", { data: { email, password: PASSWORD } });
  if (!res.ok()) throw new Error(`login: ${res.status()}`);
  return ((await res.json()) as { access: string }).access;
}

/** Everything a tab showed that means "signed out": the confirm, or /login. */
export interface Tab {
  page: Page;
  dialogs: string[];
}

export async function openTab(context: BrowserContext): Promise<Tab> {
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
