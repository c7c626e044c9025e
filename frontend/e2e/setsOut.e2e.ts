/**
 * セット品 going out (issue 37, docs/sets.md "Pack list, Excel and the warehouse board"), in the built app: the
 * pack list prints the PA set with its parts under it at 1366 and 390 px, and a worker on a phone (390 px)
 * issues the whole set on the warehouse board with one tap and sees every part issued.
 */
import type { Locator } from "playwright-core";
import { describeInBrowser, LAPTOP, PHONE, screenshot, useAppAndBrowser } from "./harness";
import { callApi, expectNoPageOverflow, login, signUpOwner, tokenFor } from "./journeyHelpers";

const OWNER = { email: "sets-out@example.com", group: "浜松イベント音響", first: "健太", last: "佐藤" };
const DAY_MS = 24 * 3600 * 1000;

/** A case on 2030-04-10 (Tokyo) with 2 PA sets (2 speakers + 1 mixer each) and 1 speaker booked alone. */
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
  const cable = await item("XLRケーブル", 20);
  const set = await api("POST", "/api/sets/", {
    title: "PAセット",
    category,
    note: "",
    parts: [
      { item: speaker, quantity: 2 },
      { item: mixer, quantity: 1 },
    ],
  });
  const start = new Date(Date.UTC(2030, 3, 10, 0, 0)); // 2030-04-10 09:00 in Tokyo
  const kase = await api("POST", "/api/workcases/", {
    title: "浜松まつり ステージ",
    start_date: start.toISOString(),
    end_date: new Date(start.getTime() + 3 * DAY_MS).toISOString(), // back after the board's two days
    note: "",
    group: groupId,
  });
  for (let i = 0; i < 2; i++) await api("POST", `/api/addset/${set.id}/${kase.id}/`);
  await api("POST", `/api/additem/${speaker}/${kase.id}/`);
  for (let i = 0; i < 3; i++) await api("POST", `/api/additem/${cable}/${kase.id}/`);
  return { caseId: kase.id as number, token };
}

/** The printed cells of the pack list's body and foot rows. */
async function printed(table: Locator): Promise<string[][]> {
  const rows = table.locator("tbody tr, tfoot tr");
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++)
    out.push((await rows.nth(i).locator("td").allInnerTexts()).map((text) => text.trim()));
  return out;
}

describeInBrowser("sets going out (pack list, warehouse board)", () => {
  const suite = useAppAndBrowser({ stepTimeoutMs: 15_000 });
  let data: Awaited<ReturnType<typeof seed>>;

  beforeAll(async () => {
    data = await seed(suite.app.url);
  }, 90_000);

  it("prints the set, its parts under it and what was booked alone, on a laptop and a phone", async () => {
    for (const [viewport, name] of [
      [LAPTOP, "sets-packlist-laptop"],
      [PHONE, "sets-packlist-phone"],
    ] as const) {
      const page = await suite.newPage(viewport);
      await login(page, OWNER.email);
      await page.goto(`/workcase/${data.caseId}/packlist`);
      const table = page.getByRole("table", { name: "出荷リスト" });
      await table.waitFor();
      expect(await printed(table)).toEqual([
        ["", "セット品", "PAセット", "2セット"],
        ["", "音響", expect.stringMatching(/^スピーカー\s*1セットあたり2個$/), "4"],
        ["", "音響", expect.stringMatching(/^ミキサー\s*1セットあたり1個$/), "2"],
        ["", "音響", "XLRケーブル", "3"],
        ["", "音響", "スピーカー", "1"],
        ["計 3品目 10点"],
      ]);
      await expectNoPageOverflow(page);
      await screenshot(page, name);
      await page.close();
    }
  });

  it("issues the whole set on the phone's board with one tap: every part is issued", async () => {
    const phone = await suite.newPage(PHONE);
    await login(phone, OWNER.email);
    await phone.goto("/warehouse?date=2030-04-10");
    const group = phone.getByRole("listitem", { name: "PAセット" });
    await group.getByText("スピーカー 4個・ミキサー 2個").waitFor();
    const parts = group.locator(".wh-row");
    expect(await parts.locator(".wh-row-title").allInnerTexts()).toEqual(["スピーカー", "ミキサー"]);
    await expectNoPageOverflow(phone);
    await screenshot(phone, "sets-board-phone-before");

    await group.getByRole("button", { name: "セットで出庫：PAセット" }).click();
    // The speakers: 4 of 5 out (the one booked alone stays); the mixers: all out.
    await parts.nth(0).getByText("出庫 4/5").waitFor();
    await parts.nth(1).locator(".wh-status").getByText("出庫済").waitFor();
    // The cables, booked alone, did not move.
    const cable = phone.locator(".wh-row", { hasText: "XLRケーブル" });
    await cable.locator(".wh-status").getByText("未出庫").waitFor();
    await screenshot(phone, "sets-board-phone-issued");

    // What the server holds: ordinary order item movements of the parts.
    const rows = (await callApi(
      suite.app.url,
      "GET",
      `/api/orderitems/?work_case=${data.caseId}`,
      undefined,
      data.token,
    )) as unknown as { items: { title: string }; issued_quantity: number }[];
    const issued = Object.fromEntries(rows.map((r) => [r.items.title, r.issued_quantity]));
    expect(issued).toEqual({ スピーカー: 4, ミキサー: 2, XLRケーブル: 0 });

    // The same board on a laptop, after the tap.
    const laptop = await suite.newPage(LAPTOP);
    await login(laptop, OWNER.email);
    await laptop.goto("/warehouse?date=2030-04-10");
    await laptop.getByRole("listitem", { name: "PAセット" }).getByText("出庫 4/5").waitFor();
    await expectNoPageOverflow(laptop);
    await screenshot(laptop, "sets-board-laptop");
  });
});
