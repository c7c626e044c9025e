/**
 * セット品 (issue 37, docs/sets.md) in the built app: an owner builds a PA set on the set catalogue, books 2
 * sets on a case and opens the line's parts; a second coordinator, with another case of the same days open,
 * books a speaker alone, and the shippable sets fall live on both screens. Screens at 1366 and 390 px.
 */
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, ownerWithActiveStaff, rowOf } from "./journeyHelpers";

const OWNER = { email: "sets-owner@example.com", group: "仙台音響サービス", first: "直樹", last: "高橋" };
const STAFF = { email: "sets-staff@example.com", first: "美咲", last: "伊藤" };
const DAY_MS = 24 * 3600 * 1000;

async function seed(url: string) {
  const { groupId, token } = await ownerWithActiveStaff(url, OWNER, STAFF);
  const api = (method: string, path: string, body?: unknown) => callApi(url, method, path, body, token);
  const category = (await api("POST", "/api/categories/", { category: "音響", group: groupId })).id as number;
  const item = async (title: string, stock: number) =>
    (await api("POST", "/api/items/", { title, category, stock_quantity: stock, note: "", group: groupId }))
      .id as number;
  // Enough for 3 PA sets of everything but the speakers (6 ÷ 2): after 2 sets, 1 more.
  await item("スピーカー", 6);
  await item("スピーカースタンド", 8);
  await item("ミキサー", 4);
  await item("ワイヤレスマイク", 16);
  const now = Date.now();
  const kase = async (title: string) =>
    (
      await api("POST", "/api/workcases/", {
        title,
        start_date: new Date(now + DAY_MS).toISOString(),
        end_date: new Date(now + 2 * DAY_MS).toISOString(),
        note: "",
        group: groupId,
      })
    ).id as number;
  return { festival: await kase("夏祭りステージ"), seminar: await kase("新商品セミナー") };
}

describeInBrowser("sets (セット品)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  it("builds a PA set, books 2 on a case, and a second coordinator's speaker lowers the sets live", async () => {
    const owner = await suite.newPage(LAPTOP);
    await login(owner, OWNER.email);
    await owner.goto("/sets");
    await owner.getByRole("heading", { name: "セット品一覧" }).waitFor();
    await owner.getByRole("button", { name: "新規登録" }).click();
    const form = owner.getByRole("dialog", { name: "新規セット" });
    await form.getByLabel("セット名").fill("PAセット");
    await form.locator(".p-dropdown").first().click();
    await owner.locator(".p-dropdown-panel").getByRole("option", { name: "音響", exact: true }).click();
    const parts: [string, string][] = [
      ["スピーカー（音響）", "2"],
      ["スピーカースタンド（音響）", "2"],
      ["ミキサー（音響）", "1"],
      ["ワイヤレスマイク（音響）", "4"],
    ];
    for (const [index, [item, quantity]] of parts.entries()) {
      if (index > 0) await form.getByRole("button", { name: "構成アイテムを追加" }).click();
      await form.locator(".set-part-item").nth(index).click();
      await owner.locator(".p-dropdown-panel").getByRole("option", { name: item, exact: true }).click();
      await form.getByLabel(`構成アイテム${index + 1}の数量`).fill(quantity);
    }
    await screenshot(owner, "sets-form-laptop");
    await form.getByRole("button", { name: "保存" }).click();
    await form.waitFor({ state: "hidden" });
    const setRow = rowOf(owner, "PAセット");
    await setRow.getByText("スピーカー×2、スピーカースタンド×2、ミキサー×1、ワイヤレスマイク×4").waitFor();
    await setRow.getByText("0件").waitFor();
    await screenshot(owner, "sets-list-laptop");

    // Two sets on the festival: every part in one click each.
    await owner.goto(`/orderitems/${data.festival}`);
    const inventory = owner.locator("section.case-card").nth(1);
    const paRow = rowOf(inventory.locator(".case-sets"), "PAセット");
    await paRow.getByText("3セット").waitFor();
    const plus = paRow.getByRole("button", { name: /^PAセットを1セット追加/ });
    await plus.click();
    await paRow.getByText("2セット").waitFor();
    await plus.click();
    await paRow.getByText("1セット").waitFor();
    const shipped = owner.locator("section.case-card").nth(0);
    const lines = shipped.getByRole("region", { name: "セット品" });
    await lines.getByText("2セット").waitFor();
    await lines.getByRole("button", { name: "PAセットの構成アイテムを表示" }).click();
    await lines.getByText("スピーカー：4個（1セットあたり2個）").waitFor();
    await lines.getByText("ワイヤレスマイク：8個（1セットあたり4個）").waitFor();
    // The parts booked only through the set are not listed again as items booked alone.
    expect(await shipped.getByRole("table").getByText("スピーカー", { exact: true }).count()).toBe(0);
    await screenshot(owner, "sets-case-laptop");

    // The second coordinator, on another case of the same days, books one speaker alone.
    const staff = await suite.newPage(LAPTOP);
    await login(staff, STAFF.email);
    await staff.goto(`/orderitems/${data.seminar}`);
    const herInventory = staff.locator("section.case-card").nth(1);
    const herPa = rowOf(herInventory.locator(".case-sets"), "PAセット");
    await herPa.getByText("1セット").waitFor();
    const speaker = rowOf(herInventory.locator("table").last(), "スピーカー");
    await speaker.getByText("2 / 6").waitFor();
    await speaker.getByRole("button", { name: /^スピーカーを1つ追加/ }).click();
    await speaker.getByText("1 / 6").waitFor();
    // Her own number and the owner's fall without a reload: one speaker is less than a set's two.
    await herPa.getByText("0セット").waitFor();
    await paRow.getByText("0セット").waitFor();
    expect(await paRow.getByRole("button", { name: /^PAセットを1セット追加/ }).count()).toBe(0);
    await screenshot(owner, "sets-case-after-laptop");

    // The catalogue counts the case that booked the set, and its delete says so.
    await owner.goto("/sets");
    await rowOf(owner, "PAセット").getByText("1件").waitFor();
    await rowOf(owner, "PAセット").getByRole("button", { name: "削除: PAセット" }).click();
    await owner
      .getByRole("dialog", { name: "セット削除" })
      .getByText("このセットは1件の案件で予約されています。", { exact: false })
      .waitFor();
    await screenshot(owner, "sets-delete-laptop");
  }, 180_000);

  it("fits a phone: the set list and the case's set line", async () => {
    const phone = await suite.newPage(PHONE);
    await login(phone, OWNER.email);
    await phone.goto("/sets");
    await rowOf(phone, "PAセット").waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "sets-list-phone");
    await phone.goto(`/orderitems/${data.festival}`);
    const lines = phone.getByRole("region", { name: "セット品" }).first();
    await lines.getByRole("button", { name: "PAセットの構成アイテムを表示" }).click();
    await lines.getByText("ミキサー：2個（1セットあたり1個）").waitFor();
    await expectNoPageOverflow(phone);
    await screenshot(phone, "sets-case-phone");
  }, 120_000);
});
