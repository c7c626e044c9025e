import type { Locator, Page } from "playwright-core";
import { DESKTOP, describeInBrowser, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { expectNoPageOverflow, login, post, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "warehouse@example.com", group: "札幌音響サービス", first: "四郎", last: "札幌" };
const DAY_MS = 24 * 3600 * 1000;

/**
 * An owner, three items, a case that starts now (so today in Tokyo) with two of them, and a case that ended
 * three days ago and was never received (overdue), all through the API: their screens have their own journeys.
 */
async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const sound = await post(url, "/api/categories/", { category: "音響", group: groupId }, token);
  const item = async (title: string, stock: number) => {
    const res = await post(
      url,
      "/api/items/",
      { title, category: sound.body.id, stock_quantity: stock, note: "", group: groupId },
      token,
    );
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const speaker = await item("スピーカー", 4);
  const mic = await item("マイク", 6);
  const cable = await item("延長コード", 10);
  const kase = async (title: string, start: number, end: number) => {
    const res = await post(
      url,
      "/api/workcases/",
      {
        title,
        start_date: new Date(start).toISOString(),
        end_date: new Date(end).toISOString(),
        note: "",
        group: groupId,
      },
      token,
    );
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const add = async (itemId: number, caseId: number) =>
    expect((await post(url, `/api/additem/${itemId}/${caseId}/`, undefined, token)).status).toBe(200);
  const now = Date.now();
  const today = await kase("市民ホール公演", now, now + 2 * DAY_MS);
  await add(speaker, today);
  await add(speaker, today);
  await add(mic, today);
  const past = await kase("先週の展示会", now - 6 * DAY_MS, now - 3 * DAY_MS);
  await add(cable, past);
  return { speaker, mic, cable };
}

/** The card row of a board section (a list item, not a table row) that shows `title`. */
const itemOf = (section: Locator, title: string) => rowOf(section, title, "listitem");

describeInBrowser("warehouse board journey", () => {
  const suite = useAppAndBrowser();
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  // The owner on a desktop (a) and on a phone (b) work the same board: the steps work in order, each starts
  // where the last ended.
  let a: Page;
  let b: Page;
  /** Board parts on a: the scan box, the overdue section, today's case card. */
  let scan: Locator;
  let overdueA: Locator;
  let caseA: Locator;
  /** Board parts on b: today's section and its speaker row. */
  let todayB: Locator;
  let speakerB: Locator;

  it("1. desktop, through the header entry: the scan box has the focus, overdue on top, today's case", async () => {
    a = await suite.newPage(DESKTOP);
    await login(a, OWNER.email);
    await a.getByRole("navigation").getByRole("link", { name: "倉庫" }).click();
    await a.waitForURL("**/warehouse");
    await a.getByRole("heading", { name: "倉庫 入出庫予定" }).waitFor();
    // The scan box has the focus from the start, so the first scan needs no click.
    scan = a.getByRole("searchbox", { name: "スキャン（アイテム名またはID）" });
    await a.waitForFunction(() => document.activeElement?.getAttribute("type") === "search");
    // The sections appear with the board's data: wait for the last one before reading them all.
    await a.getByRole("heading", { level: 2, name: /^明日 / }).waitFor();
    const sectionsA = await a.getByRole("heading", { level: 2 }).allTextContents();
    expect(sectionsA[0]).toBe("期限超過");
    expect(sectionsA[1]).toMatch(/^今日 \d{1,2}\/\d{1,2}\(.\)$/);
    expect(sectionsA[2]).toMatch(/^明日 /);
    overdueA = a.getByRole("region", { name: "期限超過" });
    await itemOf(overdueA, "延長コード")
      .getByText(/を超過$/)
      .waitFor();
    const todayA = a.getByRole("region", { name: /^今日/ });
    caseA = todayA.getByRole("article", { name: "市民ホール公演" });
    await itemOf(caseA, "スピーカー").getByText("2個").waitFor();
    await itemOf(caseA, "マイク").getByText("未出庫").waitFor();
    // The case ends the day after tomorrow: not on tomorrow's list.
    expect(await a.getByRole("region", { name: /^明日/ }).getByText("市民ホール公演").count()).toBe(0);
  }, 60_000);

  it("2. phone, on the same board loaded directly (a bookmark): the server answers the client route", async () => {
    b = await suite.newPage(PHONE);
    await login(b, OWNER.email);
    expect((await b.goto("/warehouse"))?.status()).toBe(200);
    todayB = b.getByRole("region", { name: /^今日/ });
    speakerB = itemOf(todayB, "スピーカー");
    await speakerB.waitFor();
  }, 60_000);

  it("3. A issues the speakers with one tap; B sees it without reloading", async () => {
    await itemOf(caseA, "スピーカー").getByRole("button", { name: "出庫：スピーカー" }).click();
    await itemOf(caseA, "スピーカー").getByRole("button", { name: "出庫解除：スピーカー" }).waitFor();
    await speakerB.getByRole("button", { name: "出庫解除：スピーカー" }).waitFor();
    await speakerB.getByText("出庫済", { exact: true }).waitFor();
  }, 60_000);

  it("4. B receives them on the phone (big buttons); A sees it live", async () => {
    const receiveB = speakerB.getByRole("button", { name: "入庫：スピーカー" });
    const box = await receiveB.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    await receiveB.click();
    await speakerB.getByRole("button", { name: "入庫解除：スピーカー" }).waitFor();
    await itemOf(caseA, "スピーカー").getByText("入庫済", { exact: true }).waitFor();
  }, 60_000);

  it("5. receiving before issuing is refused by the server, and said so", async () => {
    await itemOf(todayB, "マイク").getByRole("button", { name: "入庫：マイク" }).click();
    const refused = b.getByRole("dialog", { name: "出庫がされていません" });
    await refused.waitFor();
    await screenshot(b, "warehouse-refused-phone");
    await refused.locator(".p-dialog-footer").getByRole("button", { name: "閉じる" }).click();
    await refused.waitFor({ state: "hidden" });
  }, 60_000);

  it("6. B receives the overdue cable late: it stays in 期限超過, shown as received, on both screens", async () => {
    const overdueB = b.getByRole("region", { name: "期限超過" });
    await itemOf(overdueB, "延長コード").getByRole("button", { name: "出庫：延長コード" }).click();
    await itemOf(overdueB, "延長コード").getByRole("button", { name: "入庫：延長コード" }).click();
    await itemOf(overdueA, "延長コード").getByText("入庫済", { exact: true }).waitFor();
    await b.waitForFunction(() => document.querySelector(".wh-toggle[disabled]") === null);
    await expectNoPageOverflow(b);
    // Let the buttons' colour transition finish and show the top of the page (the app bar is sticky).
    await b.evaluate(() => window.scrollTo(0, 0));
    await b.waitForTimeout(400);
    await screenshot(b, "warehouse-phone");
  }, 60_000);

  it("7. a scanner's title or item id and Enter highlight the row and clear the box; an unknown one is said", async () => {
    await scan.fill("マイク");
    await scan.press("Enter");
    await itemOf(caseA, "マイク").and(a.locator(".wh-row--found")).waitFor();
    expect(await scan.inputValue()).toBe("");
    await a.getByText("「マイク」：1件").waitFor();
    await screenshot(a, "warehouse-scan-desktop");
    // After a tap the focus is on a button; a wedge's keystrokes (an item id) still land in the box.
    await itemOf(caseA, "マイク").getByRole("button", { name: "出庫：マイク" }).click();
    await itemOf(caseA, "マイク").getByRole("button", { name: "出庫解除：マイク" }).waitFor();
    await a.keyboard.type(String(data.speaker));
    await a.keyboard.press("Enter");
    await itemOf(caseA, "スピーカー").and(a.locator(".wh-row--found")).waitFor();
    expect(await itemOf(caseA, "マイク").and(a.locator(".wh-row--found")).count()).toBe(0);
    await scan.fill("プロジェクター");
    await scan.press("Enter");
    await a.getByText("「プロジェクター」に一致するアイテムはこの画面にありません").waitFor();
    await screenshot(a, "warehouse-desktop");
  }, 60_000);

  it("8. the wall screen: kept in the URL, item names at least twice the normal size", async () => {
    const titleSizeOf = (page: Page) =>
      itemOf(page.getByRole("region", { name: /^今日/ }), "スピーカー")
        .locator(".wh-row-title")
        .evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    const normalSize = await titleSizeOf(a);

    // Wall screen: kept in the URL, so a reload (or a bookmark on the wall PC) opens it again.
    await a.getByRole("button", { name: "大画面表示" }).click();
    await a.waitForURL("**/warehouse?wall=1");
    await a.setViewportSize({ width: 1920, height: 1080 });
    await a.reload();
    await a.getByRole("button", { name: "通常表示" }).waitFor();
    await a.locator(".warehouse--wall").waitFor();
    // Readable from across the room: item names at least twice the normal size.
    expect(await titleSizeOf(a)).toBeGreaterThanOrEqual(2 * normalSize);
    await screenshot(a, "warehouse-wall");
    await a.setViewportSize(DESKTOP);
    await screenshot(a, "warehouse-wall-1280");
  }, 60_000);
});
