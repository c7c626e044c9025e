import type { Page } from "playwright-core";
import { describeInBrowser, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { login, PASSWORD, submitLogin } from "./journeyHelpers";

const OWNER = { email: "owner@example.com", first: "太郎", last: "山田", group: "東京イベント機材" };
const STAFF = { email: "staff@example.com", first: "花子", last: "佐藤" };

async function fillSignup(page: Page, who: { email: string; first: string; last: string }) {
  await page.getByLabel("メールアドレス").fill(who.email);
  await page.getByLabel("パスワード").fill(PASSWORD);
  await page.getByLabel("ファーストネーム").fill(who.first);
  await page.getByLabel("ラストネーム").fill(who.last);
}

describeInBrowser("people and groups journey", () => {
  const suite = useAppAndBrowser();

  // The owner and a staff member, each in their own browser, then both on phones: the steps work in order,
  // each starts where the last ended.
  let owner: Page;
  let staff: Page;
  let phone: Page;

  it("1. the owner registers a new group", async () => {
    owner = await suite.newPage();
    await owner.goto("/signup");
    await owner.getByLabel("オーナー登録").check();
    await fillSignup(owner, OWNER);
    await owner.getByLabel("新規グループ名").fill(OWNER.group);
    await owner
      .getByText("グループ名はログイン時に他の方にも表示されます。表示されてもいい名前にして下さい。")
      .waitFor();
    await screenshot(owner, "signup-owner-desktop");
    await owner.getByRole("button", { name: "新規登録" }).click();
    await owner.waitForURL("**/login");
    await screenshot(owner, "login-desktop");
  }, 60_000);

  it("2. the owner logs in and sees the signed-in header; the group chip leads to the member list", async () => {
    await login(owner, OWNER.email);
    const ownerHeader = owner.locator("header");
    for (const entry of ["ワークケース", "カテゴリ", "アイテム", "ログアウト"]) {
      await ownerHeader.getByText(entry, { exact: true }).waitFor();
    }
    await ownerHeader.getByRole("link", { name: OWNER.email }).waitFor();
    await ownerHeader.getByRole("link", { name: OWNER.group }).click();
    await owner.waitForURL("**/user");
    await owner.getByRole("heading", { name: "メンバーリスト" }).waitFor();
    // The owner's row says so (issue 36).
    await owner
      .getByRole("cell")
      .filter({ hasText: OWNER.email })
      .getByText("オーナー", { exact: true })
      .waitFor();
  }, 60_000);

  it("3. a staff member signs up into that group from another browser", async () => {
    staff = await suite.newPage();
    await staff.goto("/signup");
    await staff.getByLabel("スタッフ登録").check();
    await fillSignup(staff, STAFF);
    // PrimeReact's Dropdown keeps its labelled input hidden; the visible trigger is the widget itself.
    await staff.locator(".p-dropdown").click();
    await staff.getByRole("option", { name: OWNER.group }).click();
    await screenshot(staff, "signup-staff-desktop");
    await staff.getByRole("button", { name: "新規登録" }).click();
    await staff.waitForURL("**/login");
  }, 60_000);

  it("4. not yet activated: the login is refused with the spec's message", async () => {
    await submitLogin(staff, STAFF.email);
    await staff.getByText("メンバー権限がありません").waitFor();
    await screenshot(staff, "login-refused-desktop");
  }, 60_000);

  it("5. the owner's open member list shows the new row without a reload, then the owner activates it", async () => {
    const staffRow = owner.getByRole("row").filter({ hasText: STAFF.email });
    await staffRow.waitFor();
    // Waiting for the owner: marked 承認待ち until switched on (issue 36).
    await staffRow.getByText("承認待ち", { exact: true }).waitFor();
    await screenshot(owner, "members-desktop");
    const toggle = staffRow.getByRole("switch");
    await toggle.click();
    await staffRow.getByText("承認待ち", { exact: true }).waitFor({ state: "detached" });
    await owner.waitForFunction(
      (email) =>
        [...document.querySelectorAll("tr")]
          .find((tr) => tr.textContent?.includes(email))
          ?.querySelector('[role="switch"][aria-checked="true"]') !== null,
      STAFF.email,
    );
    // Owner rows have neither a switch nor a delete button.
    const ownerRow = owner.getByRole("row").filter({ hasText: OWNER.email });
    expect(await ownerRow.getByRole("switch").count()).toBe(0);
    expect(await ownerRow.getByRole("button", { name: "削除" }).count()).toBe(0);
  }, 60_000);

  it("6. now the staff member gets in; their group chip is plain text, not a link", async () => {
    await login(staff, STAFF.email);
    const staffHeader = staff.locator("header");
    await staffHeader.getByText(OWNER.group).waitFor();
    expect(await staffHeader.getByRole("link", { name: OWNER.group }).count()).toBe(0);
    await staffHeader.getByRole("link", { name: STAFF.email }).waitFor();
    await screenshot(staff, "workcase-staff-desktop");
  }, 60_000);

  it("7. unknown paths show NotFound", async () => {
    await staff.goto("/no-such-page");
    await staff.getByText("ページが見つかりません").waitFor();
    await screenshot(staff, "not-found-desktop");
  }, 60_000);

  it("8. on a phone the navigation collapses into the menu button; a tap on the content closes it", async () => {
    phone = await suite.newPage(PHONE);
    await phone.goto("/login");
    await screenshot(phone, "login-phone");
    await login(phone, STAFF.email);
    // The content is there before the menu opens: "a tap on the content" needs content to tap (an empty
    // main sits under the open menu; a first visit also precaches the client meanwhile).
    await phone.getByRole("heading", { name: "案件一覧" }).waitFor();
    expect(await phone.locator("header").getByText("ワークケース", { exact: true }).count()).toBe(0);
    await phone.getByRole("button", { name: "メニュー" }).click();
    for (const entry of ["ワークケース", "カテゴリ", "アイテム", "ログアウト"]) {
      await phone.getByText(entry, { exact: true }).first().waitFor();
    }
    await screenshot(phone, "menu-open-phone");
    await phone.locator("main").click({ position: { x: 10, y: 10 } });
    await phone.locator("#app-menu").waitFor({ state: "detached" });
  }, 60_000);

  it("9. the owner's member list and the sign-up screen on a phone", async () => {
    const ownerPhone = await suite.newPage(PHONE);
    await login(ownerPhone, OWNER.email);
    await ownerPhone.goto("/user");
    await ownerPhone.getByRole("cell", { name: STAFF.email, exact: true }).waitFor();
    await screenshot(ownerPhone, "members-phone");
    await ownerPhone.goto("/signup");
    await ownerPhone.getByLabel("スタッフ登録").check();
    await ownerPhone.getByText("新規登録").first().waitFor();
    await screenshot(ownerPhone, "signup-phone");
  }, 60_000);

  it("10. logout returns to the login screen with the signed-out entries", async () => {
    await phone.getByRole("button", { name: "メニュー" }).click();
    await phone.getByText("ログアウト", { exact: true }).click();
    await phone.waitForURL("**/login");
    await phone.getByRole("button", { name: "メニュー" }).click();
    await phone.getByText("サインアップ", { exact: true }).first().waitFor();
  }, 60_000);
});
