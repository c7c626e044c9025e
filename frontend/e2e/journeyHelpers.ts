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
