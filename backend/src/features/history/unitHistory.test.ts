import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { useGroupServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { addUnits, at, makeCase } from "../orderitems/orderitems.testkit";
import { track } from "../units/units.testkit";

/** GET /api/history/?unit= (docs/history.md): the entries about one unit (個体), by its tags over time. */
describeOnDatabases("history of a unit (個体の履歴)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const post = (s: Session, url: string, body: object = {}) => api().post(url).set(bearer(s)).send(body);
  const rename = (id: number, tag: string) =>
    api().patch(`/api/units/${id}/`).set(bearer(owner)).send({ tag }).expect(200);
  const history = async (s: Session, query: string): Promise<HistoryEntryDto[]> =>
    (await api().get(`/api/history/?${query}`).set(bearer(s)).expect(200)).body;
  const actions = (entries: HistoryEntryDto[]) => entries.map((e) => e.action);

  it("lists the unit's own entries and the movements naming it, newest first, not another unit's of its item", async () => {
    const item = await makeItem(server, owner, { stock: 3, title: "ワイヤレスマイク" });
    const prefix = unique("UH").toUpperCase();
    const [a, b, c] = (await track(server, owner, item.id, prefix)) as [UnitDto, UnitDto, UnitDto];
    const kase = await makeCase(server, owner, { title: "展示会", start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 2);
    const line = order_item.id as number;
    await post(staff, `/api/orderitems/${line}/issue/`, { quantity: 2, units: [a.id, b.id] }).expect(200);
    await post(staff, `/api/orderitems/${line}/receive/`, {
      quantity: 1,
      lost: 1,
      units: [a.id],
      lost_units: [b.id],
    }).expect(200);
    await post(owner, `/api/units/${b.id}/resolve/`).expect(200);
    await post(owner, "/api/units/", { item: item.id }).expect(200);
    await post(owner, `/api/units/${c.id}/retire/`).expect(200);
    await api().patch(`/api/units/${a.id}/`).set(bearer(owner)).send({ serial: "SN-1" }).expect(200);

    const ofA = await history(owner, `unit=${a.id}`);
    expect(actions(ofA)).toEqual(["unit.update", "orderitem.receive", "orderitem.issue", "unit.tracking"]);
    expect(ofA.map((e) => e.id)).toEqual([...ofA.map((e) => e.id)].sort((x, y) => y - x));
    expect(ofA[1]).toMatchObject({ work_case: kase.id, after: { units: a.tag } });
    expect(ofA[2]).toMatchObject({ after: { units: `${a.tag}、${b.tag}` } });
    // B: out with A, then lost and found; not A's receive nor its edit, not the added unit, not C's retire.
    expect(actions(await history(staff, `unit=${b.id}`))).toEqual([
      "orderitem.outage_resolved",
      "orderitem.outage_reported",
      "orderitem.issue",
      "unit.tracking",
    ]);
    expect(actions(await history(owner, `unit=${c.id}`))).toEqual(["unit.retire", "unit.tracking"]);
    // Paged like the other reads: older than `before`.
    expect(actions(await history(owner, `unit=${a.id}&before=${ofA[1]!.id}`))).toEqual([
      "orderitem.issue",
      "unit.tracking",
    ]);
  });

  it("follows a renamed unit through its old tag; a unit given the freed tag later has only its own entries", async () => {
    const item = await makeItem(server, owner, { stock: 2 });
    const prefix = unique("RN").toUpperCase();
    const [a, b] = (await track(server, owner, item.id, prefix)) as [UnitDto, UnitDto];
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 2);
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [a.id] }).expect(200);
    await post(owner, `/api/orderitems/${order_item.id}/receive/`, { quantity: 1, units: [a.id] }).expect(
      200,
    );
    const oldTag = a.tag;
    await rename(a.id, `${prefix}-NEW`);
    // The old tag is free: a new unit takes it, goes out and comes back under it.
    const e: UnitDto = (await post(owner, "/api/units/", { item: item.id, tag: oldTag }).expect(200)).body;
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [e.id] }).expect(200);
    // A renamed once more: its history goes through both of its earlier tags.
    await rename(a.id, `${prefix}-NEWER`);
    const ofA = await history(owner, `unit=${a.id}`);
    expect(actions(ofA)).toEqual([
      "unit.update",
      "unit.update",
      "orderitem.receive",
      "orderitem.issue",
      "unit.tracking",
    ]);
    expect(ofA[1]).toMatchObject({ before: { tag: oldTag }, after: { tag: `${prefix}-NEW` } });
    const ofE = await history(owner, `unit=${e.id}`);
    expect(actions(ofE)).toEqual(["orderitem.issue", "unit.add"]);
    expect(ofE[0]).toMatchObject({ after: { units: oldTag } });
    expect(actions(await history(owner, `unit=${b.id}`))).toEqual(["unit.tracking"]);
  });

  it("another group's unit is a 404, a malformed id too (as work_case / item), and nothing of another group is listed", async () => {
    const item = await makeItem(server, owner, { stock: 1 });
    const prefix = unique("OG").toUpperCase();
    const [mine] = (await track(server, owner, item.id, prefix)) as [UnitDto];
    // The other group uses the same tags (unique per group only) and moves its unit.
    const theirItem = await makeItem(server, other, { stock: 1 });
    const [theirs] = (await track(server, other, theirItem.id, prefix)) as [UnitDto];
    await api().patch(`/api/units/${theirs.id}/`).set(bearer(other)).send({ memo: "x" }).expect(200);
    expect(actions(await history(owner, `unit=${mine.id}`))).toEqual(["unit.tracking"]);
    expect(actions(await history(other, `unit=${theirs.id}`))).toEqual(["unit.update", "unit.tracking"]);
    const get = (query: string) => api().get(`/api/history/?${query}`).set(bearer(owner));
    expect((await get(`unit=${theirs.id}`).expect(404)).body).toEqual({ detail: ja.errors.notFound });
    await get("unit=2147483646").expect(404);
    // A malformed id is a missing one, with the same answer as a malformed work_case / item.
    for (const bad of ["abc", "0", "-1", "1.5", "2147483648", ""])
      for (const name of ["unit", "item"])
        expect((await get(`${name}=${bad}`).expect(404)).body).toEqual({ detail: ja.errors.notFound });
    expect((await get(`unit=${mine.id}&unit=${mine.id}`).expect(404)).body).toEqual({
      detail: ja.errors.notFound,
    });
    // One target at a time, as with work_case / item.
    await get(`unit=${mine.id}&item=${item.id}`).expect(404);
  });
});
