/**
 * Turnaround (点検・準備時間, issue 37 part 3; docs/availability.md) in the built app: a coordinator gives the
 * speakers' category a 2 h check after each return; a speaker back at 18:00 can then not go out with a case
 * starting at 19:00 — the case screen has nothing to add and 理由 names the check (点検中：〜20:00) — and the
 * timeline draws the check as its own hatched bar. Desktop (1366 px) and phone (390 px).
 */
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, rowOf, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "turnaround@example.com", group: "静岡音響サービス", first: "誠", last: "高橋" };

/** Tokyo wall-clock time on a day of June 2030 as an instant. */
const tokyo = (day: number, hour: number) => new Date(Date.UTC(2030, 5, day, hour - 9)).toISOString();

async function seed(url: string) {
  const { groupId } = await signUpOwner(url, OWNER);
  const token = await tokenFor(url, OWNER.email);
  const api = (method: string, path: string, body?: unknown) => callApi(url, method, path, body, token);
  const category = (await api("POST", "/api/categories/", { category: "音響機材", group: groupId }))
    .id as number;
  const speaker = (
    await api("POST", "/api/items/", {
      title: "スピーカー",
      category,
      stock_quantity: 1,
      note: "",
      group: groupId,
    })
  ).id as number;
  const kase = async (title: string, from: number, to: number) =>
    (
      await api("POST", "/api/workcases/", {
        title,
        start_date: tokyo(12, from),
        end_date: tokyo(12, to),
        note: "",
        group: groupId,
      })
    ).id as number;
  const day = await kase("昼の展示会", 10, 18);
  await api("POST", `/api/additem/${speaker}/${day}/`);
  const evening = await kase("夜のライブ", 19, 22);
  return { speaker, day, evening };
}

describeInBrowser("turnaround: a return at 18:00 with a 2 h check", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  it("sets the category's check, refuses the case starting 19:00 and names 点検中 in 理由", async () => {
    const page = await suite.newPage(LAPTOP);
    await login(page, OWNER.email);
    // Before: the speaker is back at 18:00 and free for the evening.
    await page.goto(`/orderitems/${data.evening}`);
    const before = rowOf(page.locator("section.case-card").nth(1), "スピーカー");
    await before.getByText("1 / 1").waitFor();

    await page.goto("/category");
    await page.getByRole("row").filter({ hasText: "音響機材" }).getByRole("button", { name: /編集/ }).click();
    const dialog = page.getByRole("dialog", { name: "カテゴリ編集" });
    await dialog.getByRole("group", { name: "点検・準備時間" }).waitFor();
    await dialog.getByLabel("返却後の点検時間（時間）").fill("2");
    await screenshot(page, "turnaround-category-laptop");
    await dialog.getByRole("button", { name: "更新" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.goto(`/orderitems/${data.evening}`);
    const inventory = page.locator("section.case-card").nth(1);
    const speaker = rowOf(inventory, "スピーカー");
    await speaker.getByText("0 / 1").waitFor();
    expect(await speaker.getByRole("button", { name: "スピーカーを1つ追加" }).count()).toBe(0);
    await speaker.getByRole("button", { name: "スピーカーが不足している理由" }).click();
    const why = page.getByRole("dialog", { name: "スピーカー：在庫を押さえている案件" });
    const holder = why.getByRole("listitem").filter({ hasText: "昼の展示会" });
    await holder.getByText("点検中：〜20:00").waitFor();
    await why.getByText("必要数が空くのは 2030年06月12日 20:01 から（同じ長さの期間）").waitFor();
    await screenshot(page, "turnaround-why-laptop");

    // The timeline: the booking, then its check as a hatched bar of its own.
    await page.goto(`/availability/item/${data.speaker}?from=2030-06-10`);
    const check = page.getByRole("img", {
      name: "点検・準備（昼の展示会）2030年06月12日 18:00 〜 2030年06月12日 20:00",
    });
    await check.waitFor();
    expect(await check.getAttribute("class")).toContain("tl-bar-turnaround");
    await page.locator(".tl-legend").getByText("点検・準備").waitFor();
    await screenshot(page, "turnaround-timeline-laptop");

    // The item's form: empty fields follow the category, whose hours the help names.
    await page.goto("/item/2030/06/10");
    await page.getByRole("button", { name: "スピーカー", exact: true }).click();
    const detail = page.getByRole("dialog", { name: "アイテム詳細" });
    await detail.getByText("点検 2時間・準備 0時間（カテゴリの設定）").waitFor();
    await detail.getByRole("button", { name: "編集" }).click();
    const edit = page.getByRole("dialog", { name: "アイテム編集" });
    await edit.getByText("カテゴリの設定：点検 2時間・準備 0時間", { exact: false }).waitFor();
    expect(await edit.getByLabel("返却後の点検時間（時間）").inputValue()).toBe("");
    await screenshot(page, "turnaround-item-laptop");
  });

  it("shows the same on a phone without sideways scrolling", async () => {
    const phone = await suite.newPage(PHONE);
    await login(phone, OWNER.email);
    await phone.goto(`/orderitems/${data.evening}`);
    const speaker = rowOf(phone.locator("section.case-card").nth(1), "スピーカー");
    await speaker.getByRole("button", { name: "スピーカーが不足している理由" }).click();
    await phone.getByText("点検中：〜20:00").waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "turnaround-why-phone");
    await phone.goto("/category");
    await phone
      .getByRole("row")
      .filter({ hasText: "音響機材" })
      .getByRole("button", { name: /編集/ })
      .click();
    await phone
      .getByRole("dialog", { name: "カテゴリ編集" })
      .getByLabel("返却後の点検時間（時間）")
      .waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "turnaround-category-phone");
    await phone.goto(`/availability/item/${data.speaker}?from=2030-06-10`);
    await phone.locator(".tl-bar-turnaround").first().waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "turnaround-timeline-phone");
  });
});
