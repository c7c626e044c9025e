import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ja } from "@zaiko/common/messages/ja";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { describeInBrowser, PHONE, SCREENSHOT_DIR, screenshot, useAppAndBrowser } from "./harness";
import { fillDate, login, PASSWORD, post, rowOf, submitLogin, tokenFor } from "./journeyHelpers";

/**
 * Every screen and dialog at 390 px, as a phone user works: sign up, log in through the menu,
 * create categories, items, a case, allocate with + and −, issue and receive, edit a member.
 * Each stop asserts what a phone user depends on (see `expectUsable`) and saves `phone-*.png`.
 */

const OWNER = { email: "phone-owner@example.com", first: "一郎", last: "札幌", group: "札幌イベント機材" };
const STAFF = { email: "phone-staff@example.com", first: "二郎", last: "函館" };
const HEADER = "アイテム名,カテゴリ,在庫数,メモ";
/** The smallest tap target we accept on a touch screen (Apple and Material ask for 44–48 px). */
const MIN_TAP = 40;

function phoneContext(browser: Browser, baseURL: string): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: PHONE,
    hasTouch: true,
    isMobile: true,
    locale: "ja-JP",
    timezoneId: "Asia/Tokyo",
    // As harness.newContext: the worker's precache is installable.e2e.ts's subject, not this journey's.
    serviceWorkers: "block",
  });
}

/**
 * What a phone user would trip over at this moment, measured in the page (empty when all is well):
 * the page scrolling sideways, a dialog reaching past the screen, a control smaller than a
 * fingertip, a control off screen that no scrolling box of its own can bring back. While a dialog
 * is open only the dialogs (and their pop-ups) count: the page behind the mask cannot be tapped.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ width, height, minTap }) => {
      const problems: string[] = [];
      const root = document.scrollingElement ?? document.documentElement;
      if (root.scrollWidth > width) problems.push(`page scrolls sideways (${root.scrollWidth}px)`);
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join(".")} "${(
          el.getAttribute("aria-label") ??
          el.textContent ??
          ""
        )
          .trim()
          .slice(0, 30)}"`;
      const dialogs = [...document.querySelectorAll(".p-dialog")];
      for (const dialog of dialogs) {
        const r = dialog.getBoundingClientRect();
        if (r.left < 0 || r.right > width || r.top < 0 || r.bottom > height)
          problems.push(`dialog outside the screen ${name(dialog)} ${JSON.stringify(r)}`);
      }
      const scope = dialogs.length > 0 ? ".p-dialog, .p-datepicker, .p-dropdown-panel" : "body";
      const selector = [
        "button",
        "a.p-button",
        "td a",
        "header a",
        "[role=switch]",
        ".p-dropdown",
        "input.p-inputtext",
        ".p-radiobutton",
      ]
        .flatMap((control) => scope.split(", ").map((s) => `${s} ${control}`))
        .join(", ");
      for (const el of document.querySelectorAll(selector)) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue; // not rendered
        const style = getComputedStyle(el);
        if (style.visibility === "hidden" || style.clip !== "auto") continue;
        // Radio buttons are tapped through their label row, which is measured instead.
        const target = (el.closest(".role-option") ?? el).getBoundingClientRect();
        if (target.height < minTap - 0.5)
          problems.push(`small tap target ${name(el)} ${target.width}x${target.height}`);
        let scroller = el.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX === "visible")
          scroller = scroller.parentElement;
        if ((r.left < -0.5 || r.right > width + 0.5) && (!scroller || scroller === document.body))
          problems.push(`off screen ${name(el)} ${r.left}..${r.right}`);
      }
      return problems;
    },
    { width: PHONE.width, height: PHONE.height, minTap: MIN_TAP },
  );
}

/** Every problem found, by screen, in the running step; the step fails at its end if any. */
const found: Record<string, string[]> = {};

/**
 * Checks what a phone user depends on, then saves `phone-<name>.png`: the page does not scroll
 * sideways, open dialogs fit on the screen, every control is big enough to tap, and the screen's
 * main buttons can be clicked (Playwright's actionability checks, without `force`).
 */
