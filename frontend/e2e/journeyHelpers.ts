import type { Locator, Page } from "playwright-core";

/** Every journey's people share one password: the login form is what is tested, not the password. */
export const PASSWORD = "password1";

/** Sends a JSON request to the app's API, with a bearer token when given, and returns the raw response. */
export function request(url: string, method: string, path: string, body?: unknown, token?: string) {
  return fetch(`${url}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** POSTs JSON to the API; the status and the parsed body (null when it is not JSON) for the test to check. */
export async function post(url: string, path: string, body?: unknown, token?: string) {
  const res = await request(url, "POST", path, body, token);
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> };
}

/** An API call that must succeed (a journey's set-up, not what it tests): its parsed JSON, or it throws. */
export async function callApi(url: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await request(url, method, path, body, token);
  const json = (await res.json().catch(() => null)) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Who a journey signs up as its group's owner. */
export interface Owner {
  email: string;
  group: string;
  first: string;
  last: string;
}

/** Creates the group and signs its owner up through the API (the sign-up screen has its own journey). */
export async function signUpOwner(url: string, owner: Owner): Promise<{ groupId: number }> {
  const group = await post(url, "/api/groups/", { name: owner.group });
  expect(group.status).toBe(201);
  const groupId = group.body.id as number;
  const signup = await post(url, "/api/signup/", {
    email: owner.email,
    password: PASSWORD,
    groups: groupId,
    first_name: owner.first,
    last_name: owner.last,
    is_member: true,
    is_owner: true,
  });
  expect(signup.status).toBe(201);
  return { groupId };
}

/** A staff member a journey signs up into an owner's group. */
export interface Staff {
  email: string;
  first: string;
  last: string;
}

/** Signs `staff` up into the group and has its owner activate them, through the API; their user id. */
export async function addActiveStaff(url: string, groupId: number, staff: Staff, ownerToken: string) {
  const signup = await post(url, "/api/signup/", {
    email: staff.email,
    password: PASSWORD,
    groups: groupId,
    first_name: staff.first,
    last_name: staff.last,
    is_member: false,
    is_owner: false,
  });
  expect(signup.status).toBe(201);
  const staffId = signup.body.id as number;
  await callApi(url, "PATCH", `/api/user/${staffId}/`, { is_member: true }, ownerToken);
  return staffId;
}

/** A group with its owner and an active staff member, through the API; the owner's token for more set-up. */
export async function ownerWithActiveStaff(url: string, owner: Owner, staff: Staff) {
  const { groupId } = await signUpOwner(url, owner);
  const token = await tokenFor(url, owner.email);
  const staffId = await addActiveStaff(url, groupId, staff, token);
  return { groupId, token, staffId };
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Two members meeting on one case (the history and presence journeys): `ownerWithActiveStaff`, 8
 * ワイヤレスマイク (音響) and the case 秋の新製品発表会 from tomorrow to the day after, through the API.
 */
export async function twoMembersOnACase(url: string, owner: Owner, staff: Staff) {
  const { groupId, token } = await ownerWithActiveStaff(url, owner, staff);
  const category = await callApi(
    url,
    "POST",
    "/api/categories/",
    { category: "音響", group: groupId },
    token,
  );
  const item = await callApi(
    url,
    "POST",
    "/api/items/",
    { title: "ワイヤレスマイク", category: category.id, stock_quantity: 8, note: "", group: groupId },
    token,
  );
  const now = Date.now();
  const kase = await callApi(
    url,
    "POST",
    "/api/workcases/",
    {
      title: "秋の新製品発表会",
      start_date: new Date(now + DAY_MS).toISOString(),
      end_date: new Date(now + 2 * DAY_MS).toISOString(),
      note: "",
      group: groupId,
    },
    token,
  );
  return { token, itemId: item.id as number, caseId: kase.id as number };
}

/** An access token for API calls made as `email`. */
export async function tokenFor(url: string, email: string): Promise<string> {
  return (await post(url, "/api/token/", { email, password: PASSWORD })).body.access as string;
}

/** Fills and submits the login form the page shows (e.g. where a deep link sent a signed-out visitor). */
export async function fillLoginForm(page: Page, email: string) {
  await page.getByLabel("メールアドレス").fill(email);
  await page.getByLabel("パスワード").fill(PASSWORD);
  await page.getByRole("button", { name: "ログイン", exact: true }).click();
}

/** Fills and submits the login form, without waiting for the outcome (a refusal is a journey too). */
export async function submitLogin(page: Page, email: string) {
  await page.goto("/login");
  await fillLoginForm(page, email);
}

/** Logs in through the form and waits for the case list, where a login lands. */
export async function login(page: Page, email: string) {
  await submitLogin(page, email);
  await page.waitForURL("**/workcase");
}

/**
 * The row of `scope` (a table `row`, or a `listitem` of the warehouse board) that has an element whose
 * text is exactly `text`; the `has` locator is relative to the row.
 */
export function rowOf(scope: Page | Locator, text: string, role: "row" | "listitem" = "row"): Locator {
  const page = "mainFrame" in scope ? scope : scope.page();
  return scope.getByRole(role).filter({ has: page.getByText(text, { exact: true }) });
}

/** Types a date-time into a date field and leaves it (the field reads the text on blur). */
export async function fillDate(_page: Page, scope: Locator, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.fill(text);
  await input.press("Tab");
}

/** Collects the browser's own pop-ups (alert/confirm), dismissing them: the app must not use any. */
export function collectBrowserDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on("dialog", (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
  return seen;
}

/** The page itself never scrolls sideways on a phone (tables scroll inside their own box). */
export async function expectNoPageOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Collects what the app logs as an error in the browser console (and uncaught page errors). An expected
 * refusal (a 4xx the screen explains: 409 on '+', 400 on a bad CSV, 401 on a wrong password) must not be one.
 * Chromium itself logs every non-2xx response as "Failed to load resource: … status of 4xx"; that line is
 * the browser's, not the app's, and no page code can silence it, so it is left out (5xx lines are kept).
 */
export function collectConsoleErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    seen.push(text);
  });
  page.on("pageerror", (error) => seen.push(`pageerror: ${error.message}`));
  return seen;
}
