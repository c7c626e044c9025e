import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { describeInBrowser, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, fillDate, login, post, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "allocation@example.com", group: "名古屋イベント機材", first: "三郎", last: "名古屋" };

/** An owner, two categories and three items, through the API (their screens have their own journeys). */
async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const sound = await post(url, "/api/categories/", { category: "音響", group: groupId }, token);
  const light = await post(url, "/api/categories/", { category: "照明", group: groupId }, token);
  const item = async (title: string, category: unknown, stock: number) =>
    (
      await post(
        url,
        "/api/items/",
        { title, category, stock_quantity: stock, note: "", group: groupId },
        token,
      )
    ).body.id as number;
  return {
    token,
    groupId,
    speaker: await item("スピーカー", sound.body.id, 2),
    mic: await item("マイク", sound.body.id, 5),
    led: await item("LEDライト", light.body.id, 8),
  };
}

/** Logs the owner in and waits for the case list to be drawn. */
async function loginOwner(page: Page) {
  await login(page, OWNER.email);
  await page.getByRole("heading", { name: "案件一覧" }).waitFor();
}

describeInBrowser("allocation journey", () => {
  const suite = useAppAndBrowser();
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  // The owner on a desktop (a) and on a phone (b) work one case in order; each step starts where the last ended.
  let a: Page;
  let b: Page;
  let caseUrl: string;

  it("1. a case through the dialog; a bad range is refused inline; a later case takes both speakers", async () => {
    a = await suite.newPage();
    await loginOwner(a);
    a.on("dialog", (d) => void d.accept());
    await a.getByRole("button", { name: "新規登録" }).click();
    const form = a.getByRole("dialog", { name: "新規登録" });
    await form.getByLabel("案件名").fill("秋祭り");
    await fillDate(a, form, "開始日時", "2027/01/12 09:00");
    await fillDate(a, form, "終了日時", "2027/01/10 18:00");
    await form.getByText("開始日時は終了日時よりも前に設定してください。").waitFor();
    expect(await form.getByRole("button", { name: "新規作成" }).isDisabled()).toBe(true);
    await screenshot(a, "workcase-dialog-desktop");
    await fillDate(a, form, "開始日時", "2027/01/10 09:00");
    await fillDate(a, form, "終了日時", "2027/01/12 18:00");
    await form.getByLabel("ノート").fill("搬入は朝8時");
    await form.getByRole("button", { name: "新規作成" }).click();
    // The new case's 案件詳細 opens (issue 36); the list again through the header.
    await a.getByRole("heading", { name: "案件詳細：秋祭り" }).waitFor();
    await a.getByRole("link", { name: "ワークケース" }).click();
    await a.getByRole("link", { name: "秋祭り" }).waitFor();
    await rowOf(a, "秋祭り").getByText("2027年01月10日 09:00").waitFor();

    // A second case in a later period that takes both speakers (through the API).
    const other = await post(
      suite.app.url,
      "/api/workcases/",
      {
        title: "冬祭り",
        start_date: "2027-01-20T09:00:00+09:00",
        end_date: "2027-01-21T18:00:00+09:00",
        note: "",
        group: data.groupId,
      },
      data.token,
    );
    expect(other.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const r = await post(suite.app.url, `/api/additem/${data.speaker}/${other.body.id}/`, {}, data.token);
      expect(r.status).toBe(200);
    }
    await a.getByRole("link", { name: "冬祭り" }).waitFor(); // arrived live
    await screenshot(a, "workcase-desktop");
  }, 60_000);

  it("2. allocate on the case detail until + disappears", async () => {
    await a.getByRole("link", { name: "秋祭り" }).click();
    await a.waitForURL(/\/orderitems\/\d+$/);
    caseUrl = new URL(a.url()).pathname;
    const inventoryA = a.locator("section.case-card").nth(1);
    const shippedA = a.locator("section.case-card").first();
    const speakerA = rowOf(inventoryA, "スピーカー");
    await speakerA.getByText("2 / 2").waitFor();
    await speakerA.getByRole("button", { name: "スピーカーを1つ追加" }).click();
    await speakerA.getByText("1 / 2").waitFor();
    await speakerA.getByRole("button", { name: "スピーカーを1つ追加" }).click();
    await speakerA.getByText("0 / 2").waitFor();
    expect(await speakerA.getByRole("button", { name: "スピーカーを1つ追加" }).count()).toBe(0);
    await rowOf(shippedA, "スピーカー").getByText("2", { exact: true }).waitFor();
    await screenshot(a, "orderitems-desktop");
  }, 60_000);

  it("3. a second coordinator on a phone on the same case: each sees the other's + and − live", async () => {
    const inventoryA = a.locator("section.case-card").nth(1);
    const shippedA = a.locator("section.case-card").first();
    const speakerA = rowOf(inventoryA, "スピーカー");
    b = await suite.newPage(PHONE);
    await loginOwner(b);
    await b.goto(caseUrl);
    const inventoryB = b.locator("section.case-card").nth(1);
    const shippedB = b.locator("section.case-card").first();
    await rowOf(inventoryB, "スピーカー").getByText("0 / 2").waitFor();
    await rowOf(shippedB, "スピーカー").getByRole("button", { name: "スピーカーを1つ減らす" }).click();
    await speakerA.getByText("1 / 2").waitFor();
    await rowOf(shippedA, "スピーカー").getByText("1", { exact: true }).waitFor();
    await rowOf(inventoryA, "LEDライト").getByRole("button", { name: "LEDライトを1つ追加" }).click();
    await rowOf(shippedB, "LEDライト").waitFor();
    await rowOf(inventoryB, "LEDライト").getByText("7 / 8").waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "orderitems-phone");
  }, 60_000);

  it("4. moving the case into the other case's period is refused (変更不可)", async () => {
    await a.goto("/workcase");
    await rowOf(a, "秋祭り").getByRole("button", { name: "編集: 秋祭り" }).click();
    const edit = a.getByRole("dialog", { name: "編集" });
    await fillDate(a, edit, "終了日時", "2027/01/20 12:00");
    await edit.getByRole("button", { name: "編集を保存" }).click();
    const refused = a.getByRole("dialog", { name: "変更不可" });
    await refused.getByText("変更後の期間で在庫不足です").waitFor();
    await refused.getByText(/スピーカー/).waitFor();
    await screenshot(a, "workcase-refused-desktop");
    await refused.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
    await edit.getByRole("button", { name: "キャンセル" }).click();
  }, 60_000);

  it("5. the shipped item list: receive before issue is refused; issue, receive; live on the phone; Excel", async () => {
    await a.goto(caseUrl);
    await a.getByRole("link", { name: "リスト画面" }).click();
    await a.waitForURL(/\/orderitemslist\/\d+\?workcase=/);
    const speakerRow = rowOf(a, "スピーカー");
    await speakerRow.getByRole("button", { name: "入庫: スピーカー" }).click();
    const notIssued = a.getByRole("dialog", { name: "出庫がされていません" });
    await notIssued.waitFor();
    await notIssued.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
    await speakerRow.getByRole("button", { name: "出庫: スピーカー" }).click();
    await speakerRow.getByRole("button", { name: "出庫解除: スピーカー" }).waitFor();
    await speakerRow.getByRole("button", { name: "入庫: スピーカー" }).click();
    await speakerRow.getByRole("button", { name: "入庫解除: スピーカー" }).waitFor();
    await screenshot(a, "orderitemslist-desktop");

    // The warehouse on the phone sees the issue live.
    await b.goto(new URL(a.url()).pathname + new URL(a.url()).search);
    await rowOf(b, "LEDライト").getByRole("button", { name: "出庫: LEDライト" }).waitFor();
    await rowOf(a, "LEDライト").getByRole("button", { name: "出庫: LEDライト" }).click();
    await rowOf(b, "LEDライト").getByRole("button", { name: "出庫解除: LEDライト" }).waitFor();
    await expectNoPageOverflow(b);
    await b.waitForTimeout(300); // the buttons' colour transition
    await screenshot(b, "orderitemslist-phone");
    await rowOf(b, "スピーカー").getByRole("button", { name: "編集: スピーカー" }).click();
    const editItem = b.getByRole("dialog", { name: "出荷アイテム編集" });
    await editItem.getByLabel("在庫数").fill("");
    await editItem.getByLabel("在庫数").blur();
    await editItem.getByText("在庫数は必須です").waitFor();
    expect(await editItem.getByLabel("在庫数").getAttribute("inputmode")).toBe("numeric");
    await expectNoPageOverflow(b);
    await screenshot(b, "orderitem-edit-phone");
    await editItem.getByRole("button", { name: "キャンセル" }).click();
    await editItem.waitFor({ state: "hidden" });

    const [download] = await Promise.all([
      a.waitForEvent("download"),
      a.getByRole("button", { name: "エクセル出力" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("秋祭り.xlsx");
    const file = readFileSync((await download.path()) as string);
    expect(file.subarray(0, 2).toString()).toBe("PK");
  }, 60_000);

  it("6. phone views of the list screen and the new-case dialog", async () => {
    await b.goto("/workcase");
    await b.getByRole("link", { name: "秋祭り" }).waitFor();
    await expectNoPageOverflow(b);
    await screenshot(b, "workcase-phone");
    await b.getByRole("button", { name: "新規登録" }).click();
    await b.getByRole("dialog", { name: "新規登録" }).waitFor();
    await screenshot(b, "workcase-dialog-phone");
  }, 60_000);
});