async function expectUsable(page: Page, name: string, mainButtons: Locator[] = []) {
  // Measure after PrimeReact's open/close transitions: a dialog grows from 70% while it enters.
  await page.waitForFunction(
    () => document.querySelector('[class*="-enter-active"], [class*="-exit-active"]') === null,
  );
  for (const button of mainButtons) await button.click({ trial: true });
  expect(await page.evaluate(() => window.innerWidth)).toBe(PHONE.width);
  const problems = await layoutProblems(page);
  if (problems.length > 0) found[name] = problems;
  if (await page.locator(".p-dialog, .p-datepicker").count()) {
    // What the user sees: a full-page shot would stretch the mask and the dialog over the page.
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `phone-${name}.png`) });
  } else {
    // A full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `phone-${name}`);
  }
}

/** Opens an entry of the collapsed header menu. */
async function openMenuEntry(page: Page, name: string) {
  await page.getByRole("button", { name: "メニュー" }).click();
  await page.locator("#app-menu").getByRole("link", { name, exact: true }).click();
}

const footerButton = (dialog: Locator, name: string) =>
  dialog.locator(".p-dialog-footer").getByRole("button", { name, exact: true });

describeInBrowser("phone journey (390 px)", () => {
  const suite = useAppAndBrowser();
  // One owner and one staff member walk through the app in order; each step starts where the last ended.
  let p: Page;
  let s: Page;
  let staffCtx: BrowserContext;
  let caseUrl: string;

  beforeAll(async () => {
    const ownerCtx = await phoneContext(suite.browser, suite.app.url);
    staffCtx = await phoneContext(suite.browser, suite.app.url);
    suite.contexts.push(ownerCtx, staffCtx);
    p = await ownerCtx.newPage();
    s = await staffCtx.newPage();
    p.on("dialog", (d) => void d.accept());
  });

  // Each step fails at its end if a screen it checked has layout problems (so one run lists them all).
  afterEach(() => {
    const problems = { ...found };
    for (const name of Object.keys(found)) delete found[name];
    expect(problems).toEqual({});
  });

  it("1. sign-up as owner and as staff, the login screen, the signed-out menu", async () => {
    await p.goto("/signup");
    await p.getByLabel("オーナー登録").check();
    await p.getByLabel("メールアドレス").fill(OWNER.email);
    await p.getByLabel("パスワード").fill(PASSWORD);
    await p.getByLabel("ファーストネーム").fill(OWNER.first);
    await p.getByLabel("ラストネーム").fill(OWNER.last);
    await p.getByLabel("新規グループ名").fill(OWNER.group);
    await expectUsable(p, "signup-owner", [p.getByRole("button", { name: "新規登録" })]);
    await p.getByRole("button", { name: "新規登録" }).click();
    await p.waitForURL("**/login");
    await p.getByRole("button", { name: "メニュー" }).click();
    await p.locator("#app-menu").getByRole("link", { name: "サインアップ" }).waitFor();
    await expectUsable(p, "menu-signed-out");
    await p.getByRole("button", { name: "メニュー" }).click();

    // Staff signs up into the group (group dropdown) and is refused until activated.
    await s.goto("/signup");
    await s.getByLabel("スタッフ登録").check();
    await s.getByLabel("メールアドレス").fill(STAFF.email);
    await s.getByLabel("パスワード").fill(PASSWORD);
    await s.getByLabel("ファーストネーム").fill(STAFF.first);
    await s.getByLabel("ラストネーム").fill(STAFF.last);
    await s.locator(".p-dropdown").click();
    await s.getByRole("option", { name: OWNER.group }).click();
    await expectUsable(s, "signup-staff", [s.getByRole("button", { name: "新規登録" })]);
    await s.getByRole("button", { name: "新規登録" }).click();
    await s.waitForURL("**/login");
    await submitLogin(s, STAFF.email);
    await s.getByText("メンバー権限がありません").waitFor();
    await expectUsable(s, "login-refused", [s.getByRole("button", { name: "ログイン", exact: true })]);
  }, 60_000);

  it("2. the owner logs in; the signed-in menu", async () => {
    await login(p, OWNER.email);
    await p.getByRole("heading", { name: "案件一覧" }).waitFor();
    await p.getByRole("button", { name: "メニュー" }).click();
    await p
      .locator("#app-menu")
      .getByRole("link", { name: "ログアウト" })
      .or(p.locator("#app-menu").getByRole("button", { name: "ログアウト" }))
      .waitFor();
    await expectUsable(p, "menu");
    await p.getByRole("button", { name: "メニュー" }).click();
  }, 60_000);

  it("3. members: activate the staff member, the delete dialog; the owner edits their profile", async () => {
    await p.getByRole("button", { name: "メニュー" }).click();
    await p.locator("#app-menu").getByRole("link", { name: OWNER.group }).click();
    await p.waitForURL("**/user");
    const staffRow = rowOf(p, STAFF.email);
    await staffRow.getByRole("switch").click();
    await staffRow.locator('[role="switch"][aria-checked="true"]').waitFor();
    // The activation's toast lies over the toolbar for its 3 s, and PrimeReact keeps it while the pointer is
    // on it (the trial clicks below would hold it there): measure the page once it is gone.
    const toast = p.locator(".p-toast-message");
    await toast.waitFor();
    await toast.waitFor({ state: "hidden" });
    await expectUsable(p, "members", [
      p.getByRole("button", { name: "CSV出力", exact: true }),
      staffRow.getByRole("button", { name: `削除: ${STAFF.email}` }),
    ]);
    await staffRow.getByRole("button", { name: `削除: ${STAFF.email}` }).click();
    const deleteUser = p.getByRole("dialog", { name: "ユーザー削除" });
    await deleteUser.getByText(STAFF.email).waitFor();
    await expectUsable(p, "members-delete", [
      deleteUser.getByRole("button", { name: "キャンセル" }),
      deleteUser.getByRole("button", { name: "削除" }),
    ]);
    await deleteUser.getByRole("button", { name: "キャンセル" }).click();
    await deleteUser.waitFor({ state: "hidden" });

    // Member edit: the owner edits their own profile from the email chip.
    await p.getByRole("button", { name: "メニュー" }).click();
    await p.locator("#app-menu").getByRole("link", { name: OWNER.email }).click();
    await p.waitForURL(/\/useredit\/\d+$/);
    await p.getByLabel("ラストネーム").fill("札幌本社");
    await expectUsable(p, "member-edit", [p.getByRole("button", { name: "更新" })]);
    await p.getByRole("button", { name: "更新" }).click();
    await p.waitForURL("**/workcase");
    await p.getByRole("button", { name: "メニュー" }).click();
    await p.locator("#app-menu").getByRole("link", { name: OWNER.group }).click();
    await rowOf(p, OWNER.email).getByText("札幌本社").waitFor();
  }, 60_000);

  it("4. categories: create, edit", async () => {
    await openMenuEntry(p, "カテゴリ");
    await p.getByRole("heading", { name: "カテゴリ一覧" }).waitFor();
    for (const name of ["音響", "照明"]) {
      await p.getByRole("button", { name: "新規登録" }).click();
      const dialog = p.getByRole("dialog", { name: "新規カテゴリ" });
      await dialog.getByLabel("カテゴリ名").fill(name);
      if (name === "音響")
        await expectUsable(p, "category-create", [
          dialog.getByRole("button", { name: "キャンセル" }),
          dialog.getByRole("button", { name: "保存" }),
        ]);
      await dialog.getByRole("button", { name: "保存" }).click();
      await dialog.waitFor({ state: "hidden" });
      await p.getByRole("cell", { name, exact: true }).waitFor();
    }
    const lightRow = p.getByRole("row").filter({ hasText: "照明" });
    await expectUsable(p, "category", [
      p.getByRole("button", { name: "新規登録" }),
      lightRow.getByRole("button", { name: /編集/ }),
      lightRow.getByRole("button", { name: /削除/ }),
    ]);
    await lightRow.getByRole("button", { name: /編集/ }).click();
    const editCategory = p.getByRole("dialog", { name: "カテゴリ編集" });
    await editCategory.getByLabel("カテゴリ名").waitFor();
    await expectUsable(p, "category-edit");
    await editCategory.getByRole("button", { name: "キャンセル" }).click();
    await editCategory.waitFor({ state: "hidden" });
  }, 60_000);

  it("5. items: create, import complete and error, detail, delete confirm, edit; category delete lists items", async () => {
    await openMenuEntry(p, "アイテム");
    await p.getByRole("heading", { name: "アイテム一覧" }).waitFor();
    await p.getByRole("button", { name: "新規登録" }).click();
    const newItem = p.getByRole("dialog", { name: "新規アイテム" });
    await newItem.getByLabel("アイテム名").fill("スピーカー");
    await newItem.locator(".p-dropdown").click();
    await p.locator(".p-dropdown-panel").getByRole("option", { name: "音響", exact: true }).click();
    await newItem.getByLabel("在庫数").fill("2");
    await newItem.getByLabel("メモ").fill("左右ペア");
    await expectUsable(p, "item-create", [newItem.getByRole("button", { name: "保存" })]);
    await newItem.getByRole("button", { name: "保存" }).click();
    await newItem.waitFor({ state: "hidden" });
    await p.getByRole("button", { name: "スピーカー", exact: true }).waitFor();

    const csv = path.join(os.tmpdir(), `phone-items-${Date.now()}.csv`);
    writeFileSync(csv, `${HEADER}\r\nワイヤレスマイク,音響,6,電池別\r\nLEDライト,照明,8,\r\n`);
    await p.getByLabel("CSVファイル").setInputFiles(csv);
    await p.getByRole("button", { name: "CSVインポート" }).click();
    const complete = p.getByRole("dialog", { name: "インポート完了" });
    await complete.getByText("2件を登録し、0件を更新しました。").waitFor();
    await expectUsable(p, "item-import-complete", [footerButton(complete, "閉じる")]);
    await footerButton(complete, "閉じる").click();
    const bad = path.join(os.tmpdir(), `phone-items-bad-${Date.now()}.csv`);
    // Sixty refused lines: the dialog must stay on the screen and scroll its list.
    const badLines = Array.from(
      { length: 60 },
      (_, i) => `${"長い名前の機材".repeat(i % 3 ? 1 : 8)}${i},音響,x,`,
    );
    writeFileSync(bad, `${HEADER}\r\n${badLines.join("\r\n")}\r\n`);
    await p.getByLabel("CSVファイル").setInputFiles(bad);
    await p.getByRole("button", { name: "CSVインポート" }).click();
    const problems = p.getByRole("dialog", { name: "インポートエラー" });
    await problems.getByText(/2行目/).first().waitFor();
    await expectUsable(p, "item-import-error", [footerButton(problems, "閉じる")]);
    await footerButton(problems, "閉じる").click();
    await p.getByRole("button", { name: "ワイヤレスマイク", exact: true }).waitFor();
    await expectUsable(p, "item", [
      p.getByRole("button", { name: "新規登録" }),
      p.getByRole("button", { name: "CSVインポート" }),
      p.getByRole("button", { name: "テンプレートダウンロード" }),
      p.getByRole("link", { name: /^次の週/ }),
      p.getByRole("link", { name: /^前の週/ }),
    ]);

    await p.getByRole("button", { name: "スピーカー", exact: true }).click();
    const detail = p.getByRole("dialog", { name: "アイテム詳細" });
    await detail.getByText("左右ペア").waitFor();
    await expectUsable(p, "item-detail", [
      detail.getByRole("button", { name: "編集" }),
      detail.getByRole("button", { name: "削除" }),
      footerButton(detail, "閉じる"),
    ]);
    await detail.getByRole("button", { name: "削除" }).click();
    const deleteItem = p.getByRole("dialog", { name: "アイテム削除" });
    await deleteItem.getByText("本当にこのアイテムを削除しますか？").waitFor();
    await expectUsable(p, "item-delete", [deleteItem.getByRole("button", { name: "キャンセル" })]);
    await deleteItem.getByRole("button", { name: "キャンセル" }).click();
    await deleteItem.waitFor({ state: "hidden" });
    await detail.getByRole("button", { name: "編集" }).click();
    const editItem = p.getByRole("dialog", { name: "アイテム編集" });
    await editItem.getByLabel("在庫数").waitFor();
    await expectUsable(p, "item-edit", [editItem.getByRole("button", { name: "キャンセル" })]);
    await editItem.getByRole("button", { name: "キャンセル" }).click();
    await editItem.waitFor({ state: "hidden" });

    // Category delete lists the related items.
    await openMenuEntry(p, "カテゴリ");
    await p.getByRole("row").filter({ hasText: "照明" }).getByRole("button", { name: /削除/ }).click();
    const deleteCategory = p.getByRole("dialog", { name: "カテゴリ削除" });
    await deleteCategory.getByRole("listitem").filter({ hasText: "LEDライト" }).waitFor();
    await expectUsable(p, "category-delete", [deleteCategory.getByRole("button", { name: "削除" })]);
    await deleteCategory.getByRole("button", { name: "キャンセル" }).click();
    await deleteCategory.waitFor({ state: "hidden" });
  }, 60_000);

  it("6. work cases: create with the pickers, delete dialog, duplicate and delete the copy", async () => {
    await openMenuEntry(p, "ワークケース");
    await p.getByRole("button", { name: "新規登録" }).click();
    const form = p.getByRole("dialog", { name: "新規登録" });
    await form.getByLabel("案件名").fill("雪まつり");
    await form.getByRole("button", { name: "開始日時のカレンダーを開く" }).click();
    await p.locator(".p-datepicker").waitFor();
    await expectUsable(p, "workcase-picker");
    // Escape closes the picker, not the dialog around it.
    await p.keyboard.press("Escape");
    await p.locator(".p-datepicker").waitFor({ state: "detached" });
    await form.getByLabel("案件名").waitFor();
    await fillDate(p, form, "開始日時", "2027/02/04 09:00");
    await fillDate(p, form, "終了日時", "2027/02/06 18:00");
    await form.getByLabel("ノート").fill("大通公園 西5丁目");
    await expectUsable(p, "workcase-create", [
      form.getByRole("button", { name: "キャンセル" }),
      form.getByRole("button", { name: "新規作成" }),
    ]);
    await form.getByRole("button", { name: "新規作成" }).click();
    // The new case's 案件詳細 opens (issue 36); back to the list.
    await p.getByRole("heading", { name: "案件詳細：雪まつり" }).waitFor();
    await p.goto("/workcase");
    await p.getByRole("link", { name: "雪まつり" }).waitFor();

    const token = await tokenFor(suite.app.url, OWNER.email);
    const info = (await (
      await fetch(`${suite.app.url}/api/user-info/`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { id: number };
    const groupId = info.id;
    const other = await post(
      suite.app.url,
      "/api/workcases/",
      {
        title: "氷の祭典",
        start_date: "2027-02-10T09:00:00+09:00",
        end_date: "2027-02-11T18:00:00+09:00",
        note: "",
        group: groupId,
      },
      token,
    );
    expect(other.status).toBe(201);
    const week = (await (
      await fetch(`${suite.app.url}/api/items/2027/02/04/?groupid=${groupId}`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { results: { items: { id: number; title: string }[] } };
    const speakerId = week.results.items.find((i) => i.title === "スピーカー")?.id;
    for (let i = 0; i < 2; i++) {
      const r = await post(suite.app.url, `/api/additem/${speakerId}/${other.body.id}/`, {}, token);
      expect(r.status).toBe(200);
    }
    const caseRow = rowOf(p, "雪まつり");
    await p.getByRole("link", { name: "氷の祭典" }).waitFor();
    await expectUsable(p, "workcase", [
      p.getByRole("button", { name: "新規登録" }),
      caseRow.getByRole("button", { name: "編集: 雪まつり" }),
      caseRow.getByRole("button", { name: "削除: 雪まつり" }),
      caseRow.getByRole("button", { name: "複製: 雪まつり" }),
    ]);
    await caseRow.getByRole("button", { name: "削除: 雪まつり" }).click();
    const deleteCase = p.getByRole("dialog", { name: "案件削除" });
    await deleteCase.getByText("本当にこの案件を削除しますか？").waitFor();
    await expectUsable(p, "workcase-delete", [deleteCase.getByRole("button", { name: "削除" })]);
    await deleteCase.getByRole("button", { name: "キャンセル" }).click();
    await deleteCase.waitFor({ state: "hidden" });
    // Duplicate, then delete the copy: the toast fits the screen too.
    await caseRow.getByRole("button", { name: "複製: 雪まつり" }).click();
    // 複製 asks first, in the app (issue 21).
    const duplicateAsk = p.getByRole("alertdialog").filter({ hasText: "この案件を複製しますか？" });
    await duplicateAsk.waitFor();
    await expectUsable(p, "workcase-duplicate-confirm", [
      duplicateAsk.getByRole("button", { name: "複製する" }),
    ]);
    await duplicateAsk.getByRole("button", { name: "複製する" }).click();
    const copyRow = rowOf(p, "雪まつり（複製）");
    await copyRow.getByRole("button", { name: "削除: 雪まつり（複製）" }).click();
    await deleteCase.getByRole("button", { name: "削除" }).click();
    await deleteCase.waitFor({ state: "hidden" });
    await p.locator(".p-toast").getByText("案件を削除しました。").waitFor();
    await copyRow.waitFor({ state: "detached" });
    const toast = await p
      .locator(".p-toast-message")
      .filter({ hasText: "案件を削除しました。" })
      .boundingBox();
    expect(toast && toast.x >= 0 && toast.x + toast.width <= PHONE.width).toBe(true);
    await expectUsable(p, "workcase-deleted");
  }, 60_000);

  it("7. case detail: + and − at 390 px", async () => {
    await p.getByRole("link", { name: "雪まつり" }).click();
    await p.waitForURL(/\/orderitems\/\d+$/);
    caseUrl = new URL(p.url()).pathname;
    const shipped = p.locator("section.case-card").first();
    const inventory = p.locator("section.case-card").nth(1);
    const speaker = rowOf(inventory, "スピーカー");
    await speaker.getByText("2 / 2").waitFor();
    await speaker.getByRole("button", { name: "スピーカーを1つ追加" }).click();
    await speaker.getByText("1 / 2").waitFor();
    await rowOf(inventory, "LEDライト").getByRole("button", { name: "LEDライトを1つ追加" }).click();
    await rowOf(inventory, "LEDライト").getByText("7 / 8").waitFor();
    await rowOf(inventory, "ワイヤレスマイク")
      .getByRole("button", { name: "ワイヤレスマイクを1つ追加" })
      .click();
    await rowOf(shipped, "ワイヤレスマイク").waitFor();
    await rowOf(shipped, "ワイヤレスマイク")
      .getByRole("button", { name: "ワイヤレスマイクを1つ減らす" })
      .click();
    await rowOf(shipped, "ワイヤレスマイク").waitFor({ state: "detached" });
    // The case's two tables fit the phone: the item name stays beside its '+' / '-'.
    for (const box of await p.locator(".case-card .dt-scroll").all()) {
      expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await expectUsable(p, "orderitems", [
      p.getByRole("link", { name: "リスト画面" }),
      rowOf(shipped, "スピーカー").getByRole("button", { name: "スピーカーを1つ減らす" }),
      speaker.getByRole("button", { name: "スピーカーを1つ追加" }),
    ]);
  }, 60_000);

  it("8. 変更不可: a period change that leaves too few speakers is refused", async () => {
    await openMenuEntry(p, "ワークケース");
    await rowOf(p, "雪まつり").getByRole("button", { name: "編集: 雪まつり" }).click();
    const edit = p.getByRole("dialog", { name: "編集" });
    await fillDate(p, edit, "終了日時", "2027/02/10 12:00");
    await expectUsable(p, "workcase-edit", [edit.getByRole("button", { name: "編集を保存" })]);
    await edit.getByRole("button", { name: "編集を保存" }).click();
    const refused = p.getByRole("dialog", { name: "変更不可" });
    await refused.getByText("変更後の期間で在庫不足です").waitFor();
    await refused.getByText(/スピーカー/).waitFor();
    await expectUsable(p, "workcase-refused", [footerButton(refused, "閉じる")]);
    await footerButton(refused, "閉じる").click();
    await edit.getByRole("button", { name: "キャンセル" }).click();
    await edit.waitFor({ state: "hidden" });
  }, 60_000);

  it("9. the shipped item list: refused receive, issue, receive, edit", async () => {
    await p.goto(caseUrl);
    await p.getByRole("link", { name: "リスト画面" }).click();
    await p.waitForURL(/\/orderitemslist\/\d+\?workcase=/);
    const speakerRow = rowOf(p, "スピーカー");
    await speakerRow.getByRole("button", { name: "入庫: スピーカー" }).click();
    const notIssued = p.getByRole("dialog", { name: "出庫がされていません" });
    await notIssued.waitFor();
    await expectUsable(p, "orderitemslist-not-issued", [footerButton(notIssued, "閉じる")]);
    await footerButton(notIssued, "閉じる").click();
    await speakerRow.getByRole("button", { name: "出庫: スピーカー" }).click();
    await speakerRow.getByRole("button", { name: "出庫解除: スピーカー" }).waitFor();
    await speakerRow.getByRole("button", { name: "入庫: スピーカー" }).click();
    await speakerRow.getByRole("button", { name: "入庫解除: スピーカー" }).waitFor();
    await p.waitForTimeout(300); // the buttons' colour transition, for the screenshot
    await expectUsable(p, "orderitemslist", [
      p.getByRole("button", { name: "エクセル出力" }),
      rowOf(p, "LEDライト").getByRole("button", { name: "出庫: LEDライト" }),
      rowOf(p, "LEDライト").getByRole("button", { name: "編集: LEDライト" }),
    ]);
    await speakerRow.getByRole("button", { name: "編集: スピーカー" }).click();
    const editOrder = p.getByRole("dialog", { name: "出荷アイテム編集" });
    await editOrder.getByLabel("在庫数").waitFor();
    await expectUsable(p, "orderitem-edit", [
      editOrder.getByRole("button", { name: "キャンセル" }),
      editOrder.getByRole("button", { name: "編集を保存" }),
    ]);
    await editOrder.getByLabel("ノート").fill("予備込み");
    await editOrder.getByRole("button", { name: "編集を保存" }).click();
    await editOrder.waitFor({ state: "hidden" });
    await speakerRow.getByText("予備込み").waitFor();
  }, 60_000);

  it("10. an unknown page says so", async () => {
    await p.goto("/no-such-page");
    await p.getByText("ページが見つかりません").waitFor();
    await expectUsable(p, "not-found", [p.getByRole("link", { name: "ワークケースへ戻る" })]);
  }, 60_000);

  it("11. the activated staff member gets in; an expired session asks to log in again", async () => {
    await login(s, STAFF.email);
    await s.getByRole("link", { name: "雪まつり" }).waitFor();
    await expectUsable(s, "workcase-staff");
    await s.evaluate(() => sessionStorage.setItem("access_token", "expired"));
    await staffCtx.clearCookies();
    await s.reload();
    await s.waitForURL("**/login");
    // The spec's confirmation, in-app over /login.
    const expiry = s.getByRole("alertdialog");
    await expiry.getByText("セッションの有効期限が切れました。再ログインが必要です。").waitFor();
    await expiry.getByRole("button", { name: ja.feedback.ok }).click();
    await expiry.waitFor({ state: "hidden" });
    await expectUsable(s, "login", [s.getByRole("button", { name: "ログイン", exact: true })]);
  }, 60_000);

  it("12. logout through the menu", async () => {
    await p.getByRole("button", { name: "メニュー" }).click();
    await p.locator("#app-menu").getByText("ログアウト", { exact: true }).click();
    await p.waitForURL("**/login");
  }, 60_000);
});
