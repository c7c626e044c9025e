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

jest.setTimeout(180_000);

describeInBrowser("staff sign-up waits for the owner journey", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 10_000 });
  const { newPage } = suite;

  beforeAll(async () => {
    await signUpOwner(suite.app.url, OWNER);
  }, 90_000);

  it("staff are told they wait for activation; the owner sees who waits, live, from the navigation", async () => {
    const owner = await newPage(LAPTOP);
    const ownerPhone = await newPage(PHONE);
    await login(owner, OWNER.email);
    await login(ownerPhone, OWNER.email);
    // The member list is reachable from the navigation (not only through the group chip).
    const membersLink = owner.locator("header nav").getByRole("link", { name: /^メンバー/ });
    await membersLink.waitFor();
    expect(await membersLink.textContent()).not.toMatch(/[0-9]/);

    // 1. Staff signs up: the login screen says what happens next.
    const staff = await newPage(PHONE);
    await signUpStaff(staff);
    await staff
      .getByText("登録しました。グループのオーナーがアカウントを有効にすると、ログインできるようになります。")
      .waitFor();
    await screenshot(staff, "login-after-staff-signup-phone");

    // 2. Logging in before activation: the server's message plus an explanation.
    await submitLogin(staff, STAFF.email);
    await staff.getByText("メンバー権限がありません").waitFor();
    await staff
      .getByText(
        "グループのオーナーがアカウントを有効にするまでログインできません。オーナーに有効化を依頼してください。",
      )
      .waitFor();
    await screenshot(staff, "login-not-yet-active-phone");

    // 3. The owner's open screens show that one member waits, without a reload.
    await owner.locator("header").getByRole("link", { name: "メンバー（有効化待ち 1人）" }).waitFor();
    await screenshot(owner, "header-pending-member-desktop");
    await ownerPhone.getByRole("button", { name: "メニュー（有効化待ちのメンバーがいます）" }).click();
    await ownerPhone.locator("#app-menu").getByRole("link", { name: "メンバー（有効化待ち 1人）" }).waitFor();
    await screenshot(ownerPhone, "menu-pending-member-phone");
    await expectNoPageOverflow(ownerPhone);
    await expectNoPageOverflow(staff);

    // 4. From the navigation to the list; activating clears the count.
    await owner.locator("header").getByRole("link", { name: "メンバー（有効化待ち 1人）" }).click();
    await owner.waitForURL("**/user");
    const row = owner.getByRole("row").filter({ hasText: STAFF.email });
    await row.getByRole("switch").click();
    await owner.locator(".p-toast-message").filter({ hasText: "メンバーを有効にしました。" }).waitFor();
    await owner.locator("header nav").getByRole("link", { name: "メンバー", exact: true }).waitFor();
    await ownerPhone.locator("#app-menu").getByRole("link", { name: "メンバー", exact: true }).waitFor();

    // 5. Now the staff member gets in.
    await login(staff, STAFF.email);
  });
});
