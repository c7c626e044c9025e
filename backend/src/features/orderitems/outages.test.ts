import { ja } from "@zaiko/common/messages/ja";
import type { MovementDto, OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { OutageDto } from "@zaiko/common/orderitems/outages.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent } from "../../test/sockets";
import { useGroupServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { add, addUnits, at, invariantViolations, makeCase, patch } from "./orderitems.testkit";

const O = ja.outages;
const m = ja.movements;

/** Return dispositions (docs/lifecycle.md): lost and broken units out of service until found or repaired. */
describeOnDatabases("lost and broken units", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const issue = (s: Session, id: number, quantity: number) =>
    api().post(`/api/orderitems/${id}/issue/`).set(bearer(s)).send({ quantity });
  const receive = (s: Session, id: number, body: unknown) =>
    api()
      .post(`/api/orderitems/${id}/receive/`)
      .set(bearer(s))
      .send(body as object);
  const outages = async (itemId: number, s = owner): Promise<OutageDto[]> =>
    (await api().get(`/api/items/${itemId}/outages/`).set(bearer(s)).expect(200)).body;
  const resolve = (s: Session, id: number) => api().post(`/api/outages/${id}/resolve/`).set(bearer(s));
  const history = async (id: number): Promise<MovementDto[]> =>
    (await api().get(`/api/orderitems/${id}/movements/`).set(bearer(owner)).expect(200)).body;
  const rowOf = async (caseId: number, id: number): Promise<OrderItemDto> =>
    (await api().get(`/api/orderitems/?work_case=${caseId}`).set(bearer(owner)).expect(200)).body.find(
      (o: OrderItemDto) => o.id === id,
    );
  const shippable = async (caseId: number, itemId: number): Promise<number> =>
    (await api().get(`/api/inventorysummary/${caseId}/summary/`).set(bearer(owner)).expect(200)).body.find(
      (r: { id: number }) => r.id === itemId,
    ).shippable_quantity;
  const week = async (path: string, itemId: number): Promise<number[]> =>
    (await api().get(`/api/items/${path}/`).set(bearer(owner)).expect(200)).body.results.items.find(
      (i: { id: number }) => i.id === itemId,
    ).daily_order_quantities;

  /** A confirmed case over [at(0), at(10)] with `n` units of a fresh item (stock `stock`), all issued. */
  async function out(n: number, stock = n) {
    const item = await makeItem(server, owner, { stock });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, n);
    const id = order_item.id as number;
    await issue(staff, id, n).expect(200);
    return { item, kase, id };
  }

  it("returns 9 with 1 lost: all accounted for, the lost unit listed and held after the case until found", async () => {
    const { item, kase, id } = await out(10);
    const later = await makeCase(server, owner, { start: at(20), end: at(30) });
    expect(await shippable(later.id, item.id)).toBe(10);

    const back = await receive(staff, id, { quantity: 9, lost: 1 }).expect(200);
    expect(back.body).toMatchObject({ issued_quantity: 10, received_quantity: 10 });
    expect(back.body.receive).not.toBeNull();
    const record = await history(id);
    expect(record.map((r) => [r.kind, r.quantity, r.disposition])).toEqual([
      ["issue", 10, "returned"],
      ["receive", 9, "returned"],
      ["receive", 1, "lost"],
    ]);
    const [lost] = await outages(item.id, staff);
    expect(lost).toMatchObject({
      order_item: id,
      item: item.id,
      work_case: kase.id,
      work_case_title: kase.title,
      kind: "lost",
      quantity: 1,
      member: staff.userId,
      member_name: expect.stringMatching(/\S/),
      repair_due: null,
      resolved_at: null,
    });
    expect(lost!.id).toBe(record[2]!.id);

    // From then on 9 are available: the shippable quantity, '+', the weekly view and the invariant agree.
    expect(await shippable(later.id, item.id)).toBe(9);
    await addUnits(server, owner, item.id, later.id, 9);
    await add(server, owner, item.id, later.id).expect(409);
    expect(await week("2030/04/08", item.id)).toEqual([1, 1, 1, 1, 1, 1, 1]);
    expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
    // During its own case the lost unit is the case's booking, counted once; the 9 came back (today, before
    // the case's start) in good order and hold nothing: early returns free stock from their return.
    expect((await week("2030/04/01", item.id))[0]).toBe(1);

    // Found (発見): back in stock at once.
    const found = await resolve(owner, lost!.id).expect(200);
    expect(found.body).toMatchObject({ id: lost!.id, resolved_by: owner.userId });
    expect(found.body.resolved_at).not.toBeNull();
    expect(await outages(item.id)).toEqual([]);
    await add(server, owner, item.id, later.id).expect(200);
    await resolve(staff, lost!.id).expect(409, { error: O.alreadyResolved });
  });

  it("refuses a loss that later bookings no longer fit (409 with the shortage, nothing written)", async () => {
    const { item, kase, id } = await out(10);
    const later = await makeCase(server, owner, { start: at(20), end: at(30) });
    await addUnits(server, owner, item.id, later.id, 10);
    const refused = await receive(staff, id, { quantity: 9, lost: 1 }).expect(409);
    expect(refused.body).toEqual({
      error: O.shortage,
      shortages: [{ item_id: item.id, title: item.title, required: 11, available: 10 }],
    });
    expect(await rowOf(kase.id, id)).toMatchObject({ issued_quantity: 10, received_quantity: 0 });
    expect((await history(id)).length).toBe(1);
    expect(await outages(item.id)).toEqual([]);
    // All 10 back in good order is fine.
    await receive(staff, id, { quantity: 10 }).expect(200);
    expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
  });

  it("records broken units with the repair date; the stock edit counts them; 修理完了 returns them", async () => {
    const { item, id } = await out(4, 6);
    const due = at(100);
    await receive(staff, id, { quantity: 1, lost: 1, broken: 2, repair_due: due }).expect(200);
    const listed = await outages(item.id);
    expect(listed.map((o) => [o.kind, o.quantity, o.repair_due])).toEqual([
      ["lost", 1, null],
      ["broken", 2, new Date(due).toISOString()],
    ]);
    // 3 out of service for good: the stock cannot go below 3.
    const edit = (stock: number) =>
      api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, stock_quantity: stock });
    const refused = await edit(2).expect(409);
    expect(refused.body.shortages).toEqual([
      { item_id: item.id, title: item.title, required: 3, available: 2 },
    ]);
    // The unit back in good order (before the case's start) holds nothing; the 3 lost or broken hold the
    // case's period, then stay out of service: 3 is the floor.
    await edit(4).expect(200);
    await resolve(owner, listed[1]!.id).expect(200);
    expect((await outages(item.id)).map((o) => o.kind)).toEqual(["lost"]);
    expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
  });

  it("refuses bad bodies with 400 and impossible receives with 409, changing nothing", async () => {
    const { kase, id } = await out(3);
    const cases: [unknown, Record<string, string[]>][] = [
      [{ quantity: 0 }, { quantity: [m.quantityRequired] }],
      [{ quantity: 0, lost: 0, broken: 0 }, { quantity: [m.quantityRequired] }],
      [{ lost: -1 }, { lost: [O.quantityInvalid] }],
      [{ quantity: 1, lost: 1.5 }, { lost: [O.quantityInvalid] }],
      [{ broken: "x", repair_due: at(50) }, { broken: [O.quantityInvalid] }],
      [{ broken: 1 }, { repair_due: [O.repairDueRequired] }],
      [{ lost: 1, repair_due: at(50) }, { repair_due: [O.repairDueOnlyBroken] }],
      [{ broken: 1, repair_due: "来週" }, { repair_due: [O.repairDueInvalid] }],
    ];
    for (const [body, expected] of cases) {
      const res = await receive(staff, id, body).expect(400);
      expect(res.body).toEqual(expected);
    }
    await receive(staff, id, { quantity: 3, lost: 1 }).expect(409, { error: m.overReceive(3) });
    await receive(staff, id, { quantity: 2, lost: 1 }).expect(200);
    await receive(staff, id, { lost: 1 }).expect(409, { error: m.nothingToReceive });
    expect(await rowOf(kase.id, id)).toMatchObject({ received_quantity: 3 });

    const fresh = await makeCase(server, owner, { start: at(0), end: at(10) });
    const item = await makeItem(server, owner, { stock: 2 });
    const { order_item } = await addUnits(server, owner, item.id, fresh.id, 2);
    await receive(staff, order_item.id, { lost: 1 }).expect(409, { error: ja.allocation.notIssued });
    expect(await outages(item.id)).toEqual([]);
  });

  it("404 for another group's ids and unknown ones, 401 without a token", async () => {
    const { item, id } = await out(2);
    await receive(staff, id, { quantity: 1, lost: 1 }).expect(200);
    const [lost] = await outages(item.id);
    await receive(other, id, { lost: 1 }).expect(404);
    await api().get(`/api/items/${item.id}/outages/`).set(bearer(other)).expect(404);
    await api().get("/api/items/99999999/outages/").set(bearer(owner)).expect(404);
    await resolve(other, lost!.id).expect(404);
    await resolve(owner, 99999999).expect(404);
    await api().post("/api/outages/x/resolve/").set(bearer(owner)).expect(404);
    // A returned receive is not an outage.
    const returned = (await history(id)).find((r) => r.kind === "receive" && r.disposition === "returned");
    await resolve(owner, returned!.id).expect(404);
    await api().post(`/api/outages/${lost!.id}/resolve/`).expect(401);
    await api().get(`/api/items/${item.id}/outages/`).expect(401);
    expect(await outages(item.id)).toHaveLength(1);
  });

  it("refuses to delete a case with units out of service (409); once found, the case can go", async () => {
    const { item, kase, id } = await out(2);
    await receive(staff, id, { quantity: 1, lost: 1 }).expect(200);
    const del = () => api().delete(`/api/workcases/${kase.id}/`).set(bearer(staff));
    await del().expect(409, { error: O.caseHasOutages });
    expect(await outages(item.id)).toHaveLength(1);
    const [lost] = await outages(item.id);
    await resolve(staff, lost!.id).expect(200);
    await del().expect(204);
  });

  it("warns a following case about units not back after another case's end (延滞) until they are received", async () => {
    const item = await makeItem(server, owner, { stock: 3 });
    const spare = await makeItem(server, owner, { stock: 1 });
    const h = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const past = await makeCase(server, owner, { start: h(-48), end: h(-24) });
    const { order_item } = await addUnits(server, owner, item.id, past.id, 3);
    await issue(staff, order_item.id, 3).expect(200);
    await receive(staff, order_item.id, { quantity: 1 }).expect(200);
    const next = await makeCase(server, owner, { start: h(24), end: h(48) });
    await addUnits(server, owner, item.id, next.id, 2);
    await addUnits(server, owner, spare.id, next.id, 1);
    const warnings = async (caseId: number, s = owner) =>
      (await api().get(`/api/workcases/${caseId}/overdue/`).set(bearer(s)).expect(200)).body;
    expect(await warnings(next.id)).toEqual([
      {
        item_id: item.id,
        title: item.title,
        required: 4,
        available: 3,
        overdue: [{ case_id: past.id, case_title: past.title, quantity: 2, end_date: expect.any(String) }],
      },
    ]);
    // The overdue case itself is not warned, and another group's or an unknown case is a 404.
    expect(await warnings(past.id)).toEqual([]);
    await api().get(`/api/workcases/${next.id}/overdue/`).set(bearer(other)).expect(404);
    await api().get("/api/workcases/99999999/overdue/").set(bearer(owner)).expect(404);
    // Back: no warning.
    await receive(staff, order_item.id, { quantity: 2 }).expect(200);
    expect(await warnings(next.id, staff)).toEqual([]);
  });

  it("a unit lost and found within its case's period holds nothing after it", async () => {
    const item = await makeItem(server, owner, { stock: 2 });
    const now = Date.now();
    const kase = await makeCase(server, owner, {
      start: new Date(now - 3_600_000).toISOString(),
      end: new Date(now + 48 * 3_600_000).toISOString(),
    });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 2);
    await issue(staff, order_item.id, 2).expect(200);
    await receive(staff, order_item.id, { quantity: 1, lost: 1 }).expect(200);
    const after = await makeCase(server, owner, {
      start: new Date(now + 72 * 3_600_000).toISOString(),
      end: new Date(now + 96 * 3_600_000).toISOString(),
    });
    expect(await shippable(after.id, item.id)).toBe(1);
    const [lost] = await outages(item.id);
    await resolve(staff, lost!.id).expect(200);
    expect(await shippable(after.id, item.id)).toBe(2);
  });

  it("undo and the 入庫 toggle cleared take lost units back; every change is pushed as stock.changed", async () => {
    const { item, kase, id } = await out(3);
    const socket = await connect(server, staff.access);
    sockets.push(socket);
    type StockChanged = { item_ids: number[]; from: string | null; to: string | null };
    const changed = (also: (p: StockChanged) => boolean = () => true) =>
      nextEvent<StockChanged>(socket, "stock.changed", (p) => p.item_ids.includes(item.id) && also(p));
    const later = await makeCase(server, owner, { start: at(20), end: at(30) });

    // The set-up's own events may still be on their way when the socket joins: the report's is open-ended.
    let seen = changed((p) => p.to === null);
    await receive(owner, id, { quantity: 2, lost: 1 }).expect(200);
    expect((await seen).to).toBeNull();
    expect(await shippable(later.id, item.id)).toBe(2);

    seen = changed();
    await api().delete(`/api/orderitems/${id}/movements/latest/`).set(bearer(owner)).expect(200);
    await seen;
    expect(await outages(item.id)).toEqual([]);
    expect(await shippable(later.id, item.id)).toBe(3);

    await receive(owner, id, { lost: 1 }).expect(200);
    expect(await shippable(later.id, item.id)).toBe(2);
    seen = changed();
    await patch(server, owner, id, { receive: null }).expect(200);
    await seen;
    expect(await rowOf(kase.id, id)).toMatchObject({ received_quantity: 0 });
    expect(await shippable(later.id, item.id)).toBe(3);

    await receive(owner, id, { quantity: 2, lost: 1 }).expect(200);
    const [lost] = await outages(item.id);
    seen = changed();
    await resolve(staff, lost!.id).expect(200);
    await seen;
  });
});
