import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent } from "../../test/sockets";
import { useGroupServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { makeHold, setStatus } from "../workcases/lifecycle.testkit";
import { add, addUnits, at, invariantViolations, makeCase, patch, reduce } from "./orderitems.testkit";

const m = ja.movements;

/** Issue and receive by quantity (docs/lifecycle.md): movements, the spec's toggles as "all of it". */
describeOnDatabases("issue and receive by quantity", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const move = (s: Session, id: number, kind: "issue" | "receive", body: unknown) =>
    api()
      .post(`/api/orderitems/${id}/${kind}/`)
      .set(bearer(s))
      .send(body as object);
  const undo = (s: Session, id: number) =>
    api().delete(`/api/orderitems/${id}/movements/latest/`).set(bearer(s));
  const history = (s: Session, id: number) => api().get(`/api/orderitems/${id}/movements/`).set(bearer(s));
  const rowOf = async (caseId: number, id: number): Promise<OrderItemDto> =>
    (await api().get(`/api/orderitems/?work_case=${caseId}`).set(bearer(owner)).expect(200)).body.find(
      (o: OrderItemDto) => o.id === id,
    );

  /** A confirmed case with `n` units of a fresh item (stock `stock`). */
  async function booked(n: number, stock = n) {
    const item = await makeItem(server, owner, { stock });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, n);
    return { item, kase, id: order_item.id as number };
  }

  it("issues 8 of 10, then 2, receives 9, then 1: sums, the spec's times, who and when", async () => {
    const { kase, id } = await booked(10);
    const first = await move(staff, id, "issue", { quantity: 8 }).expect(200);
    expect(first.body).toMatchObject({ id, order_quantity: 10, issued_quantity: 8, received_quantity: 0 });
    // Something is out: the spec's issue time is the first issue's; receive stays empty.
    expect(first.body.issue).not.toBeNull();
    expect(first.body.receive).toBeNull();
    const second = await move(owner, id, "issue", { quantity: "2" }).expect(200);
    expect(second.body).toMatchObject({ issued_quantity: 10, issue: first.body.issue });
    expect(second.body.version).toBeGreaterThan(first.body.version);
    const back9 = await move(owner, id, "receive", { quantity: 9 }).expect(200);
    expect(back9.body).toMatchObject({ issued_quantity: 10, received_quantity: 9, receive: null });
    const back10 = await move(staff, id, "receive", { quantity: 1 }).expect(200);
    expect(back10.body).toMatchObject({ received_quantity: 10 });
    expect(back10.body.receive).not.toBeNull();
    expect(await rowOf(kase.id, id)).toEqual(back10.body);
    const list = await history(owner, id).expect(200);
    expect(list.body).toEqual([
      expect.objectContaining({ order_item: id, kind: "issue", quantity: 8, member: staff.userId }),
      expect.objectContaining({ kind: "issue", quantity: 2, member: owner.userId, member_name: "山田 太郎" }),
      expect.objectContaining({ kind: "receive", quantity: 9, member: owner.userId }),
      expect.objectContaining({ kind: "receive", quantity: 1, member: staff.userId }),
    ]);
    for (const row of list.body) expect(Date.parse(row.at)).not.toBeNaN();
    expect(list.body[0].member_name).not.toBe("");
  });

  it("refuses more than booked or issued with Japanese messages, and bad quantities with 400; nothing changes", async () => {
    const { kase, id } = await booked(3);
    expect((await move(owner, id, "receive", { quantity: 1 }).expect(409)).body).toEqual({
      error: ja.allocation.notIssued,
    });
    expect((await move(owner, id, "issue", { quantity: 4 }).expect(409)).body).toEqual({
      error: m.overIssue(3),
    });
    await move(owner, id, "issue", { quantity: 2 }).expect(200);
    expect((await move(owner, id, "issue", { quantity: 2 }).expect(409)).body.error).toBe(m.overIssue(1));
    expect((await move(owner, id, "receive", { quantity: 3 }).expect(409)).body.error).toBe(m.overReceive(2));
    await move(owner, id, "issue", { quantity: 1 }).expect(200);
    expect((await move(owner, id, "issue", { quantity: 1 }).expect(409)).body.error).toBe(m.nothingToIssue);
    await move(owner, id, "receive", { quantity: 3 }).expect(200);
    expect((await move(owner, id, "receive", { quantity: 1 }).expect(409)).body.error).toBe(
      m.nothingToReceive,
    );
    const before = await rowOf(kase.id, id);
    for (const body of [
      {},
      { quantity: 0 },
      { quantity: -1 },
      { quantity: 1.5 },
      { quantity: "abc" },
      { quantity: null },
    ]) {
      const res = await move(owner, id, "issue", body).expect(400);
      expect(res.body).toEqual({ quantity: [m.quantityRequired] });
    }
    expect(await rowOf(kase.id, id)).toEqual(before);
    expect((await history(owner, id)).body).toHaveLength(3);
  });

  it("answers 404 for another group's order item, unknown and malformed ids; 401 without a token", async () => {
    const { kase, id } = await booked(2);
    await move(other, id, "issue", { quantity: 1 }).expect(404);
    await undo(other, id).expect(404);
    await history(other, id).expect(404);
    await move(owner, 99999999, "issue", { quantity: 1 }).expect(404);
    await move(owner, "x" as unknown as number, "receive", { quantity: 1 }).expect(404);
    await api().post(`/api/orderitems/${id}/issue/`).send({ quantity: 1 }).expect(401);
    expect((await rowOf(kase.id, id)).issued_quantity).toBe(0);
  });

  it("refuses issuing on a tentative or cancelled case; undo and the spec's clear stay allowed", async () => {
    const item = await makeItem(server, owner, { stock: 5 });
    const hold = await makeHold(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, hold.id, 2);
    expect((await move(owner, order_item.id, "issue", { quantity: 1 }).expect(409)).body.error).toBe(
      ja.lifecycle.tentativeNotIssuable,
    );
    await setStatus(server, owner, hold.id, { status: "cancelled" }).expect(200);
    expect((await move(owner, order_item.id, "issue", { quantity: 1 }).expect(409)).body.error).toBe(
      ja.lifecycle.cancelledCase,
    );
  });

  it("undoes the latest movement, one at a time, by anyone of the group; none left is a 409", async () => {
    const { id } = await booked(5);
    await move(owner, id, "issue", { quantity: 3 }).expect(200);
    await move(owner, id, "receive", { quantity: 2 }).expect(200);
    expect((await undo(staff, id).expect(200)).body).toMatchObject({
      issued_quantity: 3,
      received_quantity: 0,
    });
    const none = await undo(owner, id).expect(200);
    expect(none.body).toMatchObject({ issued_quantity: 0, received_quantity: 0, issue: null, receive: null });
    expect((await undo(owner, id).expect(409)).body).toEqual({ error: m.nothingToUndo });
    expect((await history(owner, id)).body).toEqual([]);
  });

  it("keeps the spec's toggles: set moves what is left, clear undoes all of that kind", async () => {
    const { id } = await booked(10);
    const eight = await move(owner, id, "issue", { quantity: 8 }).expect(200);
    // The spec's set issue time: the remaining 2 go out at that time; issue stays the first issue's time.
    const rest = await patch(server, owner, id, { issue: "2030-04-01T09:00:00+09:00" }).expect(200);
    expect(rest.body).toMatchObject({ issued_quantity: 10, issue: eight.body.issue });
    expect((await history(owner, id)).body[1]).toMatchObject({ quantity: 2, at: "2030-04-01T00:00:00.000Z" });
    // Nothing left to issue: another set changes nothing.
    expect((await patch(server, owner, id, { issue: at(5) }).expect(200)).body.issued_quantity).toBe(10);
    const back = await patch(server, owner, id, { receive: at(9) }).expect(200);
    expect(back.body).toMatchObject({ received_quantity: 10, receive: at(9) });
    expect((await patch(server, owner, id, { issue: null }).expect(409)).body).toEqual({
      error: ja.allocation.receivedBeforeUnissue,
    });
    const cleared = await patch(server, owner, id, { receive: null }).expect(200);
    expect(cleared.body).toMatchObject({ received_quantity: 0, receive: null, issued_quantity: 10 });
    const unissued = await patch(server, owner, id, { issue: null }).expect(200);
    expect(unissued.body).toMatchObject({ issued_quantity: 0, issue: null });
    expect((await history(owner, id)).body).toEqual([]);
    // The spec's client: set issue, set receive on a fresh order item, all of it, exactly as before.
    const b = await booked(4);
    const issued = await patch(server, owner, b.id, { issue: at(1) }).expect(200);
    expect(issued.body).toMatchObject({ issue: at(1), issued_quantity: 4 });
    expect((await patch(server, owner, b.id, { receive: at(2) }).expect(200)).body).toMatchObject({
      receive: at(2),
      received_quantity: 4,
    });
  });

  it("refuses '-' and the edit below the units issued (409), allows them down to it", async () => {
    const { item, kase, id } = await booked(3, 5);
    await move(owner, id, "issue", { quantity: 2 }).expect(200);
    await reduce(server, owner, item.id, kase.id).expect(200);
    const refused = await reduce(server, owner, item.id, kase.id).expect(409);
    expect(refused.body).toEqual({ error: m.belowIssued(2) });
    const row = await rowOf(kase.id, id);
    expect(row.order_quantity).toBe(2);
    const edit = { start_date: at(0), end_date: at(10), note: "", order_quantity: 1 };
    expect((await patch(server, owner, id, edit).expect(409)).body).toEqual({ error: m.belowIssued(2) });
    await patch(server, owner, id, { ...edit, order_quantity: 4 }).expect(200);
    expect((await rowOf(kase.id, id)).order_quantity).toBe(4);
  });

  it("the 入庫 time follows the order quantity: '+' after everything came back clears it, '-' back sets it", async () => {
    const { item, kase, id } = await booked(2, 5);
    await move(owner, id, "issue", { quantity: 2 }).expect(200);
    const back = await move(owner, id, "receive", { quantity: 2 }).expect(200);
    expect(back.body.receive).not.toBeNull();
    const added = await addUnits(server, owner, item.id, kase.id, 1);
    expect(added.order_item).toMatchObject({ order_quantity: 3, issued_quantity: 2, receive: null });
    const reduced = await reduce(server, owner, item.id, kase.id).expect(200);
    expect(reduced.body.order_item).toMatchObject({ order_quantity: 2, receive: back.body.receive });
  });

  it("pushes every movement to the group as orderitems.upserted with the new sums and a newer version", async () => {
    const { id } = await booked(4);
    const socket = await connect(server, staff.access);
    sockets.push(socket);
    const seen = nextEvent<{ order_item: OrderItemDto }>(
      socket,
      "orderitems.upserted",
      // The booking's own events may still be on their way when the socket joins; wait for the issue's.
      (p) => p.order_item.id === id && p.order_item.issued_quantity === 3,
    );
    const answer = await move(owner, id, "issue", { quantity: 3 }).expect(200);
    const { order_item } = await seen;
    expect(order_item).toEqual(answer.body);
    const undone = nextEvent<{ order_item: OrderItemDto }>(
      socket,
      "orderitems.upserted",
      (p) => p.order_item.id === id && p.order_item.issued_quantity === 0,
    );
    await undo(owner, id).expect(200);
    expect((await undone).order_item.version).toBeGreaterThan(answer.body.version);
  });

  it("frees units returned early from their return (shippable, '+', stock edit); taking the return back is refused while a later case holds them", async () => {
    const item = await makeItem(server, owner, { stock: 2 });
    const h = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
    const end = h(72);
    const kase = await makeCase(server, owner, { start: h(-2), end });
    const id = (await addUnits(server, owner, item.id, kase.id, 2)).order_item.id as number;
    const later = await makeCase(server, owner, { start: h(24), end: h(48) });
    const shippable = async () =>
      (
        await api().get(`/api/inventorysummary/${later.id}/summary/`).set(bearer(owner)).expect(200)
      ).body.find((r: { id: number }) => r.id === item.id).shippable_quantity;
    await move(staff, id, "issue", { quantity: 2 }).expect(200);
    expect(await shippable()).toBe(0);
    await add(server, owner, item.id, later.id).expect(409);

    // Both back now, well before the case's end: free from now on, announced to the group.
    const socket = await connect(server, staff.access);
    sockets.push(socket);
    const freed = nextEvent<{ item_ids: number[]; from: string; to: string }>(socket, "stock.changed", (p) =>
      p.item_ids.includes(item.id),
    );
    await move(staff, id, "receive", { quantity: 2 }).expect(200);
    expect((await freed).to).toBe(end);
    expect(await shippable()).toBe(2);
    await addUnits(server, owner, item.id, later.id, 2);
    await add(server, owner, item.id, later.id).expect(409);
    const stockEdit = (stock: number) =>
      api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, stock_quantity: stock });
    expect((await stockEdit(1).expect(409)).body.shortages).toEqual([
      { item_id: item.id, title: item.title, required: 2, available: 1 },
    ]);

    // Taking the return back would hold them again over the later case: refused, nothing changed.
    const refusal = {
      error: m.takeBackShort,
      shortages: [{ item_id: item.id, title: item.title, required: 4, available: 2 }],
    };
    expect((await undo(staff, id).expect(409)).body).toEqual(refusal);
    expect((await patch(server, owner, id, { receive: null }).expect(409)).body).toEqual(refusal);
    expect(await rowOf(kase.id, id)).toMatchObject({ issued_quantity: 2, received_quantity: 2 });
    expect((await history(owner, id).expect(200)).body).toHaveLength(2);
    await reduce(server, owner, item.id, later.id).expect(200);
    expect((await undo(staff, id).expect(409)).body.shortages[0].required).toBe(3);
    // The later case gives the units up: the return can be taken back.
    await reduce(server, owner, item.id, later.id).expect(200);
    await undo(staff, id).expect(200);
    expect(await rowOf(kase.id, id)).toMatchObject({ issued_quantity: 2, received_quantity: 0 });
    expect(await shippable()).toBe(0);
    expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
  });
});
