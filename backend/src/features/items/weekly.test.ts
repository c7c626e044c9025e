import { type Booking, dailyPeaks } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import { sql } from "drizzle-orm";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { insertOrder, makeCategory, makeItem } from "./items.testkit";
import { parseWeek } from "./week.input";

describe("parseWeek", () => {
  it("labels 7 days from the URL's day and gives the neighbouring weeks", () => {
    expect(parseWeek("2026", "11", "22")).toEqual({
      start: "2026-11-22",
      days: ["11/22(日)", "11/23(月)", "11/24(火)", "11/25(水)", "11/26(木)", "11/27(金)", "11/28(土)"],
      before: "2026-11-15",
      next: "2026-11-29",
    });
  });

  it("accepts zero-padded parts and crosses months, years and leap days", () => {
    expect(parseWeek("2026", "01", "05")).toMatchObject({ start: "2026-01-05" });
    expect(parseWeek("2026", "12", "29")).toMatchObject({
      days: ["12/29(火)", "12/30(水)", "12/31(木)", "1/1(金)", "1/2(土)", "1/3(日)", "1/4(月)"],
      before: "2026-12-22",
      next: "2027-01-05",
    });
    expect(parseWeek("2028", "2", "29")).toMatchObject({ next: "2028-03-07" });
  });

  it.each([
    ["2026", "2", "30"],
    ["2026", "2", "29"],
    ["2026", "13", "1"],
    ["2026", "0", "10"],
    ["2026", "4", "31"],
    ["2026", "4", "0"],
    ["20x6", "1", "1"],
    ["2026", "1", "1a"],
    ["2026", "-1", "1"],
    ["2026", "1.5", "1"],
    ["12026", "1", "1"],
  ])("refuses %s/%s/%s", (y, m, d) => {
    expect(parseWeek(y, m, d)).toBe("invalid");
  });

  it.each([
    ["999", "1", "1"],
    ["1899", "12", "31"],
    ["9999", "12", "31"],
    ["9999", "1", "1"],
  ])("refuses %s/%s/%s as outside the day range", (y, m, d) => {
    expect(parseWeek(y, m, d)).toBe("range");
  });

  it("reads both ends of the day range", () => {
    expect(parseWeek("1900", "1", "1")).toMatchObject({ start: "1900-01-01", before: "1899-12-25" });
    expect(parseWeek("9998", "12", "31")).toMatchObject({ start: "9998-12-31", next: "9999-01-07" });
  });
});

