import { type Booking, dailyPeaks } from "@zaiko/common/availability/index";
import type { HoldersDto, TimelineDto } from "@zaiko/common/availability/insight.schema";
import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { workCases } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { insertOrder, makeCategory, makeItem } from "../items/items.testkit";
import { makeSet } from "../sets/sets.testkit";
import { makeHold } from "../workcases/lifecycle.testkit";

const tokyo = (local: string) => new Date(`${local}+09:00`);

/**
 * The seeded bookings (Tokyo times) of プロジェクター (stock 3) and スクリーン (stock 5):
 *   展示会A (本予約)   プロジェクター 2  03-01 09:00 – 03-03 18:00
 *   仮B     (仮押さえ) プロジェクター 1  03-02 09:00 – 03-05 18:00
 *   中止C   (キャンセル) プロジェクター 3  03-01 00:00 – 03-10 00:00  (holds nothing)
 *   相談D   (本予約)   asks;  its own スクリーン 2  03-06 09:00 – 03-07 18:00 (case 03-02 10:00 – 03-04 10:00)
 *   上映E   (本予約)   スクリーン 3  03-06 12:00 – 03-08 12:00
 */
describeOnDatabases("why is it short and the timeline (/api/availability/…)", (driver) => {
  let server: RunningServer;
  let s: Session;
  let other: Session;
  let projector: number;
  let screen: number;
  let categoryId: number;
  const ids: Record<string, number> = {};
  let holdUntil: string;

  async function insertCase(title: string, start: Date, end: Date, status = "confirmed") {
    const [row] = await server.deps.database.db
      .insert(workCases)
      .values({ groupId: s.groupId, title, startDate: start, endDate: end, status: status as "confirmed" })
      .returning({ id: workCases.id });
    return row!.id;
  }

  beforeAll(async () => {
    server = await startTestServer(driver);
    s = await signUpOwner(server);
    other = await signUpOwner(server);
    const cat = await makeCategory(server, s, "映像");
    categoryId = cat.id;
    projector = (await makeItem(server, s, { category: cat.id, title: "プロジェクター", stock: 3 })).id;
    screen = (await makeItem(server, s, { category: cat.id, title: "スクリーン", stock: 5 })).id;
    ids.A = await insertCase("展示会A", tokyo("2027-03-01T09:00"), tokyo("2027-03-03T18:00"));
    await insertOrder(
      server,
      s.groupId,
      projector,
      2,
      tokyo("2027-03-01T09:00"),
      tokyo("2027-03-03T18:00"),
      ids.A,
    );
    const hold = await makeHold(server, s, {
      title: "仮B",
      start: tokyo("2027-03-02T09:00").toISOString(),
      end: tokyo("2027-03-05T18:00").toISOString(),
    });
    ids.B = hold.id;
    holdUntil = hold.hold_until!;
    await insertOrder(
      server,
      s.groupId,
      projector,
      1,
      tokyo("2027-03-02T09:00"),
      tokyo("2027-03-05T18:00"),
      ids.B,
    );
    ids.C = await insertCase("中止C", tokyo("2027-03-01T00:00"), tokyo("2027-03-10T00:00"), "cancelled");
    await insertOrder(
      server,
      s.groupId,
      projector,
      3,
      tokyo("2027-03-01T00:00"),
      tokyo("2027-03-10T00:00"),
      ids.C,
    );
    ids.D = await insertCase("相談D", tokyo("2027-03-02T10:00"), tokyo("2027-03-04T10:00"));
    await insertOrder(
      server,
      s.groupId,
      screen,
      2,
      tokyo("2027-03-06T09:00"),
      tokyo("2027-03-07T18:00"),
      ids.D,
    );
    ids.E = await insertCase("上映E", tokyo("2027-03-06T12:00"), tokyo("2027-03-08T12:00"));
    await insertOrder(
      server,
      s.groupId,
      screen,
      3,
      tokyo("2027-03-06T12:00"),
      tokyo("2027-03-08T12:00"),
      ids.E,
    );
  });
  afterAll(() => server.close());

  const holders = (who: Session, item: number, query: string) =>
    request(server.url).get(`/api/availability/items/${item}/holders/?${query}`).set(bearer(who));
  const timeline = (who: Session, query: string) =>
    request(server.url).get(`/api/availability/timeline/?${query}`).set(bearer(who));

  it("names the cases holding the item over the case's period and when one more unit is free", async () => {
    const res = await holders(s, projector, `case=${ids.D}`).expect(200);
    const body: HoldersDto = res.body;
    expect(body).toEqual({
      item: { id: projector, title: "プロジェクター", category_name: "映像", stock_quantity: 3 },
      start_date: tokyo("2027-03-02T10:00").toISOString(),
      end_date: tokyo("2027-03-04T10:00").toISOString(),
      quantity: 1,
      held_from: tokyo("2027-03-02T10:00").toISOString(),
      held_until: tokyo("2027-03-04T10:00").toISOString(),
      available: 0,
      hires: [],
      holders: [
        {
          case_id: ids.A,
          case_title: "展示会A",
          status: "confirmed",
          start_date: tokyo("2027-03-01T09:00").toISOString(),
          end_date: tokyo("2027-03-03T18:00").toISOString(),
          quantity: 2,
          hold_until: null,
          held_by_name: null,
          out_of_service: false,
          // No turnaround in this group: held over its own period.
          held_from: tokyo("2027-03-01T09:00").toISOString(),
          held_until: tokyo("2027-03-03T18:00").toISOString(),
        },
        {
          case_id: ids.B,
          case_title: "仮B",
          status: "tentative",
          start_date: tokyo("2027-03-02T09:00").toISOString(),
          end_date: tokyo("2027-03-05T18:00").toISOString(),
          quantity: 1,
          hold_until: holdUntil,
          held_by_name: "山田 太郎",
          out_of_service: false,
          held_from: tokyo("2027-03-02T09:00").toISOString(),
          held_until: tokyo("2027-03-05T18:00").toISOString(),
        },
      ],
      // 展示会A ends at 18:00 (closed period): one unit is free from the next millisecond for 48 hours.
      free_from: new Date(tokyo("2027-03-03T18:00").getTime() + 1).toISOString(),
    });
    // The same rule as the case screen: nothing left to add there.
    const summary = await request(server.url)
      .get(`/api/inventorysummary/${ids.D}/summary/`)
      .set(bearer(s))
      .expect(200);
    const row = summary.body.find((r: { id: number }) => r.id === projector);
    expect(row.shippable_quantity).toBe(body.available);
  });

  it("waits for every holder when all the stock is wanted, and says never above the stock", async () => {
    const all = await holders(s, projector, `case=${ids.D}&quantity=3`).expect(200);
    expect(all.body.free_from).toBe(new Date(tokyo("2027-03-05T18:00").getTime() + 1).toISOString());
    const two = await holders(s, projector, `case=${ids.D}&quantity=2`).expect(200);
    expect(two.body.free_from).toBe(new Date(tokyo("2027-03-03T18:00").getTime() + 1).toISOString());
    const four = await holders(s, projector, `case=${ids.D}&quantity=4`).expect(200);
    expect(four.body).toMatchObject({ quantity: 4, free_from: null });
  });

  it("uses the case's own order item's period and leaves its own units out", async () => {
    const res = await holders(s, screen, `case=${ids.D}`).expect(200);
    expect(res.body).toMatchObject({
      start_date: tokyo("2027-03-06T09:00").toISOString(),
      end_date: tokyo("2027-03-07T18:00").toISOString(),
      quantity: 3, // its own 2 and one more
      available: 2,
      holders: [{ case_id: ids.E, case_title: "上映E", quantity: 3, status: "confirmed" }],
      free_from: new Date(tokyo("2027-03-08T12:00").getTime() + 1).toISOString(),
    });
    const summary = await request(server.url)
      .get(`/api/inventorysummary/${ids.D}/summary/`)
      .set(bearer(s))
      .expect(200);
    const row = summary.body.find((r: { id: number }) => r.id === screen);
    expect(row.shippable_quantity).toBe(res.body.available - 2);
    // A period change keeping its quantity (more=0) fits: free at once.
    const keep = await holders(s, screen, `case=${ids.D}&more=0`).expect(200);
    expect(keep.body).toMatchObject({ quantity: 2, free_from: tokyo("2027-03-06T09:00").toISOString() });
  });

  it("answers for a window without a case; cancelled cases hold nothing", async () => {
    const start = tokyo("2027-03-04T00:00").toISOString();
    const end = tokyo("2027-03-04T12:00").toISOString();
    const res = await holders(
      s,
      projector,
      `start=${encodeURIComponent(start)}&end=${encodeURIComponent(end)}`,
    ).expect(200);
    expect(res.body).toMatchObject({ quantity: 1, available: 2, free_from: start });
    expect(res.body.holders.map((h: { case_id: number }) => h.case_id)).toEqual([ids.B]);
  });

  it("refuses bad input with 400 and a Japanese message", async () => {
    expect((await holders(s, projector, "").expect(400)).body).toEqual({
      start: [ja.availability.periodRequired],
    });
    const start = encodeURIComponent(tokyo("2027-03-04T00:00").toISOString());
    const earlier = encodeURIComponent(tokyo("2027-03-03T00:00").toISOString());
    expect((await holders(s, projector, `start=${start}`).expect(400)).body).toEqual({
      end: [ja.availability.periodBoth],
    });
    expect((await holders(s, projector, `start=${start}&end=${earlier}`).expect(400)).body).toEqual({
      end: [ja.availability.periodOrder],
    });
    expect((await holders(s, projector, `start=2027-03-04&end=x`).expect(400)).body).toEqual({
      start: [ja.allocation.invalidDateTime],
    });
    for (const q of ["0", "-1", "1.5", "x", "1000001"]) {
      expect((await holders(s, projector, `case=${ids.D}&quantity=${q}`).expect(400)).body).toEqual({
        quantity: [ja.availability.quantityInvalid],
      });
    }
    expect((await holders(s, projector, `case=${ids.D}&more=-1`).expect(400)).body).toEqual({
      more: [ja.availability.moreInvalid],
    });
  });

  it("answers 404 for another group's item, case or group id, and 401 without a token", async () => {
    await holders(other, projector, `case=${ids.D}`).expect(404);
    const theirs = await makeItem(server, other, { stock: 1 });
    await holders(s, theirs.id, `case=${ids.D}`).expect(404);
    const theirCase = await request(server.url)
      .post("/api/workcases/")
      .set(bearer(other))
      .send({
        title: "よその案件",
        start_date: tokyo("2027-03-01T00:00").toISOString(),
        end_date: tokyo("2027-03-02T00:00").toISOString(),
        note: "",
      })
      .expect(201);
    await holders(s, projector, `case=${theirCase.body.id}`).expect(404);
    await holders(s, projector, `case=${ids.D}&groupid=${other.groupId}`).expect(404);
    await holders(s, 2_147_483_647, `case=${ids.D}`).expect(404);
    await holders(s, projector, "case=abc").expect(404);
    await request(server.url).get(`/api/availability/items/${projector}/holders/?case=${ids.D}`).expect(401);
    await timeline(other, `item=${projector}`).expect(404);
    await timeline(other, `category=${categoryId}`).expect(404);
    await timeline(s, `item=${projector}&groupid=${other.groupId}`).expect(404);
    await request(server.url).get(`/api/availability/timeline/?item=${projector}`).expect(401);
  });

  it("lays out an item's weeks: bars of its cases and each day's peak, as the weekly view counts", async () => {
    const res = await timeline(s, `item=${projector}&from=2027-03-01&weeks=1`).expect(200);
    const body: TimelineDto = res.body;
    expect(body).toMatchObject({
      scope: { kind: "item", id: projector, name: "プロジェクター", category_id: categoryId },
      days: [
        "2027-03-01",
        "2027-03-02",
        "2027-03-03",
        "2027-03-04",
        "2027-03-05",
        "2027-03-06",
        "2027-03-07",
      ],
      labels: ["3/1(月)", "3/2(火)", "3/3(水)", "3/4(木)", "3/5(金)", "3/6(土)", "3/7(日)"],
      before: "2027-02-22",
      next: "2027-03-08",
      from: tokyo("2027-03-01T00:00").toISOString(),
      to: tokyo("2027-03-08T00:00").toISOString(),
    });
    expect(body.items).toHaveLength(1);
    const [row] = body.items;
    expect(row!.daily_peaks).toEqual([2, 3, 3, 1, 1, 0, 0]);
    expect(row!.bars.map((b) => [b.case_title, b.status, b.quantity])).toEqual([
      ["展示会A", "confirmed", 2],
      ["仮B", "tentative", 1],
    ]);
    // The seeded bookings through common/availability, and the weekly view's numbers of the same week.
    const seeded: Booking[] = [
      { start: tokyo("2027-03-01T09:00"), end: tokyo("2027-03-03T18:00"), quantity: 2 },
      { start: tokyo("2027-03-02T09:00"), end: tokyo("2027-03-05T18:00"), quantity: 1 },
    ];
    expect(row!.daily_peaks).toEqual(dailyPeaks(seeded, "2027-03-01", "Asia/Tokyo"));
    const week = await request(server.url).get("/api/items/2027/3/1/").set(bearer(s)).expect(200);
    const weekRow = week.body.results.items.find((i: { id: number }) => i.id === projector);
    expect(row!.daily_peaks).toEqual(weekRow.daily_order_quantities);
  });

  it("lays out a category's items by title over several weeks", async () => {
    const res = await timeline(s, `category=${categoryId}&from=2027-03-01&weeks=2`).expect(200);
    const body: TimelineDto = res.body;
    expect(body.scope).toEqual({ kind: "category", id: categoryId, name: "映像", category_id: categoryId });
    expect(body.days).toHaveLength(14);
    expect(body.items.map((i) => i.title)).toEqual(["スクリーン", "プロジェクター"]);
    expect(body.items[0]!.daily_peaks).toEqual([0, 0, 0, 0, 0, 5, 5, 3, 0, 0, 0, 0, 0, 0]);
    expect(body.items[0]!.bars.map((b) => b.case_title)).toEqual(["相談D", "上映E"]);
  });

  it("lays out a set's parts together: only its parts' lanes, as the item's own timeline draws them", async () => {
    // Another item of the category that is not a part: not in the set's timeline.
    await makeItem(server, s, { category: categoryId, title: "ケーブル", stock: 9 });
    const set = await makeSet(server, s, categoryId, [
      [projector, 2],
      [screen, 1],
    ]);
    const res = await timeline(s, `set=${set.id}&from=2027-03-01&weeks=2`).expect(200);
    const body: TimelineDto = res.body;
    expect(body.scope).toEqual({ kind: "set", id: set.id, name: set.title, category_id: categoryId });
    expect(body.items.map((i) => i.title)).toEqual(["スクリーン", "プロジェクター"]);
    const category: TimelineDto = (
      await timeline(s, `category=${categoryId}&from=2027-03-01&weeks=2`).expect(200)
    ).body;
    for (const lane of body.items) expect(lane).toEqual(category.items.find((i) => i.id === lane.id));
    // Another group's set and an unknown one are missing; a set with an item is two scopes.
    await timeline(other, `set=${set.id}`).expect(404);
    await timeline(s, "set=999999999").expect(404);
    expect((await timeline(s, `set=${set.id}&item=${projector}`).expect(400)).body).toEqual({
      detail: ja.availability.scopeRequired,
    });
  });

  it("starts today by default and refuses a bad scope, day or week count", async () => {
    const res = await timeline(s, `item=${projector}`).expect(200);
    expect(res.body.days).toHaveLength(28);
    expect((await timeline(s, "").expect(400)).body).toEqual({ detail: ja.availability.scopeRequired });
    expect((await timeline(s, `item=${projector}&category=${categoryId}`).expect(400)).body).toEqual({
      detail: ja.availability.scopeRequired,
    });
    expect((await timeline(s, `item=${projector}&from=2027-02-30`).expect(400)).body).toEqual({
      from: [ja.availability.invalidDay],
    });
    for (const w of ["0", "9", "x"]) {
      expect((await timeline(s, `item=${projector}&weeks=${w}`).expect(400)).body).toEqual({
        weeks: [ja.availability.invalidWeeks(8)],
      });
    }
  });

  it("names a case's lost units among the holders, out of service until found", async () => {
    const sound = await makeCategory(server, s, "音響");
    const mic = (await makeItem(server, s, { category: sound.id, title: "マイク", stock: 2 })).id;
    const now = Date.now();
    const start = new Date(now - 24 * 3600_000);
    const end = new Date(now - 3600_000);
    const lostCase = await insertCase("紛失F", start, end);
    const line = await insertOrder(server, s.groupId, mic, 1, start, end, lostCase);
    const post = (path: string, body: object) =>
      request(server.url).post(`/api/orderitems/${line}/${path}/`).set(bearer(s)).send(body);
    await post("issue", { quantity: 1 }).expect(200);
    await post("receive", { quantity: 0, lost: 1 }).expect(200);

    const res = await holders(
      s,
      mic,
      "start=2027-03-02T09:00:00%2B09:00&end=2027-03-03T09:00:00%2B09:00&quantity=2",
    );
    const body = res.body as HoldersDto;
    expect(res.status).toBe(200);
    expect(body.available).toBe(1);
    expect(body.holders).toEqual([
      expect.objectContaining({ case_id: lostCase, case_title: "紛失F", quantity: 1, out_of_service: true }),
    ]);
    expect(body.holders[0]!.end_date.startsWith("9999")).toBe(true);
    // Never free while the unit is lost: the stock left is below what is wanted.
    expect(body.free_from).toBeNull();
  });
});
