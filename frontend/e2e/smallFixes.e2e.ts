import { readFileSync } from "node:fs";
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, login, ownerWithActiveStaff } from "./journeyHelpers";

/** Issue 21 point 10 (part): favicon, another member's profile, loading lists, the member CSV. */
const OWNER = { email: "small-owner@example.com", group: "広島機材", first: "八郎", last: "広島" };
const STAFF = { email: "small-staff@example.com", first: "九美", last: "呉" };

jest.setTimeout(180_000);

describeInBrowser("smaller fixes journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 10_000 });
  const { newPage } = suite;
  let ownerId: number;

  beforeAll(async () => {
    const { token } = await ownerWithActiveStaff(suite.app.url, OWNER, STAFF);
    const info = await fetch(`${suite.app.url}/api/user-info/`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    ownerId = ((await info.json()) as { id: number }).id;
  }, 90_000);

  it("no request of a page load answers 404 (favicon)", async () => {
    const page = await newPage(LAPTOP);
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.goto("/login");
    await page.getByRole("button", { name: "ログイン", exact: true }).waitFor();
    // The browser asks for the icon after the load; give it the page's own link to follow.
    const icon = await page.evaluate(
      () => document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.href ?? null,
    );
    expect(icon).not.toBeNull();
    const res = await page.request.get(icon ?? "/favicon.ico");
    expect(res.status()).toBe(200);
    expect(missing).toEqual([]);
  });

  for (const [name, viewport] of [
    ["desktop", LAPTOP],
    ["phone", PHONE],
  ] as const) {
    it(`a staff member opening the owner's profile is told so and can go back (${name})`, async () => {
      const page = await newPage(viewport);
      await login(page, STAFF.email);
      await page.goto(`/useredit/${ownerId}`);
      const state = page.getByRole("alert").filter({ hasText: "このメンバーは表示できません" });
      await state.waitFor();
      expect(await page.getByRole("button", { name: "更新" }).count()).toBe(0);
      await screenshot(page, `useredit-other-member-${name}`);
      if (name === "phone") await expectNoPageOverflow(page);
      await state.getByRole("link", { name: "案件一覧へ戻る" }).click();
      await page.waitForURL("**/workcase");
    });
  }

  it("a list that is still loading says so instead of 0件 (slow network)", async () => {
    const page = await newPage(LAPTOP);
    await login(page, OWNER.email);
    // The list's answer is held back until the loading state has been seen (a latency on every request let
    // the answer, asked for early, sometimes arrive with the screen's code, and no loading state showed).
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname === "/api/categories/",
      async (route) => {
        if (route.request().method() === "GET") await released;
        await route.continue();
      },
    );
    await page.locator("header nav").getByRole("link", { name: "カテゴリ", exact: true }).click();
    await page.getByRole("heading", { name: "カテゴリ一覧" }).waitFor();
    await page.getByRole("progressbar").first().waitFor();
    const pager = page.locator(".dt-pager");
    await pager.getByText("読み込み中…").waitFor();
    expect(await pager.textContent()).not.toContain("0件");
    await screenshot(page, "category-loading-desktop");
    release();
    await page.getByText("データがありません").waitFor();
    await pager.getByText("（0件）").waitFor();
  });

  it("the member CSV writes the active state in words", async () => {
    const page = await newPage(LAPTOP);
    await login(page, OWNER.email);
    await page.goto("/user");
    await page.getByRole("cell", { name: STAFF.email, exact: true }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "CSV出力", exact: true }).click(),
    ]);
    const csv = readFileSync((await download.path()) ?? "", "utf8");
    const staffLine = csv.split("\r\n").find((line) => line.includes(STAFF.email)) ?? "";
    expect(staffLine).toContain("有効");
    expect(csv).not.toMatch(/\btrue\b|\bfalse\b/);
  });
});
