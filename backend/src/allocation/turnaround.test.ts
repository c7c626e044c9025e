import type { HoldersDto, TimelineDto } from "@zaiko/common/availability/insight.schema";
import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { makeCategory, makeItem } from "../features/items/items.testkit";
import { add, makeCase, patch } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { connect, nextEvent } from "../test/sockets";
import { startTestServer } from "../test/testServer";

const tokyo = (local: string) => new Date(`${local}+09:00`).toISOString();

/**
 * Turnaround (点検・準備時間, docs/availability.md) through every call that reads or changes availability. One
 * group per test; a return at 18:00 of the only unit, then cases after it.
 */
describeOnDatabases("turnaround (点検・準備時間)", (driver) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  /** A group with one item (stock 1) of a category, and a case 10:00–18:00 holding its unit. */
  async function returnAtSix(stock = 1) {
    const s = await signUpOwner(server);
    const category = await makeCategory(server, s, "音響");
    const item = await makeItem(server, s, { category: category.id, title: "スピーカー", stock });
    const first = await makeCase(server, s, {
      title: "展示会",
      start: tokyo("2030-05-10T10:00"),
      end: tokyo("2030-05-10T18:00"),
    });
    const booked = await add(server, s, item.id, first.id).expect(200);
    return { s, category, item, first, orderItemId: booked.body.order_item.id as number };
  }
  const caseAt = (s: Session, start: string, end: string, title = "後の案件") =>
    makeCase(server, s, { title, start: tokyo(start), end: tokyo(end) });
  const putCategory = (s: Session, id: number, body: object) =>
    request(server.url)
      .put(`/api/categories/${id}/`)
      .set(bearer(s))
      .send({ group: s.groupId, ...body });
  const putItem = (s: Session, item: { id: number; title: string; category: number }, body: object) =>
    request(server.url)
      .put(`/api/items/${item.id}/`)
      .set(bearer(s))
      .send({ title: item.title, category: item.category, stock_quantity: 1, note: "", ...body });
  const summaryOf = async (s: Session, caseId: number, itemId: number) => {
    const res = await request(server.url)
      .get(`/api/inventorysummary/${caseId}/summary/`)
      .set(bearer(s))
      .expect(200);
    return res.body.find((r: { id: number }) => r.id === itemId).shippable_quantity as number;
  };

  it("without turnaround a case starting 19:00 takes the unit back at 18:00 (as before)", async () => {
    const { s, item } = await returnAtSix();
    const next = await caseAt(s, "2030-05-10T19:00", "2030-05-10T22:00");
    expect(await summaryOf(s, next.id, item.id)).toBe(1);
    await add(server, s, item.id, next.id).expect(200);
  });

  it("a category's 2 h check refuses a case starting 19:00, in the summary, the + and 理由", async () => {
    const { s, category, item, first } = await returnAtSix();
    const set = await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 120 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ turnaround_after_minutes: 120, turnaround_before_minutes: 0 });
    const next = await caseAt(s, "2030-05-10T19:00", "2030-05-10T22:00");
    expect(await summaryOf(s, next.id, item.id)).toBe(0);
    const refused = await add(server, s, item.id, next.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      error: ja.allocation.shortage,
      shortages: [{ item_id: item.id, title: "スピーカー", required: 2, available: 1 }],
    });
    const orders = await request(server.url).get(`/api/orderitems/?work_case=${next.id}`).set(bearer(s));
    expect(orders.body).toEqual([]);
    // 理由 names the returning case, held until 20:00, and the first free minute after its check.
    const why = await request(server.url)
      .get(`/api/availability/items/${item.id}/holders/?case=${next.id}`)
      .set(bearer(s))
      .expect(200);
    const holders = why.body as HoldersDto;
    expect(holders.available).toBe(0);
    expect(holders.holders).toEqual([
      expect.objectContaining({
        case_id: first.id,
        end_date: new Date(tokyo("2030-05-10T18:00")).toISOString(),
        held_until: new Date(tokyo("2030-05-10T20:00")).toISOString(),
      }),
    ]);
    expect(holders.free_from).toBe(new Date(Date.parse(tokyo("2030-05-10T20:00")) + 1).toISOString());
    // After the check it goes out again.
    const later = await caseAt(s, "2030-05-10T20:01", "2030-05-10T22:00");
    expect(await summaryOf(s, later.id, item.id)).toBe(1);
    await add(server, s, item.id, later.id).expect(200);
  });

  it("an item's own minutes win over its category's; null follows the category again", async () => {
    const { s, category, item } = await returnAtSix();
    await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 120 }).expect(200);
    const own = await putItem(s, item, { turnaround_after_minutes: 30 });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      turnaround_after_minutes: 30,
      turnaround_before_minutes: null,
      effective_turnaround_after_minutes: 30,
      effective_turnaround_before_minutes: 0,
    });
    const next = await caseAt(s, "2030-05-10T19:00", "2030-05-10T22:00");
    await add(server, s, item.id, next.id).expect(200);
    // A PUT without the fields (the spec's form) keeps them.
    const kept = await putItem(s, item, { note: "点検済み" });
    expect(kept.body.turnaround_after_minutes).toBe(30);
    // Null follows the category's 2 h again, which the case at 19:00 no longer leaves room for.
    const back = await putItem(s, item, { turnaround_after_minutes: null });
    expect(back.status).toBe(409);
    expect(back.body.error).toBe(ja.turnaround.raisedShort);
  });

  it("before and after add up: 2 h check and 1 h preparation need 3 h between", async () => {
    const { s, category, item } = await returnAtSix();
    await putCategory(s, category.id, {
      category: "音響",
      turnaround_after_minutes: 120,
      turnaround_before_minutes: 60,
    }).expect(200);
    const tooEarly = await caseAt(s, "2030-05-10T21:00", "2030-05-10T23:00");
    await add(server, s, item.id, tooEarly.id).expect(409);
    const fine = await caseAt(s, "2030-05-10T21:01", "2030-05-10T23:00");
    await add(server, s, item.id, fine.id).expect(200);
  });

  it("live: a unit added to the 18:00 case reaches the screen of a case starting 19:00 (within the check)", async () => {
    const s = await signUpOwner(server);
    const category = await makeCategory(server, s, "音響");
    await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 120 }).expect(200);
    const item = await makeItem(server, s, { category: category.id, title: "スピーカー", stock: 2 });
    const first = await makeCase(server, s, {
      start: tokyo("2030-05-10T10:00"),
      end: tokyo("2030-05-10T18:00"),
    });
    const next = await caseAt(s, "2030-05-10T19:00", "2030-05-10T22:00");
    const socket = await connect(server, s.access);
    try {
      const ok = await new Promise<{ ok: boolean }>((resolve) => socket.emit("case.watch", next.id, resolve));
      expect(ok).toMatchObject({ ok: true });
      const got = nextEvent<{ case_id: number; rows: { id: number; shippable_quantity: number }[] }>(
        socket,
        "inventory.changed",
        (p) => p.case_id === next.id,
      );
      await add(server, s, item.id, first.id).expect(200);
      expect((await got).rows).toEqual([expect.objectContaining({ id: item.id, shippable_quantity: 1 })]);
    } finally {
      socket.close();
    }
  });

  it("a case's own booking never blocks itself: more units and a move right after its own end", async () => {
    const { s, category, item, first } = await returnAtSix(2);
    await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 120 }).expect(200);
    await add(server, s, item.id, first.id).expect(200);
    const moved = await request(server.url)
      .put(`/api/workcases/${first.id}/`)
      .set(bearer(s))
      .send({
        title: "展示会",
        start_date: tokyo("2030-05-10T18:30"),
        end_date: tokyo("2030-05-10T21:00"),
        note: "",
      });
    expect(moved.status).toBe(200);
  });

  it("follows an early return: back at 15:00 with a 2 h check, free from 17:00", async () => {
    const { s, category, item, orderItemId } = await returnAtSix();
    await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 120 }).expect(200);
    await patch(server, s, orderItemId, { issue: tokyo("2030-05-10T10:00") }).expect(200);
    await patch(server, s, orderItemId, { receive: tokyo("2030-05-10T15:00") }).expect(200);
    const during = await caseAt(s, "2030-05-10T16:30", "2030-05-10T22:00");
    await add(server, s, item.id, during.id).expect(409);
    const after = await caseAt(s, "2030-05-10T17:30", "2030-05-10T22:00");
    await add(server, s, item.id, after.id).expect(200);
  });

  it("the timeline draws the check as the booking's held period and counts it in the day's peak", async () => {
    const { s, category, item, first } = await returnAtSix();
    await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 360 }).expect(200);
    const res = await request(server.url)
      .get(`/api/availability/timeline/?item=${item.id}&from=2030-05-11&weeks=1`)
      .set(bearer(s))
      .expect(200);
    const body = res.body as TimelineDto;
    // The booking ended the day before; its check (until 00:00 on the 11th) still holds a unit that day.
    expect(body.items[0]!.bars).toEqual([
      expect.objectContaining({
        case_id: first.id,
        held_until: new Date(tokyo("2030-05-11T00:00")).toISOString(),
      }),
    ]);
    expect(body.items[0]!.daily_peaks[0]).toBe(1);
    const week = await request(server.url).get("/api/items/2030/5/11/").set(bearer(s)).expect(200);
    const row = week.body.results.items.find((i: { id: number }) => i.id === item.id);
    expect(row.daily_order_quantities[0]).toBe(1);
  });

  it("lengthening a turnaround that would overbook is refused with the short item, nothing changed", async () => {
    const { s, category, item, first } = await returnAtSix();
    const next = await caseAt(s, "2030-05-10T19:00", "2030-05-10T22:00");
    await add(server, s, item.id, next.id).expect(200);
    const byCategory = await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: 120 });
    expect(byCategory.status).toBe(409);
    expect(byCategory.body).toEqual({
      error: ja.turnaround.raisedShort,
      shortages: [{ item_id: item.id, title: "スピーカー", required: 2, available: 1 }],
      // 19:00, while the 18:00 return is being checked: both cases are named (docs/catalogue.md).
      short_cases: [
        {
          item_id: item.id,
          title: "スピーカー",
          at: new Date(tokyo("2030-05-10T19:00")).toISOString(),
          cases: [
            expect.objectContaining({ case_id: first.id, case_title: "展示会", quantity: 1 }),
            expect.objectContaining({ case_id: next.id, case_title: "後の案件", quantity: 1 }),
          ],
        },
      ],
    });
    const byItem = await putItem(s, item, { turnaround_after_minutes: 90 });
    expect(byItem.status).toBe(409);
    expect(byItem.body.error).toBe(ja.turnaround.raisedShort);
    const list = await request(server.url).get("/api/categories/").set(bearer(s)).expect(200);
    expect(list.body[0]).toMatchObject({ turnaround_after_minutes: 0 });
    // Moving the item to a category with a 2 h check is lengthening its turnaround too.
    const checked = await makeCategory(server, s, "点検あり");
    await putCategory(s, checked.id, { category: "点検あり", turnaround_after_minutes: 120 }).expect(200);
    const moved = await putItem(s, { ...item, category: checked.id }, {});
    expect(moved.status).toBe(409);
    expect(moved.body.error).toBe(ja.turnaround.raisedShort);
    // 30 minutes fit between 18:00 and 19:00.
    await putItem(s, item, { turnaround_after_minutes: 30 }).expect(200);
  });

  it.each([
    ["not a multiple of 30", 45],
    ["negative", -30],
    ["above 720 h", 43230],
    ["letters", "abc"],
    ["a fraction", 30.5],
  ])("refuses turnaround minutes that are %s with 400 and changes nothing", async (_name, value) => {
    const { s, category, item } = await returnAtSix();
    const c = await putCategory(s, category.id, { category: "音響", turnaround_after_minutes: value });
    expect(c.status).toBe(400);
    expect(c.body).toEqual({ turnaround_after_minutes: [ja.turnaround.invalid] });
    const i = await putItem(s, item, { turnaround_before_minutes: value });
    expect(i.status).toBe(400);
    expect(i.body).toEqual({ turnaround_before_minutes: [ja.turnaround.invalid] });
    const nullCategory = await putCategory(s, category.id, {
      category: "音響",
      turnaround_after_minutes: null,
    });
    expect(nullCategory.status).toBe(400);
    const list = await request(server.url).get("/api/categories/").set(bearer(s)).expect(200);
    expect(list.body[0]).toMatchObject({ turnaround_after_minutes: 0, turnaround_before_minutes: 0 });
  });

  it("another group's category or item is 404 and keeps its turnaround", async () => {
    const { category, item } = await returnAtSix();
    const other = await signUpOwner(server);
    await putCategory(other, category.id, { category: "音響", turnaround_after_minutes: 60 }).expect(404);
    await putItem(
      other,
      { ...item, category: (await makeCategory(server, other)).id },
      { turnaround_after_minutes: 60 },
    ).expect(404);
  });
});
