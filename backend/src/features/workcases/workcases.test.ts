import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem, ordersOfGroupInDb } from "../items/items.testkit";
import { addUnits, at, makeCase } from "../orderitems/orderitems.testkit";
import { copyTitle, mapPeriod } from "./workcases.service";

const v = ja.validation;

describe("mapPeriod (duplicate into another period)", () => {
  const d = (h: number) => new Date(Date.parse(at(h)));
  const source = { start: d(0), end: d(24) };
  it("maps an order item spanning the source period to the whole new period", () => {
    expect(mapPeriod(source, source, { start: d(100), end: d(200) })).toEqual({ start: d(100), end: d(200) });
  });
  it("shifts any other order item by the distance between the starts and clips it to the new period", () => {
    expect(mapPeriod({ start: d(2), end: d(5) }, source, { start: d(100), end: d(130) })).toEqual({
      start: d(102),
      end: d(105),
    });
    expect(mapPeriod({ start: d(10), end: d(20) }, source, { start: d(100), end: d(115) })).toEqual({
      start: d(110),
      end: d(115),
    });
  });
  it("falls back to the whole new period when nothing of the shifted period is left", () => {
    expect(mapPeriod({ start: d(20), end: d(24) }, source, { start: d(100), end: d(105) })).toEqual({
      start: d(100),
      end: d(105),
    });
  });
  it("keeps the copy's title within 200 characters", () => {
    expect(copyTitle("案件A")).toBe("案件A（複製）");
    expect([...copyTitle("あ".repeat(200))]).toHaveLength(200);
  });
});

