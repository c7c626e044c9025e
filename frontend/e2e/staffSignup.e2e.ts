import type { Page } from "playwright-core";
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, login, PASSWORD, signUpOwner, submitLogin } from "./journeyHelpers";

/** Issue 21 point 6: a staff sign-up is explained to the staff member and to the owner. */
const OWNER = { email: "waiting-owner@example.com", group: "福岡音響", first: "五郎", last: "福岡" };
const STAFF = { email: "waiting-staff@example.com", first: "六子", last: "博多" };

async function signUpStaff(page: Page) {
  await page.goto("/signup");
  await page.getByLabel("スタッフ登録").check();
  await page.getByLabel("メールアドレス").fill(STAFF.email);
  await page.getByLabel("パスワード").fill(PASSWORD);
  await page.getByLabel("ファーストネーム").fill(STAFF.first);
  await page.getByLabel("ラストネーム").fill(STAFF.last);
  await page.locator(".p-dropdown").click();
  await page.getByRole("option", { name: OWNER.group }).click();
  await page.getByRole("button", { name: "新規登録" }).click();
  await page.waitForURL("**/login");
}

describeInBrowser("staff sign-up waits for the owner journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 10_000 });
  const { newPage } = suite;

  beforeAll(async () => {
    await signUpOwner(suite.app.url, OWNER);
  }, 90_000);

  // The owner on a laptop and on a phone, the staff member on a phone: the steps work in order, each starts
  // where the last ended.
  let owner: Page;
  let ownerPhone: Page;
  let staff: Page;

  it("1. the owner's member list is reachable from the navigation, without a count while nobody waits", async () => {
    owner = await newPage(LAPTOP);
    ownerPhone = await newPage(PHONE);
    await login(owner, OWNER.email);
    await login(ownerPhone, OWNER.email);
    // The member list is reachable from the navigation (not only through the group chip).
    const membersLink = owner.locator("header nav").getByRole("link", { name: /^メンバー/ });
    await membersLink.waitFor();
    expect(await membersLink.textContent()).not.toMatch(/[0-9]/);
  }, 60_000);

  it("2. staff signs up: the login screen says what happens next", async () => {
    staff = await newPage(PHONE);
    await signUpStaff(staff);
    await staff
      .getByText("登録しました。グループのオーナーがアカウントを有効にすると、ログインできるようになります。")
      .waitFor();
    await screenshot(staff, "login-after-staff-signup-phone");
  }, 60_000);

  it("3. logging in before activation: the server's message plus an explanation", async () => {
    await submitLogin(staff, STAFF.email);
    await staff.getByText("メンバー権限がありません").waitFor();
    await staff
      .getByText(
        "グループのオーナーがアカウントを有効にするまでログインできません。オーナーに有効化を依頼してください。",
      )
      .waitFor();
    await screenshot(staff, "login-not-yet-active-phone");
  }, 60_000);

  it("4. the owner's open screens show that one member waits, without a reload", async () => {
    await owner.locator("header").getByRole("link", { name: "メンバー（有効化待ち 1人）" }).waitFor();
    await screenshot(owner, "header-pending-member-desktop");
    await ownerPhone.getByRole("button", { name: "メニュー（有効化待ちのメンバーがいます）" }).click();
    await ownerPhone.locator("#app-menu").getByRole("link", { name: "メンバー（有効化待ち 1人）" }).waitFor();
    await screenshot(ownerPhone, "menu-pending-member-phone");
    await expectNoPageOverflow(ownerPhone);
    await expectNoPageOverflow(staff);
  }, 60_000);

  it("5. from the navigation to the list; activating clears the count", async () => {
    await owner.locator("header").getByRole("link", { name: "メンバー（有効化待ち 1人）" }).click();
    await owner.waitForURL("**/user");
    const row = owner.getByRole("row").filter({ hasText: STAFF.email });
    await row.getByRole("switch").click();
    await owner.locator(".p-toast-message").filter({ hasText: "メンバーを有効にしました。" }).waitFor();
    await owner.locator("header nav").getByRole("link", { name: "メンバー", exact: true }).waitFor();
    await ownerPhone.locator("#app-menu").getByRole("link", { name: "メンバー", exact: true }).waitFor();
  }, 60_000);

  it("6. now the staff member gets in", async () => {
    await login(staff, STAFF.email);
  }, 60_000);
});
