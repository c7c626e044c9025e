/**
 * Why is it short? and the availability timeline (issue 26 parts 3–4, docs/availability.md), in the built app:
 * the case screen names who holds an item with nothing left and from when it is free, a refused '+' says the
 * same, the timeline shows the week's bars and peaks against stock and follows a released hold live; a phone
 * shows two weeks without overflowing.
 */
import { DESKTOP, describeInBrowser, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "availability@example.com", group: "札幌イベント企画", first: "健一", last: "佐藤" };
const OTHER = { email: "availability-other@example.com", group: "那覇映像", first: "葵", last: "新垣" };

/** Tokyo wall-clock time on a day of May 2030 as an instant. */
const tokyo = (day: number, hour: number) => new Date(Date.UTC(2030, 4, day, hour - 9)).toISOString();

async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const api = (method: string, path: string, body?: unknown) => callApi(url, method, path, body, token);
  const category = (await api("POST", "/api/categories/", { category: "映像機材", group: groupId }))
    .id as number;
  const item = async (title: string, stock: number) =>
    (await api("POST", "/api/items/", { title, category, stock_quantity: stock, note: "", group: groupId }))
      .id as number;
  const projector = await item("プロジェクター", 3);
  const screenItem = await item("スクリーン", 2);
  const kase = async (title: string, from: [number, number], to: [number, number], extra = {}) =>
    (
      await api("POST", "/api/workcases/", {
        title,
        start_date: tokyo(...from),
        end_date: tokyo(...to),
        note: "",
        group: groupId,
        ...extra,
      })
    ).id as number;
  const add = async (itemId: number, caseId: number, n: number) => {
    for (let i = 0; i < n; i++) await api("POST", `/api/additem/${itemId}/${caseId}/`);
  };
  const expo = await kase("春の展示会", [7, 9], [9, 18]);
  await add(projector, expo, 2);
  await add(screenItem, expo, 1);
  const hold = await kase("新製品説明会", [8, 9], [11, 18], {
    status: "tentative",
    hold_until: new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString(),
  });
  await add(projector, hold, 1);
  const asking = await kase("株主総会", [8, 10], [10, 10]);
  const other = await signUpOwner(url, OTHER);
  const otherToken = await tokenFor(url, OTHER.email);
  const otherItem = await callApi(
    url,
    "POST",
    "/api/items/",
    {
      title: "よそのプロジェクター",
      category: (
        await callApi(url, "POST", "/api/categories/", { category: "映像", group: other.groupId }, otherToken)
      ).id,
      stock_quantity: 1,
      note: "",
      group: other.groupId,
    },
    otherToken,
  );
  return { token, category, projector, expo, hold, asking, otherItem: otherItem.id as number };
}

