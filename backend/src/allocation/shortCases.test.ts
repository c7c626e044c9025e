import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { itemsOfGroupInDb, makeCategory, makeItem, ordersOfGroupInDb } from "../features/items/items.testkit";
import { addUnits, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";

const tokyo = (local: string) => new Date(`${local}+09:00`).toISOString();
const HEADER = "アイテム名,カテゴリ,在庫数,メモ";

/**
 * A refused catalogue change names the cases that would go short (issue 37, docs/catalogue.md): per short item
 * the first instant its bookings exceed the new stock and the cases held then, for the stock edit, the CSV
 * import and a longer 点検・準備時間; nothing changes, and another group's cases are never named.
 */
describeOnDatabases("a catalogue refusal names the short cases", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());
  const api = () => request(server.url);

  /** A case of the group; tentative (仮押さえ) with a deadline a week ahead when asked. */
  async function caseOf(s: Session, title: string, start: string, end: string, tentative = false) {
    if (!tentative) return makeCase(server, s, { title, start: tokyo(start), end: tokyo(end) });
    const res = await api()
      .post("/api/workcases/")
      .set(bearer(s))
      .send({
        title,
        start_date: tokyo(start),
        end_date: tokyo(end),
        note: "",
        status: "tentative",
        hold_until: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
      })
      .expect(201);
    return res.body as { id: number; title: string };
  }

  /**
   * A group whose スピーカー (stock 5) is held by 夏祭り (3, 12/01 10:00–12/03 18:00) and the tentative 前夜祭
   * (2, 12/03 09:00–22:00): 5 together from 12/03 09:00; and by 別日の案件 (4) on 12/10, apart from them.
   */
  async function twoOverlapping() {
    const s = await signUpOwner(server);
    const category = await makeCategory(server, s, "音響");
    const item = await makeItem(server, s, { category: category.id, title: "スピーカー", stock: 5 });
    const summer = await caseOf(s, "夏祭り", "2030-12-01T10:00", "2030-12-03T18:00");
    const eve = await caseOf(s, "前夜祭", "2030-12-03T09:00", "2030-12-03T22:00", true);
    const apart = await caseOf(s, "別日の案件", "2030-12-10T09:00", "2030-12-10T18:00");
    await addUnits(server, s, item.id, summer.id, 3);
    await addUnits(server, s, item.id, eve.id, 2);
    await addUnits(server, s, item.id, apart.id, 4);
    return { s, category, item, summer, eve };
  }

  const expectedShortCases = (
    item: { id: number },
    summer: { id: number },
    eve: { id: number },
  ): ShortCasesDto[] => [
    {
      item_id: item.id,
      title: "スピーカー",
      at: tokyo("2030-12-03T09:00"),
      cases: [
        {
          case_id: summer.id,
          case_title: "夏祭り",
          status: "confirmed",
          start_date: tokyo("2030-12-01T10:00"),
          end_date: tokyo("2030-12-03T18:00"),
          quantity: 3,
          out_of_service: false,
        },
        {
          case_id: eve.id,
          case_title: "前夜祭",
          status: "tentative",
          start_date: tokyo("2030-12-03T09:00"),
          end_date: tokyo("2030-12-03T22:00"),
          quantity: 2,
          out_of_service: false,
        },
      ],
    },
  ];

  /** What a refusal must leave as it was: the group's items, categories and order items. */
  const snapshot = async (s: Session) => ({
    items: (await itemsOfGroupInDb(server, s.groupId))
      .map((i) => [i.id, i.title, i.stockQuantity, i.turnaroundBeforeMinutes, i.turnaroundAfterMinutes])
      .sort(),
    categories: (await api().get("/api/categories/").set(bearer(s)).expect(200)).body,
    orders: (await ordersOfGroupInDb(server, s.groupId))
      .map((o) => [o.id, o.itemId, o.orderQuantity, o.startDate.toISOString(), o.endDate.toISOString()])
      .sort(),
  });

  it("lowering stock under two overlapping cases names both, at the first instant they exceed it", async () => {
    const { s, item, summer, eve } = await twoOverlapping();
    const before = await snapshot(s);
    const res = await api()
      .put(`/api/items/${item.id}/`)
      .set(bearer(s))
      .send({ title: "スピーカー", category: item.category, stock_quantity: 4, note: "", group: s.groupId });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: ja.catalogue.stockBelowAllocation,
      shortages: [{ item_id: item.id, title: "スピーカー", required: 5, available: 4 }],
      short_cases: expectedShortCases(item, summer, eve),
    });
    expect(await snapshot(s)).toEqual(before);
  });

  it("the CSV import lowering stock names them too, and imports nothing", async () => {
    const { s, item, summer, eve } = await twoOverlapping();
    const before = await snapshot(s);
    const res = await api()
      .post("/api/import-item-csv/")
      .set(bearer(s))
      .attach("csv_file", Buffer.from(`${HEADER}\nスピーカー,音響,4,\n新品,音響,1,\n`), "items.csv");
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: ja.catalogue.stockBelowAllocation,
      shortages: [{ item_id: item.id, title: "スピーカー", required: 5, available: 4 }],
      short_cases: expectedShortCases(item, summer, eve),
    });
    expect(await snapshot(s)).toEqual(before);
  });

  it("a category's longer turnaround that makes a 19:00 case meet an 18:00 return names the two cases", async () => {
    const s = await signUpOwner(server);
    const category = await makeCategory(server, s, "照明");
    const item = await makeItem(server, s, { category: category.id, title: "ムービングライト", stock: 1 });
    const day = await caseOf(s, "昼の展示会", "2030-05-10T10:00", "2030-05-10T18:00");
    const night = await caseOf(s, "夜のライブ", "2030-05-10T19:00", "2030-05-10T22:00");
    await addUnits(server, s, item.id, day.id, 1);
    await addUnits(server, s, item.id, night.id, 1);
    const before = await snapshot(s);
    const res = await api()
      .put(`/api/categories/${category.id}/`)
      .set(bearer(s))
      .send({ category: "照明", group: s.groupId, turnaround_after_minutes: 120 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: ja.turnaround.raisedShort,
      shortages: [{ item_id: item.id, title: "ムービングライト", required: 2, available: 1 }],
      short_cases: [
        {
          item_id: item.id,
          title: "ムービングライト",
          // 夜のライブ starts while 昼の展示会's unit is still being checked.
          at: tokyo("2030-05-10T19:00"),
          cases: [
            {
              case_id: day.id,
              case_title: "昼の展示会",
              status: "confirmed",
              start_date: tokyo("2030-05-10T10:00"),
              end_date: tokyo("2030-05-10T18:00"),
              quantity: 1,
              out_of_service: false,
            },
            {
              case_id: night.id,
              case_title: "夜のライブ",
              status: "confirmed",
              start_date: tokyo("2030-05-10T19:00"),
              end_date: tokyo("2030-05-10T22:00"),
              quantity: 1,
              out_of_service: false,
            },
          ],
        },
      ],
    });
    expect(await snapshot(s)).toEqual(before);
    // The item's own turnaround is refused the same way, naming the same cases.
    const own = await api().put(`/api/items/${item.id}/`).set(bearer(s)).send({
      title: "ムービングライト",
      category: category.id,
      stock_quantity: 1,
      note: "",
      turnaround_after_minutes: 90,
    });
    expect(own.status).toBe(409);
    expect(own.body.short_cases).toEqual(res.body.short_cases);
    expect(await snapshot(s)).toEqual(before);
  });

  it("never names another group's cases, even with the same item, titles and times", async () => {
    const mine = await twoOverlapping();
    const theirs = await twoOverlapping();
    const res = await api()
      .put(`/api/items/${mine.item.id}/`)
      .set(bearer(mine.s))
      .send({ title: "スピーカー", category: mine.item.category, stock_quantity: 0, note: "" });
    expect(res.status).toBe(409);
    const named = (res.body.short_cases as ShortCasesDto[]).flatMap((g) => g.cases.map((c) => c.case_id));
    expect(named).toEqual([mine.summer.id]);
    expect(named).not.toContain(theirs.summer.id);
    expect(named).not.toContain(theirs.eve.id);
    // Another group's item id is a 404 that names nothing.
    const foreign = await api()
      .put(`/api/items/${theirs.item.id}/`)
      .set(bearer(mine.s))
      .send({ title: "スピーカー", category: mine.item.category, stock_quantity: 0, note: "" });
    expect(foreign.status).toBe(404);
    expect(foreign.body.short_cases).toBeUndefined();
  });

  it("a change that goes through answers as before, with no short_cases", async () => {
    const { s, item } = await twoOverlapping();
    const ok = await api()
      .put(`/api/items/${item.id}/`)
      .set(bearer(s))
      .send({ title: "スピーカー", category: item.category, stock_quantity: 5, note: "" })
      .expect(200);
    expect(ok.body.short_cases).toBeUndefined();
  });
});
