import { ja } from "@zaiko/common/messages/ja";
import type {
  WarehouseBoardDto,
  WarehouseCaseDto,
  WarehouseOverdueDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import { businessToday } from "@zaiko/common/warehouse/warehouseDays";
import request from "supertest";
import type { RunningServer } from "../../server";
import { isClientRoute } from "../../spa";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { add, addUnits, HOUR, makeCase, patch } from "../orderitems/orderitems.testkit";

/** 2030-04-01 in Tokyo is [2030-03-31T15:00Z, 2030-04-01T15:00Z); the next day ends 2030-04-02T15:00Z. */
const DAY = "2030-04-01";

describeOnDatabases("GET /api/warehouse/", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  let stockItem: number;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
    stockItem = (await makeItem(server, owner, { title: "三脚", stock: 1000 })).id;
  });
  afterAll(() => server.close());

  const board = async (query = `?date=${DAY}`, s = owner): Promise<WarehouseBoardDto> =>
    (await request(server.url).get(`/api/warehouse/${query}`).set(bearer(s)).expect(200)).body;
  /** A case over [start, end] with one unit of `itemId`; returns the case and its order item id. */
  const booked = async (start: string, end: string, itemId = stockItem, s = owner) => {
    const c = await makeCase(server, s, { start, end });
    const res = await add(server, s, itemId, c.id).expect(200);
    return { caseId: c.id, orderItemId: res.body.order_item.id as number, title: c.title };
  };
  const caseIn = (cases: WarehouseCaseDto[], id: number) => cases.find((c) => c.id === id);

  it("lists the day's and the next day's movements by Tokyo calendar day, with the boundaries exact", async () => {
    const firstInstant = await booked("2030-03-31T15:00:00Z", "2030-04-20T00:00:00Z"); // 4/1 00:00 JST
    const dayBefore = await booked("2030-03-31T14:59:59Z", "2030-04-20T00:00:00Z"); // 3/31 23:59:59 JST
    const lastInstant = await booked("2030-04-02T14:59:59Z", "2030-04-20T00:00:00Z"); // 4/2 23:59:59 JST
    const dayAfter = await booked("2030-04-02T15:00:00Z", "2030-04-20T00:00:00Z"); // 4/3 00:00 JST
    const returning = await booked("2030-03-20T00:00:00Z", "2030-04-01T03:00:00+09:00");
    const overnight = await booked("2030-04-01T10:00:00+09:00", "2030-04-02T18:00:00+09:00");
    const sameDay = await booked("2030-04-01T09:00:00+09:00", "2030-04-01T17:00:00+09:00");

    const body = await board();
    expect(body.days.map((d) => [d.date, d.label])).toEqual([
      ["2030-04-01", "4/1(月)"],
      ["2030-04-02", "4/2(火)"],
    ]);
    expect(body.from).toBe("2030-03-31T15:00:00.000Z");
    expect(body.to).toBe("2030-04-02T15:00:00.000Z");
    const [today, tomorrow] = body.days;
    const flags = (cases: WarehouseCaseDto[], id: number) => {
      const c = caseIn(cases, id);
      return c ? c.rows.map((r) => ({ outgoing: r.outgoing, returning: r.returning })) : null;
    };
    expect(flags(today.cases, firstInstant.caseId)).toEqual([{ outgoing: true, returning: false }]);
    expect(flags(tomorrow.cases, firstInstant.caseId)).toBeNull();
    expect(flags(today.cases, dayBefore.caseId)).toBeNull();
    expect(flags(tomorrow.cases, dayBefore.caseId)).toBeNull();
    expect(flags(tomorrow.cases, lastInstant.caseId)).toEqual([{ outgoing: true, returning: false }]);
    expect(flags(today.cases, dayAfter.caseId)).toBeNull();
    expect(flags(tomorrow.cases, dayAfter.caseId)).toBeNull();
    expect(flags(today.cases, returning.caseId)).toEqual([{ outgoing: false, returning: true }]);
    expect(flags(today.cases, overnight.caseId)).toEqual([{ outgoing: true, returning: false }]);
    expect(flags(tomorrow.cases, overnight.caseId)).toEqual([{ outgoing: false, returning: true }]);
    expect(flags(today.cases, sameDay.caseId)).toEqual([{ outgoing: true, returning: true }]);
    // Cases follow their first movement that day: out 00:00, back 03:00, out 09:00, out 10:00.
    const order = today.cases.map((c) => c.id);
    expect(order.indexOf(firstInstant.caseId)).toBeLessThan(order.indexOf(returning.caseId));
    expect(order.indexOf(returning.caseId)).toBeLessThan(order.indexOf(sameDay.caseId));
    expect(order.indexOf(sameDay.caseId)).toBeLessThan(order.indexOf(overnight.caseId));
  });

  it("counts a row's units lost or broken and not yet found or repaired (入庫 3・紛失 1, issue 36)", async () => {
    const lights = await makeItem(server, owner, { title: "LEDライト", stock: 10 });
    const now = Date.now();
    const c = await makeCase(server, owner, {
      start: new Date(now).toISOString(),
      end: new Date(now + 2 * 24 * HOUR).toISOString(),
    });
    await addUnits(server, owner, lights.id, c.id, 4);
    const rowOnBoard = async () =>
      (await board("")).days[0].cases.find((k) => k.id === c.id)?.rows.find((r) => r.item.id === lights.id);
    const id = (await rowOnBoard())!.id;
    const post = (path: string, body: object) =>
      request(server.url).post(path).set(bearer(owner)).send(body).expect(200);
    await post(`/api/orderitems/${id}/issue/`, { quantity: 4 });
    await post(`/api/orderitems/${id}/receive/`, {
      quantity: 2,
      broken: 1,
      repair_due: "2030-01-10T00:00:00+09:00",
    });
    expect(await rowOnBoard()).toMatchObject({ received_quantity: 3, lost_quantity: 0, broken_quantity: 1 });
    await post(`/api/orderitems/${id}/receive/`, { quantity: 0, lost: 1 });
    expect(await rowOnBoard()).toMatchObject({ received_quantity: 4, lost_quantity: 1, broken_quantity: 1 });
    // Found: the unit is back, the board no longer counts it.
    const outages = await request(server.url)
      .get(`/api/items/${lights.id}/outages/`)
      .set(bearer(owner))
      .expect(200);
    const lost = (outages.body as { id: number; kind: string }[]).find((o) => o.kind === "lost")!;
    await post(`/api/outages/${lost.id}/resolve/`, {});
    expect(await rowOnBoard()).toMatchObject({ received_quantity: 4, lost_quantity: 0, broken_quantity: 1 });
  });

  it("groups rows by case with what the board shows, items by title, issue/receive as set", async () => {
    const mic = await makeItem(server, owner, { title: "マイク", stock: 5 });
    const amp = await makeItem(server, owner, { title: "アンプ", stock: 5 });
    const c = await makeCase(server, owner, {
      title: "展示会",
      start: "2030-04-01T08:00:00+09:00",
      end: "2030-04-05T18:00:00+09:00",
    });
    const micRow = (await add(server, owner, mic.id, c.id).expect(200)).body.order_item;
    await add(server, owner, mic.id, c.id).expect(200);
    await add(server, owner, amp.id, c.id).expect(200);
    await patch(server, owner, micRow.id, { issue: "2030-04-01T08:05:00+09:00" }).expect(200);

    const found = caseIn((await board()).days[0].cases, c.id);
    expect(found).toEqual({
      id: c.id,
      title: "展示会",
      start_date: "2030-03-31T23:00:00.000Z",
      end_date: "2030-04-05T09:00:00.000Z",
      rows: [
        {
          id: expect.any(Number),
          item: { id: amp.id, title: "アンプ", category_name: amp.category_name },
          order_quantity: 1,
          start_date: "2030-03-31T23:00:00.000Z",
          end_date: "2030-04-05T09:00:00.000Z",
          issue: null,
          receive: null,
          version: 1,
          issued_quantity: 0,
          received_quantity: 0,
          lost_quantity: 0,
          broken_quantity: 0,
          outgoing: true,
          returning: false,
        },
        {
          id: micRow.id,
          item: { id: mic.id, title: "マイク", category_name: mic.category_name },
          order_quantity: 2,
          start_date: "2030-03-31T23:00:00.000Z",
          end_date: "2030-04-05T09:00:00.000Z",
          issue: "2030-03-31T23:05:00.000Z",
          receive: null,
          // Inserted, + (quantity 2), 出庫: the order item's version as every other answer carries it.
          version: 3,
          issued_quantity: 2,
          received_quantity: 0,
          lost_quantity: 0,
          broken_quantity: 0,
          outgoing: true,
          returning: false,
        },
      ],
    });
  });

  it("puts overdue items (end passed, not received) on top, most overdue first, and only there", async () => {
    const older = await booked("2020-01-01T00:00:00Z", "2020-01-05T00:00:00Z");
    const newer = await booked("2020-02-01T00:00:00Z", "2020-02-05T00:00:00Z");
    const onTime = await booked("2020-03-01T00:00:00Z", "2020-03-05T00:00:00Z");
    await patch(server, owner, onTime.orderItemId, { issue: "2020-03-01T00:00:00Z" }).expect(200);
    await patch(server, owner, onTime.orderItemId, { receive: "2020-03-05T00:00:00Z" }).expect(200);
    const lateLongAgo = await booked("2020-04-01T00:00:00Z", "2020-04-05T00:00:00Z");
    await patch(server, owner, lateLongAgo.orderItemId, { issue: "2020-04-01T00:00:00Z" }).expect(200);
    await patch(server, owner, lateLongAgo.orderItemId, { receive: "2020-05-01T00:00:00Z" }).expect(200);
    const lateToday = await booked("2020-06-01T00:00:00Z", "2020-06-05T00:00:00Z");
    await patch(server, owner, lateToday.orderItemId, { issue: "2020-06-01T00:00:00Z" }).expect(200);
    await patch(server, owner, lateToday.orderItemId, { receive: new Date().toISOString() }).expect(200);

    // Whatever day is asked for, overdue is "as of now".
    for (const query of [`?date=${DAY}`, ""]) {
      const body = await board(query);
      const ids = body.overdue.map((c) => c.id);
      expect(ids.indexOf(older.caseId)).toBeGreaterThanOrEqual(0);
      expect(ids.indexOf(older.caseId)).toBeLessThan(ids.indexOf(newer.caseId));
      expect(ids).not.toContain(onTime.caseId);
      expect(ids).not.toContain(lateLongAgo.caseId);
      // Received late today: still shown (as received), so the worker sees it done and can undo a mis-tap.
      expect(caseIn(body.overdue, lateToday.caseId)?.rows[0]).toMatchObject({
        id: lateToday.orderItemId,
        receive: expect.any(String),
      });
      expect(caseIn(body.overdue, older.caseId)?.rows[0]).toMatchObject({
        id: older.orderItemId,
        issue: null,
        receive: null,
        outgoing: false,
        returning: true,
      });
      for (const day of body.days) expect(day.cases.map((c) => c.id)).not.toContain(older.caseId);
    }
  });

  it("defaults to today in Tokyo", async () => {
    const today = businessToday(new Date(), "Asia/Tokyo");
    const body = await board("");
    // The only way this differs is the day changing between the two lines above.
    if (body.days[0].date !== businessToday(new Date(), "Asia/Tokyo")) return;
    expect(body.days[0].date).toBe(today);
    expect(Date.parse(body.from)).toBeLessThanOrEqual(Date.parse(body.now));
    expect(Date.parse(body.now)).toBeLessThan(Date.parse(body.from) + 24 * 3600 * 1000);
  });

  it("never shows another group's data; another group's id in the query is a 404", async () => {
    const theirItem = await makeItem(server, other, { stock: 5 });
    const theirs = await booked(
      "2030-04-01T10:00:00+09:00",
      "2030-04-01T12:00:00+09:00",
      theirItem.id,
      other,
    );
    const theirOverdue = await booked("2020-01-01T00:00:00Z", "2020-01-02T00:00:00Z", theirItem.id, other);
    const mine = await board();
    const allIds = [...mine.overdue, ...mine.days[0].cases, ...mine.days[1].cases].map((c) => c.id);
    expect(allIds).not.toContain(theirs.caseId);
    expect(allIds).not.toContain(theirOverdue.caseId);
    const theirBoard = await board(`?date=${DAY}`, other);
    expect(caseIn(theirBoard.days[0].cases, theirs.caseId)).toBeDefined();
    expect([...theirBoard.overdue, ...theirBoard.days[0].cases].map((c) => c.id)).not.toContain(
      (await booked("2030-04-01T10:00:00+09:00", "2030-04-01T11:00:00+09:00")).caseId,
    );
    await request(server.url)
      .get(`/api/warehouse/?date=${DAY}&groupid=${other.groupId}`)
      .set(bearer(owner))
      .expect(404);
  });

  it("warns a case going out that another case's overdue units (延滞) leave short, until issued or they are back", async () => {
    const item = await makeItem(server, owner, { stock: 3 });
    const spare = await makeItem(server, owner, { stock: 1 });
    const h = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const move = (id: number, kind: "issue" | "receive", quantity: number) =>
      request(server.url)
        .post(`/api/orderitems/${id}/${kind}/`)
        .set(bearer(owner))
        .send({ quantity })
        .expect(200);
    const past = await makeCase(server, owner, { start: h(-48), end: h(-24) });
    const late = (await addUnits(server, owner, item.id, past.id, 3)).order_item.id as number;
    await move(late, "issue", 3);
    await move(late, "receive", 1);
    // Out within the board's two days: short by the 2 not back; another case with enough is not listed.
    const next = await makeCase(server, owner, { start: h(1), end: h(5) });
    const needed = (await addUnits(server, owner, item.id, next.id, 2)).order_item.id as number;
    const fine = await makeCase(server, owner, { start: h(1), end: h(5) });
    await addUnits(server, owner, spare.id, fine.id, 1);
    const warnings = async (query = "", s = owner): Promise<WarehouseOverdueDto[]> =>
      (await request(server.url).get(`/api/warehouse/overdue/${query}`).set(bearer(s)).expect(200)).body;
    const mine = await warnings();
    expect(mine.find((w) => w.case_id === next.id)).toEqual({
      case_id: next.id,
      warnings: [
        {
          item_id: item.id,
          title: item.title,
          required: 4,
          available: 3,
          overdue: [{ case_id: past.id, case_title: past.title, quantity: 2, end_date: expect.any(String) }],
        },
      ],
    });
    // The same rule as the case screen's warning, word for word.
    const caseScreen = (
      await request(server.url).get(`/api/workcases/${next.id}/overdue/`).set(bearer(owner)).expect(200)
    ).body;
    expect(mine.find((w) => w.case_id === next.id)!.warnings).toEqual(caseScreen);
    expect(mine.map((w) => w.case_id)).not.toContain(fine.id);
    expect(mine.map((w) => w.case_id)).not.toContain(past.id);
    // Another day's board does not list it; another group sees nothing of it; bad input as the board's.
    expect((await warnings("?date=2030-04-01")).map((w) => w.case_id)).not.toContain(next.id);
    expect((await warnings("", other)).map((w) => w.case_id)).not.toContain(next.id);
    await request(server.url)
      .get(`/api/warehouse/overdue/?groupid=${other.groupId}`)
      .set(bearer(owner))
      .expect(404);
    const bad = await request(server.url)
      .get("/api/warehouse/overdue/?date=2030-02-30")
      .set(bearer(owner))
      .expect(400);
    expect(bad.body).toEqual({ detail: ja.warehouse.invalidDate });
    await request(server.url).get("/api/warehouse/overdue/").expect(401);
    // Issued entirely: nothing left to warn about (it is warned before its own issue only).
    await move(needed, "issue", 2);
    expect((await warnings()).map((w) => w.case_id)).not.toContain(next.id);
    await request(server.url)
      .delete(`/api/orderitems/${needed}/movements/latest/`)
      .set(bearer(owner))
      .expect(200);
    expect((await warnings()).map((w) => w.case_id)).toContain(next.id);
    // The overdue units back: the warning goes.
    await move(late, "receive", 2);
    expect((await warnings()).map((w) => w.case_id)).not.toContain(next.id);
  });

  it("400 with a Japanese message for an impossible date; 401 without a token", async () => {
    for (const bad of ["2030-02-30", "2030-13-01", "2030-4-1", "abc", "2030-04-01x"]) {
      const res = await request(server.url)
        .get(`/api/warehouse/?date=${encodeURIComponent(bad)}`)
        .set(bearer(owner))
        .expect(400);
      expect(res.body).toEqual({ detail: ja.warehouse.invalidDate });
    }
    // A real day outside the range the API reads says so (common/input.ts).
    const early = await request(server.url)
      .get("/api/warehouse/?date=0999-01-01")
      .set(bearer(owner))
      .expect(400);
    expect(early.body).toEqual({ detail: ja.validation.dayOutOfRange });
    await request(server.url)
      .get("/api/warehouse/?date=2030-04-01&date=2030-04-02")
      .set(bearer(owner))
      .expect(400);
    await request(server.url).get("/api/warehouse/").expect(401);
    await request(server.url).get("/api/warehouse").set(bearer(owner)).expect(200);
  });

  it("is a client route, so /warehouse loads the web client with 200", () => {
    expect(isClientRoute("/warehouse")).toBe(true);
    expect(isClientRoute("/warehouse/")).toBe(true);
  });
});
