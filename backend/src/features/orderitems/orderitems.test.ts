import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, addUnits, at, invariantViolations, makeCase, patch, reduce } from "./orderitems.testkit";

const v = ja.validation;

describeOnDatabases("allocation API", (driver) => {
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
  const summary = (caseId: number, s = owner) =>
    api().get(`/api/inventorysummary/${caseId}/summary/?group_id=${s.groupId}`).set(bearer(s));

  describe("POST /api/additem/{itemId}/{caseId}/", () => {
    it("creates the order item over the case period, then adds units, answering {order_item, summary}", async () => {
      const cat = await makeCategory(server, owner, "音響");
      const item = await makeItem(server, owner, { category: cat.id, title: "マイク", stock: 3 });
      const c = await makeCase(server, owner, { start: at(0), end: at(10) });
      const first = await add(server, owner, item.id, c.id).expect(200);
      expect(first.body).toEqual({
        order_item: {
          id: expect.any(Number),
          items: { id: item.id, title: "マイク", category_name: "音響", unit_tracked: false },
          work_case: c.id,
          order_quantity: 1,
          start_date: at(0),
          end_date: at(10),
          issue: null,
          receive: null,
          note: "",
          category: "音響",
          version: 1,
          issued_quantity: 0,
          received_quantity: 0,
          units_out: [],
        },
        summary: {
          id: item.id,
          name: "マイク",
          category: "音響",
          category_id: cat.id,
          stock_quantity: 3,
          shippable_quantity: 2,
        },
      });
      const second = await add(server, owner, item.id, c.id).expect(200);
      expect(second.body.order_item).toMatchObject({ id: first.body.order_item.id, order_quantity: 2 });
      expect(second.body.summary.shippable_quantity).toBe(1);
      await add(server, owner, item.id, c.id).expect(200);
      const refused = await add(server, owner, item.id, c.id).expect(409);
      expect(refused.body).toEqual({
        error: "在庫が不足しています",
        shortages: [{ item_id: item.id, title: "マイク", required: 4, available: 3 }],
        tentative_holds: [],
      });
      const list = await api().get(`/api/orderitems/?work_case=${c.id}`).set(bearer(owner)).expect(200);
      // Two more units, two updates: the refused one rolled back with its version.
      expect(list.body).toEqual([{ ...first.body.order_item, order_quantity: 3, version: 3 }]);
    });

    it("counts other cases' bookings that overlap (closed periods) but not disjoint ones", async () => {
      const item = await makeItem(server, owner, { stock: 2 });
      const a = await makeCase(server, owner, { start: at(0), end: at(10) });
      const touching = await makeCase(server, owner, { start: at(10), end: at(20) });
      const disjoint = await makeCase(server, owner, { start: at(21), end: at(30) });
      await addUnits(server, owner, item.id, a.id, 2);
      await add(server, owner, item.id, touching.id).expect(409);
      await addUnits(server, owner, item.id, disjoint.id, 2);
      expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
    });

    it("uses the case's order item period as the window once it was edited", async () => {
      const item = await makeItem(server, owner, { stock: 2 });
      const a = await makeCase(server, owner, { start: at(0), end: at(10) });
      const d = await makeCase(server, owner, { start: at(5), end: at(6) });
      const placed = await addUnits(server, owner, item.id, a.id, 1);
      await patch(server, owner, placed.order_item.id, {
        start_date: at(0),
        end_date: at(2),
        order_quantity: 1,
        note: "",
      }).expect(200);
      await addUnits(server, owner, item.id, d.id, 2);
      // For a, a new unit would occupy [0, 2] (its order item's period), where only its own unit is booked.
      const row = (await summary(a.id).expect(200)).body.find((r: { id: number }) => r.id === item.id);
      expect(row.shippable_quantity).toBe(1);
      const second = await add(server, owner, item.id, a.id).expect(200);
      expect(second.body.order_item).toMatchObject({ order_quantity: 2, start_date: at(0), end_date: at(2) });
      expect(second.body.summary.shippable_quantity).toBe(0);
      await add(server, owner, item.id, a.id).expect(409);
    });

    it("a refused unit leaves nothing behind: no new order item, no quantity past the highest stock", async () => {
      // additem writes the unit before it checks (allocation/addUnit.queries.ts); the 409 must roll that write back.
      const item = await makeItem(server, owner, { stock: 1 });
      const a = await makeCase(server, owner, { start: at(0), end: at(10) });
      const b = await makeCase(server, owner, { start: at(5), end: at(15) });
      await addUnits(server, owner, item.id, a.id, 1);
      await add(server, owner, item.id, b.id).expect(409);
      expect((await api().get(`/api/orderitems/?work_case=${b.id}`).set(bearer(owner))).body).toEqual([]);

      // At the quantity column's bound (equal to the highest stock) the unit is refused like any shortage.
      const most = await makeItem(server, owner, { stock: 1_000_000 });
      const placed = await addUnits(server, owner, most.id, a.id, 1);
      await patch(server, owner, placed.order_item.id, {
        start_date: at(0),
        end_date: at(10),
        order_quantity: 1_000_000,
        note: "",
      }).expect(200);
      expect((await add(server, owner, most.id, a.id).expect(409)).body).toEqual({
        error: "在庫が不足しています",
        shortages: [
          { item_id: most.id, title: expect.any(String), required: 1_000_001, available: 1_000_000 },
        ],
        tentative_holds: [],
      });
      const list = await api().get(`/api/orderitems/?work_case=${a.id}`).set(bearer(owner)).expect(200);
      expect(list.body.find((o: { id: number }) => o.id === placed.order_item.id).order_quantity).toBe(
        1_000_000,
      );
    });

    it("404 for another group's item or case, an unknown id, or a non-numeric id; nothing changes", async () => {
      const mine = await makeItem(server, owner);
      const theirs = await makeItem(server, other);
      const myCase = await makeCase(server, owner);
      const theirCase = await makeCase(server, other);
      await add(server, owner, theirs.id, myCase.id).expect(404);
      await add(server, owner, mine.id, theirCase.id).expect(404);
      await add(server, other, mine.id, myCase.id).expect(404);
      await add(server, owner, 999999, myCase.id).expect(404);
      await api().post(`/api/additem/x/${myCase.id}/`).set(bearer(owner)).expect(404);
      expect((await api().get(`/api/orderitems/?work_case=${myCase.id}`).set(bearer(owner))).body).toEqual(
        [],
      );
      await api().post(`/api/additem/${mine.id}/${myCase.id}/`).expect(401);
    });
  });

  describe("POST /api/reduceitem/{itemId}/{caseId}/", () => {
    it("removes one unit, deletes the order item at 0 (order_item null), and refuses below 0 with 409", async () => {
      const item = await makeItem(server, owner, { stock: 5, title: "スピーカー" });
      const c = await makeCase(server, owner);
      await addUnits(server, owner, item.id, c.id, 2);
      const one = await reduce(server, owner, item.id, c.id).expect(200);
      expect(one.body.order_item.order_quantity).toBe(1);
      expect(one.body.summary).toMatchObject({ id: item.id, shippable_quantity: 4 });
      const zero = await reduce(server, owner, item.id, c.id).expect(200);
      expect(zero.body).toEqual({
        order_item: null,
        summary: expect.objectContaining({ shippable_quantity: 5 }),
      });
      const none = await reduce(server, owner, item.id, c.id).expect(409);
      expect(none.body).toEqual({ error: ja.allocation.nothingToReduce });
      expect((await api().get(`/api/orderitems/?work_case=${c.id}`).set(bearer(owner))).body).toEqual([]);
    });

    it("404 for another group's item or case", async () => {
      const item = await makeItem(server, owner);
      const c = await makeCase(server, owner);
      await addUnits(server, owner, item.id, c.id, 1);
      await reduce(server, other, item.id, c.id).expect(404);
      expect(
        (await api().get(`/api/orderitems/?work_case=${c.id}`).set(bearer(owner))).body[0].order_quantity,
      ).toBe(1);
    });
  });

  describe("GET /api/orderitems/?work_case=", () => {
    it("404 when the case is not in the group or the parameter is missing", async () => {
      const c = await makeCase(server, owner);
      await api().get(`/api/orderitems/?work_case=${c.id}`).set(bearer(other)).expect(404);
      await api().get("/api/orderitems/").set(bearer(owner)).expect(404);
      await api().get("/api/orderitems/?work_case=99999999999").set(bearer(owner)).expect(404);
    });
  });

  describe("PATCH /api/orderitems/{id}/", () => {
    let id: number;
    let itemId: number;
    beforeAll(async () => {
      const item = await makeItem(server, owner, { stock: 4, title: "照明" });
      itemId = item.id;
      const c = await makeCase(server, owner, { start: at(1000), end: at(1010) });
      id = (await addUnits(server, owner, item.id, c.id, 2)).order_item.id;
    });

    it("sets and clears issue and receive; receive needs issue; issue is cleared only while receive is null", async () => {
      const notIssued = await patch(server, owner, id, { receive: at(1001) }).expect(409);
      expect(notIssued.body).toEqual({ error: "出庫がされていません" });
      expect(
        (await patch(server, owner, id, { issue: "2030-05-12T10:00:00+09:00" }).expect(200)).body,
      ).toMatchObject({
        id,
        issue: "2030-05-12T01:00:00.000Z",
        receive: null,
      });
      expect((await patch(server, owner, id, { receive: at(1002) }).expect(200)).body.receive).toBe(at(1002));
      const blocked = await patch(server, owner, id, { issue: null }).expect(409);
      expect(blocked.body).toEqual({ error: ja.allocation.receivedBeforeUnissue });
      await patch(server, owner, id, { receive: null }).expect(200);
      expect((await patch(server, owner, id, { issue: null }).expect(200)).body).toMatchObject({
        issue: null,
        receive: null,
      });
      expect((await patch(server, owner, id, { issue: "yesterday" }).expect(400)).body).toEqual({
        issue: [ja.allocation.invalidDateTime],
      });
    });

    it("edits period, quantity and note, checked like an allocation (409 + shortages)", async () => {
      const res = await patch(server, owner, id, {
        start_date: at(1003),
        end_date: at(1005),
        order_quantity: 4,
        note: "予備",
      }).expect(200);
      expect(res.body).toMatchObject({
        start_date: at(1003),
        end_date: at(1005),
        order_quantity: 4,
        note: "予備",
      });
      const c2 = await makeCase(server, owner, { start: at(1004), end: at(1020) });
      await add(server, owner, itemId, c2.id).expect(409);
      await patch(server, owner, id, {
        start_date: at(1000),
        end_date: at(1003),
        order_quantity: 4,
        note: "",
      }).expect(200);
      await addUnits(server, owner, itemId, c2.id, 1);
      const refused = await patch(server, owner, id, {
        start_date: at(1000),
        end_date: at(1004),
        order_quantity: 4,
        note: "",
      }).expect(409);
      expect(refused.body).toEqual({
        error: ja.allocation.shortage,
        shortages: [{ item_id: itemId, title: "照明", required: 5, available: 4 }],
        tentative_holds: [],
      });
      expect(await invariantViolations(server.deps.database, [itemId])).toEqual([]);
    });

    it("validates the edit form like the case form plus the quantity rules", async () => {
      const edit = (body: object) => patch(server, owner, id, body).expect(400);
      expect((await edit({ start_date: "", end_date: null, order_quantity: "", note: "" })).body).toEqual({
        start_date: [v.startRequired],
        end_date: [v.endRequired],
        order_quantity: [v.stockRequired],
      });
      expect((await edit({ start_date: at(5), end_date: at(4), order_quantity: 1 })).body).toEqual({
        start_date: [v.startAfterEnd],
      });
      expect((await edit({ start_date: at(4), end_date: at(5), order_quantity: "1.5" })).body).toEqual({
        order_quantity: [v.stockNumeric],
      });
      expect((await edit({ start_date: at(4), end_date: at(5), order_quantity: 0 })).body).toEqual({
        order_quantity: [ja.allocation.quantityMin],
      });
      expect(
        (await edit({ start_date: at(4), end_date: at(5), order_quantity: 1, note: "x".repeat(2001) })).body,
      ).toEqual({
        note: [v.tooLong(2000)],
      });
      expect((await edit({})).body).toEqual({ detail: ja.allocation.patchForm });
      expect((await edit({ issue: null, receive: null })).body).toEqual({ detail: ja.allocation.patchForm });
    });

    it("404 for another group's order item or an unknown id", async () => {
      await patch(server, other, id, { issue: null }).expect(404);
      await patch(server, owner, 999999, { issue: null }).expect(404);
    });
  });

  describe("GET /api/inventorysummary/{caseId}/summary/", () => {
    it("lists every item of the group with stock and shippable quantity for the case's window", async () => {
      const fresh = await signUpOwner(server);
      const cat = await makeCategory(server, fresh, "机");
      const a = await makeItem(server, fresh, { category: cat.id, title: "A机", stock: 5 });
      const b = await makeItem(server, fresh, { category: cat.id, title: "B机", stock: 1 });
      const c = await makeCase(server, fresh, { start: at(0), end: at(10) });
      const busy = await makeCase(server, fresh, { start: at(5), end: at(6) });
      await addUnits(server, fresh, a.id, busy.id, 3);
      await addUnits(server, fresh, b.id, busy.id, 1);
      await addUnits(server, fresh, a.id, c.id, 1);
      const res = await summary(c.id, fresh).expect(200);
      expect(res.body).toEqual([
        {
          id: a.id,
          name: "A机",
          category: "机",
          category_id: cat.id,
          stock_quantity: 5,
          shippable_quantity: 1,
        },
        {
          id: b.id,
          name: "B机",
          category: "机",
          category_id: cat.id,
          stock_quantity: 1,
          shippable_quantity: 0,
        },
      ]);
      await summary(c.id, owner).expect(404);
      await api()
        .get(`/api/inventorysummary/${c.id}/summary/?group_id=${owner.groupId}`)
        .set(bearer(fresh))
        .expect(404);
    });

    it("counts bookings that touch to the millisecond, in short windows and in a century-long one", async () => {
      // The bookings travel as milliseconds since the window's start, through float8 for windows under
      // 60 years and numeric beyond (summary.queries.ts): both must keep every millisecond. Rounding
      // either branch to whole seconds makes this test fail (tried when it was written).
      const fresh = await signUpOwner(server);
      const item = await makeItem(server, fresh, { stock: 2 });
      const touching = "2030-01-02T00:00:00.001Z";
      const early = await makeCase(server, fresh, { start: "2030-01-01T00:00:00.000Z", end: touching });
      const late = await makeCase(server, fresh, { start: touching, end: "2030-01-03T00:00:00.000Z" });
      await addUnits(server, fresh, item.id, early.id, 1);
      const lateUnit = await addUnits(server, fresh, item.id, late.id, 1);
      const short = await makeCase(server, fresh, {
        start: "2030-01-01T12:00:00.000Z",
        end: "2030-01-05T00:00:00.000Z",
      });
      const century = await makeCase(server, fresh, {
        start: "1960-01-01T00:00:00.007Z",
        end: "2099-12-31T23:59:59.993Z",
      });
      const shippable = async (caseId: number) =>
        (await summary(caseId, fresh).expect(200)).body[0].shippable_quantity;
      // early and late both hold the instant they touch at: 2 units, nothing left in either window.
      expect(await shippable(short.id)).toBe(0);
      expect(await shippable(century.id)).toBe(0);
      // One millisecond later, they no longer meet: one unit is free at every instant.
      await patch(server, fresh, lateUnit.order_item.id, {
        start_date: "2030-01-02T00:00:00.002Z",
        end_date: "2030-01-03T00:00:00.000Z",
        order_quantity: 1,
        note: "",
      }).expect(200);
      expect(await shippable(short.id)).toBe(1);
      expect(await shippable(century.id)).toBe(1);
    });
  });
});
