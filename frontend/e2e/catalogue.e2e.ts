import { readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "playwright-core";
import { describeInBrowser, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, login, signUpOwner } from "./journeyHelpers";

const OWNER = { email: "catalogue@example.com", group: "大阪音響レンタル", first: "次郎", last: "大阪" };
const HEADER = "アイテム名,カテゴリ,在庫数,メモ";

/** The item screen of today, through the header entry (as a person gets there). */
async function openItems(page: Page) {
  const header = page.locator("header");
  const entry = header.getByRole("link", { name: "アイテム", exact: true });
  if (await entry.isVisible()) await entry.click();
  else {
    await header.getByRole("button", { name: "メニュー" }).click();
    await page.getByRole("link", { name: "アイテム", exact: true }).click();
  }
  await page.waitForURL(/\/item\/\d{4}\/\d{2}\/\d{2}/);
  await page.getByRole("heading", { name: "アイテム一覧" }).waitFor();
}

async function createCategory(page: Page, name: string) {
  await page.getByRole("button", { name: "新規登録" }).click();
  const dialog = page.getByRole("dialog", { name: "新規カテゴリ" });
  await dialog.getByLabel("カテゴリ名").fill(name);
  await dialog.getByRole("button", { name: "保存" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("cell", { name, exact: true }).waitFor();
}

async function createItem(
  page: Page,
  item: { title: string; category: string; stock: string; note: string },
) {
  await page.getByRole("button", { name: "新規登録" }).click();
  const dialog = page.getByRole("dialog", { name: "新規アイテム" });
  await dialog.getByLabel("アイテム名").fill(item.title);
  await dialog.locator(".p-dropdown").click();
  await page.locator(".p-dropdown-panel").getByRole("option", { name: item.category, exact: true }).click();
  await dialog.getByLabel("在庫数").fill(item.stock);
  await dialog.getByLabel("メモ").fill(item.note);
  await dialog.getByRole("button", { name: "保存" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByRole("button", { name: item.title, exact: true }).waitFor();
}

describeInBrowser("catalogue journey", () => {
  const suite = useAppAndBrowser();

  beforeAll(async () => {
    await signUpOwner(suite.app.url, OWNER);
  }, 90_000);

  // Two pages of one group (a, and b that watches live) work in order; each step starts where the last ended.
  let a: Page;
  let b: Page;

  it("1. categories through the dialogs; a second page of the group sees them live", async () => {
    a = await suite.newPage();
    await login(a, OWNER.email);
    await a.locator("header").getByRole("link", { name: "カテゴリ", exact: true }).click();
    await a.getByRole("heading", { name: "カテゴリ一覧" }).waitFor();
    await a.getByRole("button", { name: "新規登録" }).click();
    const newCategory = a.getByRole("dialog", { name: "新規カテゴリ" });
    await newCategory.getByLabel("カテゴリ名").click();
    await newCategory.getByLabel("カテゴリ名").blur();
    await newCategory.getByText("カテゴリ名は必須です").waitFor();
    expect(await newCategory.getByRole("button", { name: "保存" }).isDisabled()).toBe(true);
    await screenshot(a, "category-dialog-desktop");
    await newCategory.getByRole("button", { name: "キャンセル" }).click();
    await newCategory.waitFor({ state: "hidden" });
    await createCategory(a, "映像機器");
    await createCategory(a, "音響機器");
    await createCategory(a, "照明");
    await screenshot(a, "category-desktop");

    // A second context of the same group sees new categories without a reload.
    b = await suite.newPage();
    await login(b, OWNER.email);
    await b.goto("/category");
    await b.getByRole("cell", { name: "照明", exact: true }).waitFor();
    await createCategory(a, "電源");
    await b.getByRole("cell", { name: "電源", exact: true }).waitFor();
  }, 60_000);

  it("2. items through the dialogs, with the detail", async () => {
    await openItems(a);
    await createItem(a, {
      title: "プロジェクター",
      category: "映像機器",
      stock: "10",
      note: "予備ランプ付き",
    });
    await a.getByRole("button", { name: "新規登録" }).click();
    const newItem = a.getByRole("dialog", { name: "新規アイテム" });
    await newItem.getByLabel("在庫数").fill("十");
    await newItem.getByText("在庫数は数値で入力してください").waitFor();
    expect(await newItem.getByLabel("在庫数").getAttribute("inputmode")).toBe("numeric");
    await screenshot(a, "item-dialog-desktop");
    await newItem.getByRole("button", { name: "キャンセル" }).click();
    await newItem.waitFor({ state: "hidden" });

    await a.getByRole("button", { name: "プロジェクター", exact: true }).click();
    const detail = a.getByRole("dialog", { name: "アイテム詳細" });
    await detail.getByText("予備ランプ付き").waitFor();
    const created = await detail.locator("dd").last().textContent();
    expect(created).toMatch(/^\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}$/);
    await screenshot(a, "item-detail-desktop");
    await detail.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
    await detail.waitFor({ state: "hidden" });
  }, 60_000);

  it("3. the template is a CSV whose first line is the import header", async () => {
    const [download] = await Promise.all([
      a.waitForEvent("download"),
      a.getByRole("button", { name: "テンプレートダウンロード" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("item_template.csv");
    const template = readFileSync((await download.path()) as string, "utf8").replace(/^\ufeff/, "");
    expect(template.split(/\r?\n/)[0]).toBe(HEADER);
  }, 60_000);

  it("4. a Shift_JIS import arrives live; a bad file lists its line; search and filter", async () => {
    const iconv = require("iconv-lite") as { encode(text: string, encoding: string): Buffer };
    const csv = [
      HEADER,
      "髙橋スピーカー,音響機器,4,①番棚",
      "ケーブル～10m,音響機器,20,",
      "ワイヤレスマイク,音響機器,6,電池別",
    ].join("\r\n");
    const file = path.join(os.tmpdir(), `items-sjis-${Date.now()}.csv`);
    writeFileSync(file, iconv.encode(`${csv}\r\n`, "cp932"));
    // Item screen in B too: it must receive the import without a reload.
    await openItems(b);
    await a.getByLabel("CSVファイル").setInputFiles(file);
    await a.getByRole("button", { name: "CSVインポート" }).click();
    const complete = a.getByRole("dialog", { name: "インポート完了" });
    await complete.getByText("3件を登録し、0件を更新しました。").waitFor();
    await screenshot(a, "item-import-complete-desktop");
    await complete.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
    for (const title of ["髙橋スピーカー", "ケーブル～10m", "ワイヤレスマイク"]) {
      await a.getByRole("button", { name: title, exact: true }).waitFor();
      await b.getByRole("button", { name: title, exact: true }).waitFor();
    }
    await a.getByRole("button", { name: "髙橋スピーカー", exact: true }).click();
    await a.getByRole("dialog", { name: "アイテム詳細" }).getByText("①番棚").waitFor();
    await a
      .getByRole("dialog", { name: "アイテム詳細" })
      .locator(".p-dialog-footer")
      .getByRole("button", { name: "閉じる" })
      .click();

    // A bad file lists its line.
    const bad = path.join(os.tmpdir(), `items-bad-${Date.now()}.csv`);
    writeFileSync(bad, `${HEADER}\r\nミキサー,音響機器,たくさん,\r\n`);
    await a.getByLabel("CSVファイル").setInputFiles(bad);
    await a.getByRole("button", { name: "CSVインポート" }).click();
    const problems = a.getByRole("dialog", { name: "インポートエラー" });
    await problems.getByText("2行目：在庫数は数値で入力してください").waitFor();
    await screenshot(a, "item-import-error-desktop");
    await problems.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();

    // Search and filter.
    await a.getByRole("searchbox", { name: "アイテム検索" }).fill("マイク");
    await a.waitForURL(/\?search=/);
    expect(new URL(a.url()).searchParams.get("search")).toBe("マイク");
    expect(await a.locator("tbody tr").count()).toBe(1);
    await a.getByRole("searchbox", { name: "アイテム検索" }).fill("");
    await screenshot(a, "item-desktop");
  }, 60_000);

  it("5. an item created in one page appears in the other without a reload", async () => {
    await createItem(a, { title: "スクリーン", category: "映像機器", stock: "2", note: "" });
    await b.getByRole("button", { name: "スクリーン", exact: true }).waitFor();
  }, 60_000);

  it("6. weeks: the next link goes to the server's next date, and back again", async () => {
    const startPath = new URL(a.url()).pathname;
    const next = a.getByRole("link", { name: /^次の週/ });
    const nextDate = (await next.textContent())?.trim() ?? "";
    expect(nextDate).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    await next.click();
    await a.waitForURL(`**/item/${nextDate}`);
    await a.getByRole("button", { name: "プロジェクター", exact: true }).waitFor();
    await a.getByRole("link", { name: /^前の週/ }).click();
    await a.waitForURL(`**${startPath}`);
    await a.getByRole("link", { name: /^前の週/ }).click();
    await a.getByRole("button", { name: "スクリーン", exact: true }).waitFor();
    expect(new URL(a.url()).pathname).not.toBe(startPath);
  }, 60_000);

  it("7. deleting a category warns about its items, lists them, and deletes them too (live elsewhere)", async () => {
    await a.goto("/category");
    await a.getByRole("row").filter({ hasText: "音響機器" }).getByRole("button", { name: /削除/ }).click();
    const confirm = a.getByRole("dialog", { name: "カテゴリ削除" });
    await confirm.getByText("本当にこのカテゴリを削除しますか？").waitFor();
    await confirm.getByText("削除カテゴリに紐づいている下記関連アイテムも削除されます").waitFor();
    for (const title of ["髙橋スピーカー", "ケーブル～10m", "ワイヤレスマイク"]) {
      await confirm.getByRole("listitem").filter({ hasText: title }).waitFor();
    }
    await screenshot(a, "category-delete-desktop");
    await confirm.getByRole("button", { name: "削除" }).click();
    await confirm.waitFor({ state: "hidden" });
    await a.getByRole("cell", { name: "音響機器", exact: true }).waitFor({ state: "detached" });
    await b.getByRole("button", { name: "髙橋スピーカー", exact: true }).waitFor({ state: "detached" });
    // An empty category says so.
    await a.getByRole("row").filter({ hasText: "照明" }).getByRole("button", { name: /削除/ }).click();
    await a.getByRole("dialog", { name: "カテゴリ削除" }).getByText("関連アイテムはありません。").waitFor();
    await a.getByRole("dialog", { name: "カテゴリ削除" }).getByRole("button", { name: "キャンセル" }).click();
  }, 60_000);

  it("8. the same screens at 390 px", async () => {
    const phone = await suite.newPage(PHONE);
    await login(phone, OWNER.email);
    await phone.goto("/category");
    await phone.getByRole("cell", { name: "映像機器", exact: true }).waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "category-phone");
    await phone
      .getByRole("row")
      .filter({ hasText: "映像機器" })
      .getByRole("button", { name: /編集/ })
      .click();
    await phone.getByRole("dialog", { name: "カテゴリ編集" }).getByLabel("カテゴリ名").waitFor();
    await screenshot(phone, "category-dialog-phone");
    await phone
      .getByRole("dialog", { name: "カテゴリ編集" })
      .getByRole("button", { name: "キャンセル" })
      .click();

    await openItems(phone);
    await phone.getByRole("button", { name: "プロジェクター", exact: true }).waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "item-phone");
    await phone.getByRole("button", { name: "プロジェクター", exact: true }).click();
    await phone.getByRole("dialog", { name: "アイテム詳細" }).getByText("予備ランプ付き").waitFor();
    await screenshot(phone, "item-detail-phone");
    await phone.getByRole("dialog", { name: "アイテム詳細" }).getByRole("button", { name: "編集" }).click();
    const edit = phone.getByRole("dialog", { name: "アイテム編集" });
    await edit.getByLabel("在庫数").waitFor();
    await screenshot(phone, "item-dialog-phone");
    // Every button of the dialog is on screen.
    for (const name of ["キャンセル", "更新"]) {
      const box = await edit.getByRole("button", { name }).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    }
  }, 60_000);
});