describeOnDatabases("work cases API", (driver) => {
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

  describe("POST /api/workcases/ and GET /api/workcaselist/", () => {
    it("creates a case (201 WorkCase with ISO strings) and lists the group's cases by end date descending", async () => {
      const res = await api()
        .post("/api/workcases/")
        .set(bearer(owner))
        .send({
          title: "  展示会  ",
          start_date: "2030-05-01T09:00:00+09:00",
          end_date: "2030-05-03T18:00:00+09:00",
          note: "メモ",
          group: owner.groupId,
        })
        .expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        title: "展示会",
        start_date: "2030-05-01T00:00:00.000Z",
        end_date: "2030-05-03T09:00:00.000Z",
        note: "メモ",
        created: expect.stringMatching(/Z$/),
        group: owner.groupId,
        version: 1,
        status: "confirmed",
        hold_until: null,
        held_by: null,
        held_by_name: null,
      });
      const later = await makeCase(server, owner, { start: at(0), end: "2031-01-01T00:00:00Z" });
      const list = await api()
        .get(`/api/workcaselist/?groupid=${owner.groupId}`)
        .set(bearer(owner))
        .expect(200);
      expect(list.body.map((c: { id: number }) => c.id).slice(0, 2)).toEqual([later.id, res.body.id]);
      const theirs = await api().get("/api/workcaselist/").set(bearer(other)).expect(200);
      expect(theirs.body).toEqual([]);
      await api().get(`/api/workcaselist/?groupid=${other.groupId}`).set(bearer(owner)).expect(404);
    });

    it("validates with the spec's messages", async () => {
      const post = (body: object) => api().post("/api/workcases/").set(bearer(owner)).send(body);
      expect((await post({ title: " ", start_date: null, end_date: "" }).expect(400)).body).toEqual({
        title: [v.workCaseTitleRequired],
        start_date: [v.startRequired],
        end_date: [v.endRequired],
      });
      // A reversed period is reported beside another field's error (the forms show both at once too).
      expect((await post({ start_date: at(5), end_date: at(4) }).expect(400)).body).toEqual({
        title: [v.workCaseTitleRequired],
        start_date: [v.startAfterEnd],
      });
      expect((await post({ title: "a", start_date: at(5), end_date: at(4) }).expect(400)).body).toEqual({
        start_date: [v.startAfterEnd],
      });
      // Equal start and end is a valid (instant) period.
      await post({ title: "a", start_date: at(5), end_date: at(5) }).expect(201);
      for (const bad of [
        "2030-05-01",
        "2030-05-01T09:00:00",
        "2030-02-30T09:00:00Z",
        "明日",
        12,
        "x2030-05-01T09:00:00Z",
      ]) {
        const res = await post({ title: "a", start_date: bad, end_date: at(5) }).expect(400);
        expect(res.body).toEqual({ start_date: [ja.allocation.invalidDateTime] });
      }
      expect(
        (await post({ title: "あ".repeat(201), start_date: at(0), end_date: at(1) }).expect(400)).body,
      ).toEqual({
        title: [v.tooLong(200)],
      });
      expect(
        (await post({ title: "a", start_date: at(0), end_date: at(1), note: "x".repeat(2001) }).expect(400))
          .body,
      ).toEqual({ note: [v.tooLong(2000)] });
      await post({
        title: "あ".repeat(200),
        start_date: at(0),
        end_date: at(1),
        note: "x".repeat(2000),
      }).expect(201);
      await post({ title: "a", start_date: at(0), end_date: at(1), group: other.groupId }).expect(404);
    });
  });

  describe("GET /api/workcases/{id}/", () => {
    it("answers the case, 404 for another group's case or group_id", async () => {
      const c = await makeCase(server, owner);
      expect(
        (await api().get(`/api/workcases/${c.id}/?group_id=${owner.groupId}`).set(bearer(owner)).expect(200))
          .body,
      ).toEqual(c);
      await api().get(`/api/workcases/${c.id}/`).set(bearer(other)).expect(404);
      await api().get(`/api/workcases/${c.id}/?group_id=${other.groupId}`).set(bearer(owner)).expect(404);
      await api().get("/api/workcases/999999/").set(bearer(owner)).expect(404);
      await api().get("/api/workcases/abc/").set(bearer(owner)).expect(404);
    });
  });

  describe("PUT /api/workcases/{id}/", () => {
    it("edits the case and moves all of its order items to the new period", async () => {
      const c = await makeCase(server, owner, { start: at(0), end: at(10) });
      const a = await makeItem(server, owner, { stock: 5 });
      const b = await makeItem(server, owner, { stock: 5 });
      await addUnits(server, owner, a.id, c.id, 2);
      await addUnits(server, owner, b.id, c.id, 1);
      const res = await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, title: "改名", start_date: at(100), end_date: at(120), note: "n" })
        .expect(200);
      expect(res.body).toEqual({
        ...c,
        title: "改名",
        start_date: at(100),
        end_date: at(120),
        note: "n",
        version: c.version + 1,
      });
      const orders = (await ordersOfGroupInDb(server, owner.groupId)).filter((o) => o.workCaseId === c.id);
      expect(orders).toHaveLength(2);
      for (const o of orders) {
        expect(o.startDate.toISOString()).toBe(at(100));
        expect(o.endDate.toISOString()).toBe(at(120));
      }
    });

    it("refuses a period where stock is short: 409 {error: 変更後の期間で在庫不足です, shortages}, nothing changed", async () => {
      const item = await makeItem(server, owner, { stock: 3, title: "プロジェクター" });
      const busy = await makeCase(server, owner, { start: at(200), end: at(210) });
      await addUnits(server, owner, item.id, busy.id, 2);
      const c = await makeCase(server, owner, { start: at(300), end: at(310) });
      await addUnits(server, owner, item.id, c.id, 2);
      const res = await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, start_date: at(205), end_date: at(215) })
        .expect(409);
      expect(res.body).toEqual({
        error: "変更後の期間で在庫不足です",
        shortages: [{ item_id: item.id, title: "プロジェクター", required: 4, available: 3 }],
        tentative_holds: [],
      });
      expect((await api().get(`/api/workcases/${c.id}/`).set(bearer(owner)).expect(200)).body).toEqual(c);
      const mine = (await ordersOfGroupInDb(server, owner.groupId)).find((o) => o.workCaseId === c.id)!;
      expect(mine.startDate.toISOString()).toBe(at(300));
      // Touching the other booking at one instant also conflicts (closed periods) …
      await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, start_date: at(210), end_date: at(220) })
        .expect(409);
      // … one millisecond later does not.
      const next = new Date(Date.parse(at(210)) + 1).toISOString();
      await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, start_date: next, end_date: at(220) })
        .expect(200);
    });

    it("validates like create; 404 for another group's case, group or unknown id", async () => {
      const c = await makeCase(server, owner);
      expect(
        (
          await api()
            .put(`/api/workcases/${c.id}/`)
            .set(bearer(owner))
            .send({ ...c, title: "" })
            .expect(400)
        ).body,
      ).toEqual({
        title: [v.workCaseTitleRequired],
      });
      await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(other))
        .send({ ...c, group: other.groupId })
        .expect(404);
      await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, group: other.groupId })
        .expect(404);
      await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, group: undefined })
        .expect(200);
      await api().put("/api/workcases/999999/").set(bearer(owner)).send(c).expect(404);
    });
  });

  describe("DELETE /api/workcases/{id}/", () => {
    it("deletes the case and its order items (204), 404 for another group", async () => {
      const c = await makeCase(server, owner);
      const item = await makeItem(server, owner, { stock: 2 });
      await addUnits(server, owner, item.id, c.id, 2);
      await api().delete(`/api/workcases/${c.id}/?groupid=${owner.groupId}`).set(bearer(other)).expect(404);
      await api().delete(`/api/workcases/${c.id}/?groupid=${other.groupId}`).set(bearer(owner)).expect(404);
      await api().delete(`/api/workcases/${c.id}/?groupid=${owner.groupId}`).set(bearer(owner)).expect(204);
      await api().get(`/api/workcases/${c.id}/`).set(bearer(owner)).expect(404);
      expect((await ordersOfGroupInDb(server, owner.groupId)).filter((o) => o.workCaseId === c.id)).toEqual(
        [],
      );
      await api().delete(`/api/workcases/${c.id}/`).set(bearer(owner)).expect(404);
    });
  });

  describe("POST /api/duplicate_work_case/{id}/", () => {
    it("copies the case as <title>（複製） with every order item, issue and receive cleared (no body: same period)", async () => {
      const c = await makeCase(server, owner, { title: "原本", start: at(400), end: at(410), note: "メモ" });
      const item = await makeItem(server, owner, { stock: 10 });
      const placed = await addUnits(server, owner, item.id, c.id, 3);
      const id = placed.order_item.id;
      await api()
        .patch(`/api/orderitems/${id}/`)
        .set(bearer(owner))
        .send({ issue: at(400) })
        .expect(200);
      await api()
        .patch(`/api/orderitems/${id}/`)
        .set(bearer(owner))
        .send({ note: "n1", order_quantity: 3, start_date: at(401), end_date: at(405) })
        .expect(200);
      const res = await api().post(`/api/duplicate_work_case/${c.id}/`).set(bearer(owner)).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        title: "原本（複製）",
        start_date: at(400),
        end_date: at(410),
        note: "メモ",
        created: expect.any(String),
        group: owner.groupId,
        version: 1,
        status: "confirmed",
        hold_until: null,
        held_by: null,
        held_by_name: null,
      });
      const copy = await api()
        .get(`/api/orderitems/?work_case=${res.body.id}`)
        .set(bearer(owner))
        .expect(200);
      expect(copy.body).toEqual([
        expect.objectContaining({
          items: expect.objectContaining({ id: item.id }),
          work_case: res.body.id,
          order_quantity: 3,
          start_date: at(401),
          end_date: at(405),
          issue: null,
          receive: null,
          note: "n1",
        }),
      ]);
    });

    it("duplicates into another period, mapping order item periods", async () => {
      const c = await makeCase(server, owner, { start: at(500), end: at(510) });
      const a = await makeItem(server, owner, { stock: 1 });
      const b = await makeItem(server, owner, { stock: 1 });
      await addUnits(server, owner, a.id, c.id, 1);
      const placed = await addUnits(server, owner, b.id, c.id, 1);
      await api()
        .patch(`/api/orderitems/${placed.order_item.id}/`)
        .set(bearer(owner))
        .send({ start_date: at(502), end_date: at(504), order_quantity: 1, note: "" })
        .expect(200);
      const res = await api()
        .post(`/api/duplicate_work_case/${c.id}/`)
        .set(bearer(owner))
        .send({ start_date: at(600), end_date: at(620) })
        .expect(201);
      expect(res.body).toMatchObject({ start_date: at(600), end_date: at(620) });
      const copy = (
        await api().get(`/api/orderitems/?work_case=${res.body.id}`).set(bearer(owner)).expect(200)
      ).body;
      const byItem = new Map(copy.map((o: { items: { id: number } }) => [o.items.id, o]));
      expect(byItem.get(a.id)).toMatchObject({ start_date: at(600), end_date: at(620) });
      expect(byItem.get(b.id)).toMatchObject({ start_date: at(602), end_date: at(604) });
    });

    it("is all or nothing: 409 + shortages when the copy would overbook", async () => {
      const a = await makeItem(server, owner, { stock: 5, title: "机A" });
      const b = await makeItem(server, owner, { stock: 2, title: "椅子B" });
      const c = await makeCase(server, owner, { title: "満杯", start: at(700), end: at(710) });
      await addUnits(server, owner, a.id, c.id, 1);
      await addUnits(server, owner, b.id, c.id, 2);
      const before = (await api().get("/api/workcaselist/").set(bearer(owner))).body.length;
      const res = await api().post(`/api/duplicate_work_case/${c.id}/`).set(bearer(owner)).expect(409);
      expect(res.body).toEqual({
        error: ja.allocation.duplicateShortage,
        shortages: [{ item_id: b.id, title: "椅子B", required: 4, available: 2 }],
        tentative_holds: [],
      });
      expect((await api().get("/api/workcaselist/").set(bearer(owner))).body.length).toBe(before);
      // Into a free period it succeeds.
      await api()
        .post(`/api/duplicate_work_case/${c.id}/`)
        .set(bearer(owner))
        .send({ start_date: at(711), end_date: at(720) })
        .expect(201);
    });

    it("validates the optional period; 404 for another group's case", async () => {
      const c = await makeCase(server, owner);
      const post = (body?: object) => {
        const r = api().post(`/api/duplicate_work_case/${c.id}/`).set(bearer(owner));
        return body ? r.send(body) : r;
      };
      expect((await post({ start_date: at(5) }).expect(400)).body).toEqual({ end_date: [v.endRequired] });
      expect((await post({ start_date: at(5), end_date: at(4) }).expect(400)).body).toEqual({
        start_date: [v.startAfterEnd],
      });
      expect((await post({ start_date: "x", end_date: at(4) }).expect(400)).body).toEqual({
        start_date: [ja.allocation.invalidDateTime],
      });
      await post({}).expect(201);
      await api().post(`/api/duplicate_work_case/${c.id}/`).set(bearer(other)).expect(404);
      await api().post("/api/duplicate_work_case/999999/").set(bearer(owner)).expect(404);
    });
  });

  it("needs a signed-in member", async () => {
    await api().get("/api/workcaselist/").expect(401);
    await api().post("/api/workcases/").send({}).expect(401);
  });
});
