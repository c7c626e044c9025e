import type { Page } from "playwright-core";
import { describeInBrowser, journeySteps, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, ownerWithActiveStaff, tokenFor } from "./journeyHelpers";

const OWNER = { email: "bell-owner@example.com", group: "金沢イベント機材", first: "誠", last: "仙台" };
const STAFF = { email: "bell-staff@example.com", first: "花子", last: "青葉" };
const DAY_MS = 24 * 3600 * 1000;

/**
 * 青葉 花子 pencilled in 「春の展示会」 (a 仮押さえ she holds), with 2 スピーカー on it. Her colleague (the owner)
 * confirms it, issues both and records one lost, through the API, while her desktop and her phone are open.
 */
async function seed(url: string) {
  const { groupId, token, staffId } = await ownerWithActiveStaff(url, OWNER, STAFF);
  const staffToken = await tokenFor(url, STAFF.email);
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
    { title: "スピーカー", category: category.id, stock_quantity: 4, note: "", group: groupId },
    token,
  );
  const now = Date.now();
  const kase = await callApi(
    url,
    "POST",
    "/api/workcases/",
    {
      title: "春の展示会",
      start_date: new Date(now + 3 * DAY_MS).toISOString(),
      end_date: new Date(now + 4 * DAY_MS).toISOString(),
      note: "ブース B-12",
      status: "tentative",
      hold_until: new Date(now + 2 * DAY_MS).toISOString(),
      group: groupId,
    },
    staffToken,
  );
  for (let i = 0; i < 2; i++)
    await callApi(url, "POST", `/api/additem/${item.id}/${kase.id}/`, undefined, staffToken);
  return { token, staffId, caseId: kase.id as number };
}

const badge = (page: Page) => page.getByTestId("bell-count");
const bell = (page: Page) => page.locator("a.app-bell");

describeInBrowser("notifications journey (the bell, お知らせ, calendar feed)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  const step = journeySteps();
  let seeded: Awaited<ReturnType<typeof seed>>;
  let desk: Page;
  let phone: Page;

  beforeAll(async () => {
    seeded = await seed(suite.app.url);
  }, 90_000);

  step("1. her desktop and her phone show the bell, nothing unread", async () => {
    desk = await suite.newPage(LAPTOP);
    phone = await suite.newPage(PHONE);
    await login(desk, STAFF.email);
    await login(phone, STAFF.email);
    for (const page of [desk, phone]) {
      await bell(page).waitFor();
      expect(await bell(page).getAttribute("aria-label")).toBe("お知らせ");
      expect(await badge(page).count()).toBe(0);
    }
  });

  step("2. a colleague confirms her 仮押さえ: the count rises on both screens without a reload", async () => {
    const url = suite.app.url;
    const confirmed = await callApi(
      url,
      "POST",
      `/api/workcases/${seeded.caseId}/status/`,
      { status: "confirmed" },
      seeded.token,
    );
    expect(confirmed.status).toBe("confirmed");
    for (const page of [desk, phone]) {
      await badge(page).filter({ hasText: "1" }).waitFor({ timeout: 10_000 });
      expect(await bell(page).getAttribute("aria-label")).toBe("お知らせ（未読 1件）");
    }
  });

  step("3. and records a lost unit on it: 2 unread, still live", async () => {
    const url = suite.app.url;
    const rows = (await callApi(
      url,
      "GET",
      `/api/orderitems/?work_case=${seeded.caseId}`,
      undefined,
      seeded.token,
    )) as unknown as { id: number }[];
    const id = rows[0]!.id;
    await callApi(url, "POST", `/api/orderitems/${id}/issue/`, { quantity: 2 }, seeded.token);
    await callApi(url, "POST", `/api/orderitems/${id}/receive/`, { quantity: 1, lost: 1 }, seeded.token);
    for (const page of [desk, phone]) await badge(page).filter({ hasText: "2" }).waitFor({ timeout: 10_000 });
    await screenshot(desk, "notifications-bell-1366");
    await screenshot(phone, "notifications-bell-phone");
  });

  step("4. she opens お知らせ from the phone menu: both notices, newest first", async () => {
    await phone.getByRole("button", { name: "メニュー" }).click();
    await phone.getByRole("link", { name: "お知らせ（未読 2件）" }).last().click();
    await phone.getByRole("heading", { name: "お知らせ" }).waitFor();
    const items = phone.getByRole("list", { name: "お知らせ" }).getByRole("listitem");
    await items.nth(1).waitFor();
    expect(await items.nth(0).textContent()).toContain(
      "仙台 誠 さんが案件「春の展示会」の スピーカー 1個を紛失として記録しました。",
    );
    expect(await items.nth(1).textContent()).toContain(
      "仙台 誠 さんが案件「春の展示会」を本予約にしました。",
    );
    await expectNoPageOverflow(phone);
    await screenshot(phone, "notifications-list-phone");
  });

  step(
    "5. on the desktop she follows the confirm's link to the case; it is read, the count falls live",
    async () => {
      await bell(desk).click();
      await desk.getByRole("heading", { name: "お知らせ" }).waitFor();
      await screenshot(desk, "notifications-list-1366");
      const confirm = desk.getByRole("listitem").filter({ hasText: "本予約にしました" });
      await confirm.getByRole("link", { name: "案件を開く" }).click();
      await desk.waitForURL(`**/orderitems/${seeded.caseId}`);
      await desk.getByRole("heading", { name: /春の展示会/ }).waitFor();
      for (const page of [desk, phone])
        await badge(page).filter({ hasText: /^1$/ }).waitFor({ timeout: 10_000 });
    },
  );

  step("5b. the case screen offers the case as an .ics file", async () => {
    const [download] = await Promise.all([
      desk.waitForEvent("download"),
      desk.getByRole("button", { name: "カレンダーに追加（.ics）" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("春の展示会.ics");
    await screenshot(desk, "notifications-case-1366");
  });

  step("6. すべて既読にする empties the count everywhere", async () => {
    await phone.getByRole("button", { name: "すべて既読にする" }).click();
    for (const page of [phone, desk]) await badge(page).waitFor({ state: "detached", timeout: 10_000 });
    await phone.goto(`/orderitems/${seeded.caseId}`);
    await phone.getByRole("button", { name: "カレンダーに追加（.ics）" }).waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "notifications-case-phone");
  });

  step("7. her profile gives her a calendar URL that a calendar app can read", async () => {
    await desk.goto(`/useredit/${seeded.staffId}`);
    await desk.getByRole("heading", { name: "カレンダー連携（iCal）" }).waitFor();
    await desk.getByRole("button", { name: "URLを発行" }).click();
    const field = desk.getByLabel("カレンダー連携のURL");
    await field.waitFor();
    const url = await field.inputValue();
    expect(url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const ics = await (await fetch(url)).text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain("SUMMARY:春の展示会");
    await screenshot(desk, "calendar-feed-1366");
    await phone.goto(`/useredit/${seeded.staffId}`);
    await phone.getByRole("heading", { name: "カレンダー連携（iCal）" }).waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "calendar-feed-phone");
  });
});
