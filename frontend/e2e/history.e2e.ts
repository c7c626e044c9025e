import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { DESKTOP, describeInBrowser, journeySteps, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, login, twoMembersOnACase } from "./journeyHelpers";

const OWNER = {
  email: "history-owner@example.com",
  group: "名古屋音響レンタル",
  first: "恵子",
  last: "山本",
};
const STAFF = { email: "history-staff@example.com", first: "健", last: "高橋" };
const OWNER_NAME = "山本 恵子";
const STAFF_NAME = "高橋 健";

/** An owner and an active staff member of one group, an item and a case, through the API. */
const seed = (url: string) => twoMembersOnACase(url, OWNER, STAFF);

const panelOf = (page: Page) => page.getByRole("region", { name: "アクティビティ" });
/** The panel's lines, newest first, without their times. */
const linesOf = (page: Page) => panelOf(page).locator(".activity-text").allTextContents();

describeInBrowser("history journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  const step = journeySteps();
  let caseId: number;

  beforeAll(async () => {
    ({ caseId } = await seed(suite.app.url));
  }, 90_000);

  // The owner at a desktop and the staff member on a phone, on the same case: each step starts where the
  // last ended.
  let owner: Page;
  let staff: Page;

  step("1. both open the case: each activity panel starts with the case's creation", async () => {
    owner = await suite.newPage(DESKTOP);
    await login(owner, OWNER.email);
    await owner.goto(`/orderitems/${caseId}`);
    await owner.getByRole("heading", { name: "案件詳細：秋の新製品発表会" }).waitFor();
    await panelOf(owner).getByText(`${OWNER_NAME} が 案件「秋の新製品発表会」を作成`).waitFor();

    staff = await suite.newPage(PHONE);
    await login(staff, STAFF.email);
    await staff.goto(`/orderitems/${caseId}`);
    await panelOf(staff).getByText(`${OWNER_NAME} が 案件「秋の新製品発表会」を作成`).waitFor();
  });

  step(
    "2. the owner's + twice: the staff member's panel shows them live, as one line of 2 (issue 36)",
    async () => {
      const add = owner.getByRole("button", { name: "ワイヤレスマイクを1つ追加" });
      await add.click();
      await panelOf(owner).getByText(`${OWNER_NAME} が ワイヤレスマイク を 1個 追加`).waitFor();
      await add.click();
      await panelOf(staff).getByText(`${OWNER_NAME} が ワイヤレスマイク を 2個 追加`).waitFor();
      expect(await linesOf(staff)).toEqual([
        `${OWNER_NAME} が ワイヤレスマイク を 2個 追加`,
        `${OWNER_NAME} が 案件「秋の新製品発表会」を作成`,
      ]);
    },
  );

  step("3. the staff member's − on the phone: on top of the owner's panel", async () => {
    await staff.getByRole("button", { name: "ワイヤレスマイクを1つ減らす" }).first().click();
    await panelOf(owner).getByText(`${STAFF_NAME} が ワイヤレスマイク を 1個 削除`).waitFor();
    expect((await linesOf(owner))[0]).toBe(`${STAFF_NAME} が ワイヤレスマイク を 1個 削除`);
    await panelOf(staff).getByText(`${STAFF_NAME} が ワイヤレスマイク を 1個 削除`).waitFor();
    await screenshot(owner, "history-case-desktop");
    await screenshot(staff, "history-case-phone");
    await expectNoPageOverflow(staff);
  });

  step("4. the item's own history, in its detail on the item screen", async () => {
    await owner.goto("/item/2030/01/01?search=ワイヤレスマイク");
    await owner.getByRole("button", { name: "ワイヤレスマイク", exact: true }).click();
    const detail = owner.getByRole("dialog", { name: "アイテム詳細" });
    const itemHistory = detail.getByRole("region", { name: "履歴" });
    await itemHistory.getByText(`${STAFF_NAME} が ワイヤレスマイク を 1個 削除`).waitFor();
    await itemHistory.getByText(`${OWNER_NAME} が アイテム「ワイヤレスマイク」を登録（在庫数 8）`).waitFor();
    await screenshot(owner, "history-item-desktop");
    await detail.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
  });

  step("5. the owner exports this month's history as CSV from the member list", async () => {
    await owner.goto("/user");
    const form = owner.getByRole("form", { name: "履歴CSV出力" });
    await form.waitFor();
    await screenshot(owner, "history-export-desktop");
    const [download] = await Promise.all([
      owner.waitForEvent("download"),
      form.getByRole("button", { name: "履歴CSV出力" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^history_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path()) as string, "utf8");
    expect(csv.startsWith("\uFEFF日時,")).toBe(true);
    expect(csv).toContain(`${STAFF_NAME} が ワイヤレスマイク を 1個 削除`);
    expect(csv).toContain(`${STAFF_NAME} を有効にしました`);
  });

  // Staff do not get the form's file: the server refuses them (checked by the API tests); on the phone the
  // member list is the owner's screen only. A page of its own: it runs whatever became of the steps before.
  it("6. the owner's export form on a phone", async () => {
    const ownerPhone = await suite.newPage(PHONE);
    await login(ownerPhone, OWNER.email);
    await ownerPhone.goto("/user");
    await ownerPhone.getByRole("form", { name: "履歴CSV出力" }).waitFor();
    await screenshot(ownerPhone, "history-export-phone");
    await expectNoPageOverflow(ownerPhone);
  });
});
