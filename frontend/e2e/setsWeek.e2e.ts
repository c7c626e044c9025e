/**
 * セット品 on the item screen (issue 37 part 2, docs/sets.md) in the built app: an owner imports a PA set from
 * the set CSV on the item screen's import panel, and the week shows the set after the items with each day's
 * shippable sets from its parts' bookings. Screens at 1366 and 390 px.
 */
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "setweek-owner@example.com", group: "松本イベント機材", first: "健", last: "佐藤" };
const CSV =
  "セット名,カテゴリ,構成アイテム,数量\r\nPAセット,音響,スピーカー,2\r\nPAセット,音響,ミキサー,1\r\n";
const jst = (day: number, hour: number) => `2030-04-0${day}T${String(hour).padStart(2, "0")}:00:00+09:00`;

async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const api = (method: string, path: string, body?: unknown) => callApi(url, method, path, body, token);
  const category = (await api("POST", "/api/categories/", { category: "音響", group: groupId })).id as number;
  const item = async (title: string, stock: number) =>
    (await api("POST", "/api/items/", { title, category, stock_quantity: stock, note: "", group: groupId }))
      .id as number;
  const speaker = await item("スピーカー", 6);
  const mixer = await item("ミキサー", 4);
  const kase = async (title: string, start: string, end: string) =>
    (
      await api("POST", "/api/workcases/", {
        title,
        start_date: start,
        end_date: end,
        note: "",
        group: groupId,
      })
    ).id as number;
  const book = async (itemId: number, caseId: number, units: number) => {
    for (let i = 0; i < units; i++) await api("POST", `/api/additem/${itemId}/${caseId}/`);
  };
  // 3 speakers over 4/2 10:00 – 4/3 12:00, all 4 mixers on 4/5.
  await book(speaker, await kase("花火大会", jst(2, 10), jst(3, 12)), 3);
  await book(mixer, await kase("市民ホール", jst(5, 9), jst(5, 21)), 4);
}

describeInBrowser("sets in the week (セット品)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  beforeAll(async () => {
    await seed(suite.app.url);
  }, 90_000);

  it("imports a set from its CSV and shows its sets per day after the items", async () => {
    const page = await suite.newPage(LAPTOP);
    await login(page, OWNER.email);
    await page.goto("/item/2030/4/1");
    await rowOf(page, "スピーカー").waitFor();
    await page.getByRole("radio", { name: "セット品" }).check();
    await page.getByLabel("CSVファイル").setInputFiles({
      name: "sets.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(CSV),
    });
    await page.getByRole("button", { name: "CSVインポート" }).click();
    const done = page.getByRole("dialog", { name: "インポート完了" });
    await done.getByText("セットを1件登録し、0件更新しました（構成アイテム2行）。").waitFor();
    await screenshot(page, "sets-week-import-laptop");
    await done.getByRole("button", { name: "閉じる" }).last().click();

    const sets = page.getByRole("region", { name: "セット品の週間出荷可能セット数" });
    const pa = rowOf(sets, "PAセット");
    // Speakers free 6,3,3,6,6,6,6 → ÷2: 3,1,1,3,3,3,3; mixers free 4,4,4,4,0,4,4: 0 on 4/5.
    const cells = async () => (await pa.getByRole("cell").allTextContents()).slice(3);
    await pa.getByText("スピーカー×2、ミキサー×1").waitFor();
    expect(await cells()).toEqual(["3", "1", "1", "3", "0（出荷できるセットはありません）", "3", "3"]);
    await screenshot(page, "sets-week-laptop");

    // The set's name opens its parts' lanes together on the timeline, from this week.
    await pa.getByRole("link", { name: "PAセット" }).click();
    await page.getByRole("heading", { name: /PAセット/ }).waitFor();
    await page.getByRole("list", { name: /スピーカー/ }).waitFor();
    await page.getByRole("list", { name: /ミキサー/ }).waitFor();
    expect(page.url()).toContain("/availability/set/");
    await screenshot(page, "sets-week-timeline-laptop");

    const phone = await suite.newPage(PHONE);
    await login(phone, OWNER.email);
    await phone.goto("/item/2030/4/1");
    await rowOf(phone.getByRole("region", { name: "セット品の週間出荷可能セット数" }), "PAセット").waitFor();
    await phone.getByRole("radio", { name: "セット品" }).check();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "sets-week-phone");
  }, 180_000);
});
