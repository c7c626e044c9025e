import type { Page } from "playwright-core";
import { DESKTOP, describeInBrowser, journeySteps, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, twoMembersOnACase } from "./journeyHelpers";

const OWNER = { email: "presence-owner@example.com", group: "鎌倉イベント機材", first: "恵子", last: "山本" };
const STAFF = { email: "presence-staff@example.com", first: "健", last: "高橋" };
const OWNER_NAME = "山本 恵子";
const STAFF_NAME = "高橋 健";

/** An owner and an active staff member of one group, and a case that takes one ワイヤレスマイク, through the API. */
async function seed(url: string) {
  const { token, itemId, caseId } = await twoMembersOnACase(url, OWNER, STAFF);
  await callApi(url, "POST", `/api/additem/${itemId}/${caseId}/`, undefined, token);
  return { caseId };
}

const chipsOf = (page: Page) => page.getByRole("region", { name: "この画面を閲覧中のメンバー" });

describeInBrowser("presence journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  const step = journeySteps();
  let caseId: number;

  beforeAll(async () => {
    ({ caseId } = await seed(suite.app.url));
  }, 90_000);

  // The owner at a desktop and the staff member on a phone (with a second tab for a while): each step starts
  // where the last ended.
  let owner: Page;
  let staff: Page;
  let staffTab2: Page;

  step("1. alone on the case: no chips at all", async () => {
    owner = await suite.newPage(DESKTOP);
    await login(owner, OWNER.email);
    await owner.goto(`/orderitems/${caseId}`);
    await owner.getByRole("heading", { name: "案件詳細：秋の新製品発表会" }).waitFor();
    await owner.getByText("ワイヤレスマイク").first().waitFor();
    expect(await chipsOf(owner).count()).toBe(0);
  });

  step("2. the staff member on a phone: each sees the other's chip, never their own", async () => {
    staff = await suite.newPage(PHONE);
    await login(staff, STAFF.email);
    await staff.goto(`/orderitems/${caseId}`);
    await chipsOf(staff).getByText(OWNER_NAME, { exact: true }).waitFor();
    await chipsOf(owner).getByText(STAFF_NAME, { exact: true }).waitFor();
    expect(await chipsOf(owner).textContent()).toContain("閲覧中");
    expect(await chipsOf(owner).getByText(OWNER_NAME, { exact: true }).count()).toBe(0);
    expect(await chipsOf(staff).getByText(STAFF_NAME, { exact: true }).count()).toBe(0);
    await screenshot(owner, "presence-case-desktop");
    await screenshot(staff, "presence-case-phone");
    await expectNoPageOverflow(staff);
  });

  step("3. the staff member's second tab on the shipped item list: still one chip", async () => {
    staffTab2 = await staff.context().newPage();
    await staffTab2.goto(`/orderitemslist/${caseId}`);
    await chipsOf(staffTab2).getByText(OWNER_NAME, { exact: true }).waitFor();
    await owner.waitForTimeout(500);
    expect(await chipsOf(owner).getByRole("listitem").count()).toBe(1);
  });

  step("4. the staff member closes it and walks to the warehouse: the chip leaves the case", async () => {
    await staffTab2.close();
    await staff.goto("/warehouse");
    await staff.getByRole("heading", { name: "倉庫 入出庫予定" }).waitFor();
    await chipsOf(owner).waitFor({ state: "detached" });
  });

  step("5. the owner follows: the board shows who is on it", async () => {
    await owner.goto("/warehouse");
    await chipsOf(owner).getByText(STAFF_NAME, { exact: true }).waitFor();
    await chipsOf(staff).getByText(OWNER_NAME, { exact: true }).waitFor();
    await screenshot(owner, "presence-warehouse-desktop");
    await screenshot(staff, "presence-warehouse-phone");
  });

  step("6. the staff member's browser goes away: the chip goes within seconds, live", async () => {
    const closedAt = Date.now();
    await staff.context().close();
    await chipsOf(owner).waitFor({ state: "detached", timeout: 5_000 });
    expect(Date.now() - closedAt).toBeLessThan(5_000);
  });
});