describeInBrowser("why is it short and the availability timeline", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  it("names the holders of an item with nothing left, and a refused '+'; each links to its case", async () => {
    const page = await suite.newPage(DESKTOP);
    await login(page, OWNER.email);
    await page.goto(`/orderitems/${data.asking}`);
    const inventory = page.locator("section.case-card").nth(1);
    const projector = rowOf(inventory, "プロジェクター");
    await projector.getByText("0 / 3").waitFor();
    expect(await projector.getByRole("button", { name: "プロジェクターを1つ追加" }).count()).toBe(0);
    await projector.getByRole("button", { name: "プロジェクターが不足している理由" }).click();
    const dialog = page.getByRole("dialog", { name: "プロジェクター：在庫を押さえている案件" });
    const holders = dialog.getByRole("list", { name: "重なる期間に押さえている案件" });
    await holders.waitFor();
    const lines = await holders.getByRole("listitem").allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain("春の展示会");
    expect(lines[0]).toContain("本予約");
    expect(lines[0]).toContain("2個");
    expect(lines[0]).toContain("2030年05月07日 09:00 〜 2030年05月09日 18:00");
    expect(lines[1]).toContain("新製品説明会");
    expect(lines[1]).toContain("仮押さえ");
    expect(lines[1]).toContain("担当 佐藤 健一");
    // 春の展示会 ends at 18:00 (closed period): one unit is free from 18:01 for as long as the case.
    await dialog.getByText("必要数が空くのは 2030年05月09日 18:01 から（同じ長さの期間）").waitFor();
    await dialog.getByText("在庫 3個・この期間に空き 0個").waitFor();
    await screenshot(page, "availability-why-desktop");
    await holders.getByRole("link", { name: "春の展示会" }).click();
    await page.waitForURL(`**/orderitems/${data.expo}`);
    await page.getByRole("heading", { name: "案件詳細：春の展示会" }).waitFor();

    // Two clicks on the last スクリーン, gathered into one request: one unit goes through, the other is
    // refused and explained. A double click, so that a slow machine cannot let the first click's request
    // go out alone (the + then vanishes with nothing left, and there is no second click to refuse).
    await page.goto(`/orderitems/${data.asking}`);
    const screenRow = rowOf(page.locator("section.case-card").nth(1), "スクリーン");
    await screenRow.getByText("1 / 2").waitFor();
    await screenRow.getByRole("button", { name: /^スクリーンを1つ追加/ }).dblclick();
    const refusal = page.getByRole("alert").filter({ hasText: "スクリーン" });
    await refusal.waitFor();
    await refusal.getByRole("button", { name: "スクリーンが不足している理由" }).click();
    const why = page.getByRole("dialog", { name: "スクリーン：在庫を押さえている案件" });
    await why.getByRole("link", { name: "春の展示会" }).waitFor();
    await why.getByText("必要数 2個（2030年05月08日 10:00 〜 2030年05月10日 10:00）").waitFor();
    await why.getByText("必要数が空くのは 2030年05月09日 18:01 から（同じ長さの期間）").waitFor();
    await screenshot(page, "availability-refused-desktop");
  }, 120_000);

  it("shows the item's week from its detail, marks full days and follows a released hold live", async () => {
    const page = await suite.newPage(DESKTOP);
    await login(page, OWNER.email);
    await page.goto("/item/2030/05/06");
    await page.getByRole("button", { name: "プロジェクター", exact: true }).click();
    await page.getByRole("dialog").getByRole("link", { name: "タイムライン", exact: true }).click();
    await page.waitForURL(`**/availability/item/${data.projector}?from=2030-05-06`);
    await page.getByRole("heading", { name: "在庫タイムライン：プロジェクター" }).waitFor();
    const peaks = page.getByRole("list", { name: "在庫タイムライン：プロジェクター" }).getByRole("listitem");
    await peaks.first().waitFor();
    // 5/6 … 5/19: 春の展示会 2 (5/7–5/9), 新製品説明会 1 (5/8–5/11); the 株主総会 holds nothing yet.
    expect(await peaks.allTextContents()).toEqual(
      ["0", "2", "3", "3", "1", "1", "0", "0", "0", "0", "0", "0", "0", "0"].concat(Array(14).fill("0")),
    );
    expect(await peaks.nth(2).getAttribute("aria-label")).toBe("5/8(水)：最大 3 / 在庫 3（空きなし）");
    const bar = page.getByRole("link", { name: /^新製品説明会（仮押さえ）1個/ });
    await bar.waitFor();
    await page.getByRole("link", { name: /^春の展示会（本予約）2個/ }).waitFor();
    await screenshot(page, "availability-timeline-desktop");

    // Released elsewhere: its bar goes and the days free up, without a reload.
    await callApi(
      suite.app.url,
      "POST",
      `/api/workcases/${data.hold}/status/`,
      { status: "cancelled" },
      data.token,
    );
    await bar.waitFor({ state: "detached" });
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll(".tl-peaks li")]
          .map((li) => li.textContent)
          .slice(0, 7)
          .join(",") === "0,2,2,2,0,0,0",
    );
    await page.getByRole("link", { name: "次の週" }).click();
    await page.waitForURL(`**/availability/item/${data.projector}?from=2030-05-13`);
    await page.getByText("この期間の予約はありません。").waitFor();
  }, 120_000);

  it("fits a phone with two weeks of a category, and treats another group's item as missing", async () => {
    const page = await suite.newPage(PHONE);
    await login(page, OWNER.email);
    await page.goto(`/availability/category/${data.category}?from=2030-05-06`);
    await page.getByRole("heading", { name: "在庫タイムライン：映像機材" }).waitFor();
    const peaks = page.getByRole("list", { name: "在庫タイムライン：スクリーン" }).getByRole("listitem");
    await peaks.first().waitFor();
    expect(await peaks.count()).toBe(14);
    await expectNoPageOverflow(page);
    await screenshot(page, "availability-timeline-phone");
    await page.getByRole("link", { name: "プロジェクター", exact: true }).click();
    await page.waitForURL(`**/availability/item/${data.projector}?from=2030-05-06`);
    await page.getByRole("link", { name: "カテゴリのタイムライン" }).waitFor();
    await expectNoPageOverflow(page);
    await screenshot(page, "availability-item-timeline-phone");

    // The first journey took the case's スクリーン; the other is 春の展示会's.
    await page.goto(`/orderitems/${data.asking}`);
    const screenRow = rowOf(page.locator("section.case-card").nth(1), "スクリーン");
    await screenRow.getByRole("button", { name: "スクリーンが不足している理由" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "春の展示会" }).waitFor();
    await expectNoPageOverflow(page);
    await screenshot(page, "availability-why-phone");

    await page.goto(`/availability/item/${data.otherItem}`);
    await page.getByRole("alert").getByText("在庫状況の取得に失敗しました。").waitFor();
    expect(await page.getByText("よそのプロジェクター").count()).toBe(0);
  }, 120_000);
});
