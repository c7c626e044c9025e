import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent } from "../../test/sockets";
import { useGroupServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { track } from "../units/units.testkit";
import { add, addUnits, at, makeCase, patch } from "./orderitems.testkit";

/**
 * The order item's row says whether its item is tracked by unit and which units are out on it now
 * (`items.unit_tracked`, `units_out`: docs/units.md, "The shipped item list"): every answer and event with the
 * row, and every binding or unbinding gives the row a newer version.
 */
describeOnDatabases("order item rows of tracked lines (units_out)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner } = group);
  });
  const api = () => request(server.url);
  const post = (url: string, body: object = {}) => api().post(url).set(bearer(owner)).send(body);
  /** The line as the case's list (GET /api/orderitems/?work_case=) has it. */
  const listed = async (caseId: number, id: number): Promise<OrderItemDto> =>
    (await api().get(`/api/orderitems/?work_case=${caseId}`).set(bearer(owner)).expect(200)).body.find(
      (o: OrderItemDto) => o.id === id,
    );
  const tagsOf = (o: OrderItemDto) => o.units_out.map((u) => u.tag);

  /** A tracked item of `stock` units and a case with `n` of it booked. */
  async function trackedLine(stock: number, n: number) {
    const item = await makeItem(server, owner, { stock });
    const units = await track(server, owner, item.id, unique("T").toUpperCase());
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, n);
    return { item, kase, units, line: order_item as OrderItemDto };
  }

  it("the '+' answers the item's tracking and no units out; a count item's row says it is not tracked", async () => {
    const { item, kase, line } = await trackedLine(2, 1);
    expect(line).toMatchObject({ items: { id: item.id, unit_tracked: true }, units_out: [] });
    const plain = await makeItem(server, owner, { stock: 2 });
    const counted = (await add(server, owner, plain.id, kase.id).expect(200)).body.order_item;
    expect(counted).toMatchObject({ items: { id: plain.id, unit_tracked: false }, units_out: [] });
    expect(await listed(kase.id, counted.id)).toMatchObject({
      items: { unit_tracked: false },
      units_out: [],
    });
    expect(await listed(kase.id, line.id)).toMatchObject({ items: { unit_tracked: true }, units_out: [] });
  });

  it("an issue naming units puts their tags on the row in tag order; each receive, report and undo takes them off or back with a newer version", async () => {
    const { item, kase, units, line } = await trackedLine(4, 3);
    const [a, b, c] = units as [UnitDto, UnitDto, UnitDto];
    // Named out of order: the row lists them by tag.
    const issued = (
      await post(`/api/orderitems/${line.id}/issue/`, { quantity: 3, units: [c.id, a.id, b.id] })
    ).body as OrderItemDto;
    expect(issued.units_out).toEqual([
      { id: a.id, tag: a.tag },
      { id: b.id, tag: b.tag },
      { id: c.id, tag: c.tag },
    ]);
    expect(issued.version).toBeGreaterThan(line.version);
    expect(await listed(kase.id, line.id)).toEqual(issued);
    // The + of a line with units out answers them too (such a row is read again after the unit).
    const more = (await add(server, owner, item.id, kase.id).expect(200)).body.order_item as OrderItemDto;
    expect(more).toMatchObject({ order_quantity: 4, units_out: issued.units_out });
    // a back in good order, b lost: c stays out.
    const back = (
      await post(`/api/orderitems/${line.id}/receive/`, {
        quantity: 1,
        lost: 1,
        units: [a.id],
        lost_units: [b.id],
      }).expect(200)
    ).body as OrderItemDto;
    expect(tagsOf(back)).toEqual([c.tag]);
    expect(back.version).toBeGreaterThan(more.version);
    // The undo of the report puts b out on the line again.
    const undone = (
      await api().delete(`/api/orderitems/${line.id}/movements/latest/`).set(bearer(owner)).expect(200)
    ).body as OrderItemDto;
    expect(tagsOf(undone)).toEqual([b.tag, c.tag]);
    expect(undone.version).toBeGreaterThan(back.version);
    // The spec's receive toggle binds everything out: nothing is left out.
    const all = (await patch(server, owner, line.id, { receive: at(9) }).expect(200)).body as OrderItemDto;
    expect(all).toMatchObject({ units_out: [], items: { unit_tracked: true } });
    expect(all.version).toBeGreaterThan(undone.version);
    expect(await listed(kase.id, line.id)).toEqual(all);
    // Clearing it takes every receive back (a's too): all three are out again.
    expect(tagsOf((await patch(server, owner, line.id, { receive: null }).expect(200)).body)).toEqual([
      a.tag,
      b.tag,
      c.tag,
    ]);
    // Clearing the issue brings every unit back in.
    const none = (await patch(server, owner, line.id, { issue: null }).expect(200)).body as OrderItemDto;
    expect(none).toMatchObject({ issued_quantity: 0, units_out: [] });
    expect(tagsOf(await listed(kase.id, line.id))).toEqual([]);
  });

  it("orderitems.upserted carries the item's tracking and the units out", async () => {
    const { units, line } = await trackedLine(2, 2);
    const [a] = units as [UnitDto];
    const socket = await connect(server, owner.access);
    sockets.push(socket);
    const out = nextEvent<{ order_item: OrderItemDto }>(
      socket,
      "orderitems.upserted",
      (p) => p.order_item.id === line.id && p.order_item.units_out.length > 0,
    );
    const answer = (
      await post(`/api/orderitems/${line.id}/issue/`, { quantity: 1, units: [a.id] }).expect(200)
    ).body as OrderItemDto;
    const event = (await out).order_item;
    expect(event).toEqual(answer);
    expect(event).toMatchObject({ items: { unit_tracked: true }, units_out: [{ id: a.id, tag: a.tag }] });
    const back = nextEvent<{ order_item: OrderItemDto }>(
      socket,
      "orderitems.upserted",
      (p) => p.order_item.id === line.id && p.order_item.version > answer.version,
    );
    await post(`/api/orderitems/${line.id}/receive/`, { quantity: 1, units: [a.id] }).expect(200);
    expect((await back).order_item).toMatchObject({ units_out: [], received_quantity: 1 });
  });

  it("a unit's tag edited while out, and tracking stopped while units are out, give the line a newer row", async () => {
    const { kase, units, line } = await trackedLine(2, 2);
    const [a, b] = units as [UnitDto, UnitDto];
    const issued = (
      await post(`/api/orderitems/${line.id}/issue/`, { quantity: 2, units: [a.id, b.id] }).expect(200)
    ).body as OrderItemDto;
    const socket = await connect(server, owner.access);
    sockets.push(socket);
    const renamed = nextEvent<{ order_item: OrderItemDto }>(
      socket,
      "orderitems.upserted",
      (p) => p.order_item.id === line.id && p.order_item.version > issued.version,
    );
    const tag = `${b.tag}-R`;
    await api().patch(`/api/units/${a.id}/`).set(bearer(owner)).send({ tag }).expect(200);
    const event = (await renamed).order_item;
    expect(tagsOf(event)).toEqual([b.tag, tag]);
    expect(await listed(kase.id, line.id)).toEqual(event);
    // A memo edit changes nothing on the line.
    await api().patch(`/api/units/${b.id}/`).set(bearer(owner)).send({ memo: "点検済" }).expect(200);
    expect((await listed(kase.id, line.id)).version).toBe(event.version);
    // Tracking off retires the units out: the line lists none, as a count line, with a newer version.
    const off = nextEvent<{ order_item: OrderItemDto }>(
      socket,
      "orderitems.upserted",
      (p) => p.order_item.id === line.id && p.order_item.version > event.version,
    );
    await post("/api/units/tracking/", { item: a.item, tracked: false }).expect(200);
    const after = (await off).order_item;
    expect(after).toMatchObject({ items: { unit_tracked: false }, units_out: [], issued_quantity: 2 });
    expect(await listed(kase.id, line.id)).toEqual(after);
  });
});