/** A small deterministic PRNG so a failure can be replayed. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describeOnDatabases("GET /api/items/{y}/{m}/{d}/", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
  });
  afterAll(() => server.close());
  const api = () => request(server.url);

  it("answers {results: {items, days, categories, before, next}} with items by title", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "照明");
    const b = await makeItem(server, s, { category: cat.id, title: "b-スポット", stock: 4 });
    const a = await makeItem(server, s, { category: cat.id, title: "a-ムービング", stock: 2 });
    await makeItem(server, other, { title: unique("よその") });
    const res = await api().get(`/api/items/2026/11/22/?groupid=${s.groupId}`).set(bearer(s)).expect(200);
    expect(res.body).toEqual({
      results: {
        items: [
          {
            ...a,
            daily_order_quantities: [0, 0, 0, 0, 0, 0, 0],
            daily_tentative_quantities: [0, 0, 0, 0, 0, 0, 0],
            daily_hired_quantities: [0, 0, 0, 0, 0, 0, 0],
            daily_free_quantities: [2, 2, 2, 2, 2, 2, 2],
          },
          {
            ...b,
            daily_order_quantities: [0, 0, 0, 0, 0, 0, 0],
            daily_tentative_quantities: [0, 0, 0, 0, 0, 0, 0],
            daily_hired_quantities: [0, 0, 0, 0, 0, 0, 0],
            daily_free_quantities: [4, 4, 4, 4, 4, 4, 4],
          },
        ],
        days: ["11/22(日)", "11/23(月)", "11/24(火)", "11/25(水)", "11/26(木)", "11/27(金)", "11/28(土)"],
        categories: [cat],
        before: "2026-11-15",
        next: "2026-11-29",
      },
    });
    const noSlash = await api().get("/api/items/2026/11/22").set(bearer(s)).expect(200);
    expect(noSlash.body).toEqual(res.body);
  });

  it("gives each day's peak usage in Asia/Tokyo, not the sum of the bookings touching it", async () => {
    const item = await makeItem(server, owner, { stock: 20 });
    const jst = (s: string) => new Date(`${s}+09:00`);
    // 11/22: 2 units 09-12 and 3 units 13-18 (never together: peak 3, sum 5).
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      2,
      jst("2026-11-22T09:00:00"),
      jst("2026-11-22T12:00:00"),
    );
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      3,
      jst("2026-11-22T13:00:00"),
      jst("2026-11-22T18:00:00"),
    );
    // 11/24 23:00 to 11/25 01:00 JST (11/24 14:00Z to 16:00Z): counts on both Tokyo days.
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      4,
      jst("2026-11-24T23:00:00"),
      jst("2026-11-25T01:00:00"),
    );
    // Ends exactly at 11/27 00:00 JST: it still holds that instant (closed period).
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      1,
      jst("2026-11-26T10:00:00"),
      jst("2026-11-27T00:00:00"),
    );
    // Outside the week.
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      9,
      jst("2026-11-29T00:00:00"),
      jst("2026-11-30T00:00:00"),
    );
    const res = await api().get("/api/items/2026/11/22/").set(bearer(owner)).expect(200);
    const row = res.body.results.items.find((i: { id: number }) => i.id === item.id);
    expect(row.daily_order_quantities).toEqual([3, 0, 4, 4, 1, 1, 0]);
  });

  it("reads order item periods exactly: far years, before 1970, microseconds truncated like a JS Date", async () => {
    const item = await makeItem(server, owner, { stock: 50 });
    const jst = (s: string) => new Date(`${s}+09:00`);
    const week = async (date: string) => {
      const res = await api().get(`/api/items/${date}/`).set(bearer(owner)).expect(200);
      return res.body.results.items.find((i: { id: number }) => i.id === item.id).daily_order_quantities;
    };
    // Ends exactly at midnight of the second day, in a year where float epoch milliseconds are inexact.
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      2,
      jst("2300-01-01T10:00:00"),
      jst("2300-01-02T00:00:00"),
    );
    expect(await week("2300/1/1")).toEqual([2, 2, 0, 0, 0, 0, 0]);
    // Negative epoch milliseconds.
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      3,
      jst("1969-12-30T23:00:00"),
      jst("1969-12-31T00:00:00"),
    );
    expect(await week("1969/12/30")).toEqual([3, 3, 0, 0, 0, 0, 0]);
    // Written by SQL with microseconds: 0.5 ms before midnight is the last millisecond of the day, as the
    // server read it when timestamps went through JS Dates (rounding would move it to the next day).
    const id = await insertOrder(
      server,
      owner.groupId,
      item.id,
      4,
      jst("2026-12-01T12:00:00"),
      jst("2026-12-01T13:00:00"),
    );
    await server.deps.database.db.execute(
      sql`UPDATE order_items SET start_date = '2026-12-01T23:59:59.9995+09:00', end_date = '2026-12-01T23:59:59.9995+09:00' WHERE id = ${id}`,
    );
    expect(await week("2026/12/1")).toEqual([4, 0, 0, 0, 0, 0, 0]);
  });

  it("matches common/availability's dailyPeaks on random bookings, for every item of the group", async () => {
    const s = await signUpOwner(server);
    const rand = prng(driver === "pg" ? 4242 : 1234);
    const weekStart = Date.parse("2026-11-22T00:00:00+09:00");
    const hour = 3600_000;
    const itemIds: number[] = [];
    for (let i = 0; i < 6; i++) itemIds.push((await makeItem(server, s, { stock: 1000 })).id);
    const expected = new Map<number, Booking[]>(itemIds.map((id) => [id, []]));
    for (let n = 0; n < 80; n++) {
      const itemId = itemIds[Math.floor(rand() * itemIds.length)]!;
      // Start anywhere from 3 days before to 3 days after the week, on whole minutes or on day boundaries.
      const onBoundary = rand() < 0.2;
      const startMs = onBoundary
        ? weekStart + Math.floor(rand() * 13 - 3) * 24 * hour
        : weekStart - 72 * hour + Math.floor(rand() * (13 * 24 * 60)) * 60_000;
      const length = rand() < 0.2 ? 0 : Math.floor(rand() * 60 * 60) * 60_000;
      const quantity = 1 + Math.floor(rand() * 5);
      const start = new Date(startMs);
      const end = new Date(startMs + length);
      await insertOrder(server, s.groupId, itemId, quantity, start, end);
      expected.get(itemId)!.push({ start, end, quantity });
    }
    const res = await api().get("/api/items/2026/11/22/").set(bearer(s)).expect(200);
    expect(res.body.results.items).toHaveLength(itemIds.length);
    for (const row of res.body.results.items as { id: number; daily_order_quantities: number[] }[]) {
      expect(row.daily_order_quantities).toEqual(
        dailyPeaks(expected.get(row.id)!, "2026-11-22", "Asia/Tokyo"),
      );
    }
    // The numbers are not all zero (the data does exercise the sweep).
    expect(
      res.body.results.items.some((r: { daily_order_quantities: number[] }) =>
        r.daily_order_quantities.some((q) => q > 0),
      ),
    ).toBe(true);
  });

  it.each([
    "2026/2/30",
    "2026/13/1",
    "2026/0/1",
    "abcd/1/1",
    "2026/1/x",
    "2026/4/31",
  ])("answers 400 {detail} for the impossible date %s", async (date) => {
    const res = await api().get(`/api/items/${date}/`).set(bearer(owner)).expect(400);
    expect(res.body).toEqual({ detail: ja.catalogue.invalidDate });
  });

  it("accepts a leap day and zero-padded parts", async () => {
    const res = await api().get("/api/items/2028/02/29/").set(bearer(owner)).expect(200);
    expect(res.body.results.days[0]).toBe("2/29(火)");
  });

  it("answers 404 for ?groupid= or ?group_id= of another group, 401 without a token", async () => {
    await api().get(`/api/items/2026/11/22/?groupid=${other.groupId}`).set(bearer(owner)).expect(404);
    await api().get(`/api/items/2026/11/22/?group_id=${other.groupId}`).set(bearer(owner)).expect(404);
    await api().get("/api/items/2026/11/22/").expect(401);
  });
});
