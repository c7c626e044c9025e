import { gzipSync } from "node:zlib";
import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { makeItem } from "../features/items/items.testkit";
import { add, at, makeCase, patch } from "../features/orderitems/orderitems.testkit";
import { makeHold, setStatus } from "../features/workcases/lifecycle.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";

/**
 * The input boundary's second round (issue 33): bodies that lie about their encoding, top-level arrays,
 * instants and days at the ends of the range, loosely written quantities and another group's id. Each is
 * a 400 (or a 404 for the group) with a Japanese message, and nothing changes.
 */
describeOnDatabases("the input boundary: encodings, ranges, quantities and group ids", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  const api = () => request(server.url);
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
  });
  afterAll(() => server.close());

  /** What the group holds, to show that a refused call changed nothing. */
  const state = async (s: Session) => {
    const cases = (await api().get("/api/workcaselist/").set(bearer(s)).expect(200)).body;
    return JSON.stringify(cases);
  };
  const orderItem = async (s: Session, caseId: number, id: number) =>
    (await api().get(`/api/orderitems/?work_case=${caseId}`).set(bearer(s)).expect(200)).body.find(
      (o: { id: number }) => o.id === id,
    );

  /** A confirmed case running now with `n` units of a fresh item booked and issued. */
  async function issued(n: number) {
    const item = await makeItem(server, owner, { stock: n });
    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 86_400_000).toISOString();
    const kase = await makeCase(server, owner, { start, end });
    let id = 0;
    for (let i = 0; i < n; i++)
      id = (await add(server, owner, item.id, kase.id).expect(200)).body.order_item.id;
    await api().post(`/api/orderitems/${id}/issue/`).set(bearer(owner)).send({ quantity: n }).expect(200);
    return { item, kase, id, start, end };
  }

  describe("a body its Content-Encoding does not decode", () => {
    it.each([
      "gzip",
      "deflate",
      "br",
    ])("%s over plain JSON is a 400, on the token call and a write", async (encoding) => {
      const token = await api()
        .post("/api/token/")
        .set("Content-Type", "application/json")
        .set("Content-Encoding", encoding)
        .send(JSON.stringify({ email: owner.email, password: owner.password }));
      expect(token.status).toBe(400);
      expect(token.body).toEqual({ detail: ja.errors.badContentEncoding });

      const before = await state(owner);
      const write = await api()
        .post("/api/workcases/")
        .set(bearer(owner))
        .set("Content-Type", "application/json")
        .set("Content-Encoding", encoding)
        .send(JSON.stringify({ title: "圧縮", start_date: at(0), end_date: at(1) }));
      expect(write.status).toBe(400);
      expect(write.body).toEqual({ detail: ja.errors.badContentEncoding });
      expect(await state(owner)).toBe(before);
    });

    it("a body that is gzip indeed is read", async () => {
      const res = await api()
        .post("/api/token/")
        .set("Content-Type", "application/json")
        .set("Content-Encoding", "gzip")
        // As the bytes given: superagent would serialise a Buffer of a JSON request as JSON.
        .serialize((body) => body)
        .send(gzipSync(JSON.stringify({ email: owner.email, password: owner.password })));
      expect(res.status).toBe(200);
      expect(res.body.access).toEqual(expect.any(String));
    });
  });

  it.each([
    ["[]", "[]"],
    ["an array of a case", JSON.stringify([{ title: "x", start_date: at(0), end_date: at(1) }])],
  ])("a top-level array (%s) on the case calls is a 400 and creates nothing", async (_name, text) => {
    const kase = await makeCase(server, owner);
    const before = await state(owner);
    for (const req of [api().post("/api/workcases/"), api().put(`/api/workcases/${kase.id}/`)]) {
      const res = await req.set(bearer(owner)).set("Content-Type", "application/json").send(text);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: ja.errors.malformedJson });
    }
    expect(await state(owner)).toBe(before);
  });

  it.each([
    "constructor",
    "__proto__",
    "toString",
  ])("a body key named like an object's own (%s) is a 400 on that key, not a 500", async (key) => {
    const text = `{"${key}": {"prototype": {"x": 1}}}`;
    const res = await api()
      .patch(`/api/user/${owner.userId}/`)
      .set(bearer(owner))
      .set("Content-Type", "application/json")
      .send(text);
    expect(res.status).toBe(400);
    // The body parser refuses "__proto__" itself (a guard against prototype pollution).
    expect(res.body).toEqual(
      key === "__proto__" ? { detail: ja.errors.malformedJson } : { [key]: [ja.validation.unknownField] },
    );
  });

  describe("instants outside 1900-01-01T00:00Z … 9998-12-31T23:59:59.999Z", () => {
    const late = ["9999-12-31T23:59:59-14:00", "9999-01-01T00:00:00Z", "9999-12-31T23:59:59Z"];
    const early = "1899-12-31T23:59:59Z";
    const out = [...late, early];
    const range = ja.validation.instantOutOfRange;

    it.each(out)("case dates and hold deadlines: %s", async (t) => {
      const kase = await makeCase(server, owner);
      const before = await state(owner);
      const create = await api()
        .post("/api/workcases/")
        .set(bearer(owner))
        .send({ title: "範囲外", start_date: at(0), end_date: t });
      expect(create.status).toBe(400);
      expect(create.body).toEqual({ end_date: [range] });
      const edit = await api()
        .put(`/api/workcases/${kase.id}/`)
        .set(bearer(owner))
        .send({ title: "範囲外", start_date: t, end_date: at(1) });
      expect(edit.status).toBe(400);
      expect(edit.body.start_date).toEqual([range]);
      const hold = await api()
        .post("/api/workcases/")
        .set(bearer(owner))
        .send({ title: "仮", start_date: at(0), end_date: at(1), status: "tentative", hold_until: t });
      expect(hold.status).toBe(400);
      expect(hold.body).toEqual({ hold_until: [range] });
      const held = await makeHold(server, owner);
      const extend = await setStatus(server, owner, held.id, { status: "tentative", hold_until: t });
      expect(extend.status).toBe(400);
      expect(extend.body).toEqual({ hold_until: [range] });
      const duplicate = await api()
        .post(`/api/duplicate_work_case/${kase.id}/`)
        .set(bearer(owner))
        .send({ start_date: at(0), end_date: t });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body).toEqual({ end_date: [range] });
      expect(JSON.parse(await state(owner))).toHaveLength(JSON.parse(before).length + 1);
    });

    it.each(
      out,
    )("the spec's issue / receive PATCH, the edit, repair dates and the holders call: %s", async (t) => {
      const { item, kase, id } = await issued(2);
      const before = JSON.stringify(await orderItem(owner, kase.id, id));
      for (const body of [
        { receive: t },
        { issue: t },
        { start_date: t, end_date: at(1), order_quantity: 2, note: "" },
      ]) {
        const res = await patch(server, owner, id, body);
        expect(res.status).toBe(400);
        expect(Object.values(res.body)).toEqual([[range]]);
      }
      const broken = await api()
        .post(`/api/orderitems/${id}/receive/`)
        .set(bearer(owner))
        .send({ quantity: 0, broken: 1, repair_due: t });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ repair_due: [range] });
      expect(JSON.stringify(await orderItem(owner, kase.id, id))).toBe(before);

      const holders = await api()
        .get(`/api/availability/items/${item.id}/holders/`)
        .query({ start: at(0), end: t })
        .set(bearer(owner));
      expect(holders.status).toBe(400);
      expect(holders.body).toEqual({ end: [range] });
    });

    it("both ends of the range are read", async () => {
      const res = await api()
        .post("/api/workcases/")
        .set(bearer(owner))
        .send({ title: "端", start_date: "1900-01-01T00:00:00Z", end_date: "9998-12-31T23:59:59.999Z" });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        start_date: "1900-01-01T00:00:00.000Z",
        end_date: "9998-12-31T23:59:59.999Z",
      });
      // A case on both ends shows on the week views at the ends of the day range.
      await api().get("/api/items/9998/12/31/").set(bearer(owner)).expect(200);
      await api().delete(`/api/workcases/${res.body.id}/`).set(bearer(owner)).expect(204);
    });
  });

  describe("days outside 1900-01-01 … 9998-12-31", () => {
    let itemId: number;
    beforeAll(async () => {
      itemId = (await makeItem(server, owner)).id;
    });
    const dayRange = ja.validation.dayOutOfRange;

    it.each([
      "9999-12-31",
      "9999-01-01",
      "1899-12-31",
    ])("%s: board, overdue, timeline and history CSV", async (day) => {
      for (const path of ["/api/warehouse/", "/api/warehouse/overdue/"]) {
        const res = await api().get(path).query({ date: day }).set(bearer(owner));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ detail: dayRange });
      }
      const timeline = await api()
        .get("/api/availability/timeline/")
        .query({ item: itemId, from: day })
        .set(bearer(owner));
      expect(timeline.status).toBe(400);
      expect(timeline.body).toEqual({ from: [dayRange] });
      const csv = await api().get("/api/history/export/").query({ from: day, to: day }).set(bearer(owner));
      expect(csv.status).toBe(400);
    });

    it.each([
      ["9999", "12", "31"],
      ["9999", "1", "1"],
      ["1899", "12", "31"],
    ])("the spec's weekly view /api/items/%s/%s/%s/", async (y, m, d) => {
      const res = await api().get(`/api/items/${y}/${m}/${d}/`).set(bearer(owner));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: dayRange });
    });

    it("the last day of the range answers on every view, the timeline with its most weeks", async () => {
      await api().get("/api/warehouse/").query({ date: "9998-12-31" }).set(bearer(owner)).expect(200);
      await api().get("/api/warehouse/overdue/").query({ date: "9998-12-31" }).set(bearer(owner)).expect(200);
      await api()
        .get("/api/availability/timeline/")
        .query({ item: itemId, from: "9998-12-25", weeks: 8 })
        .set(bearer(owner))
        .expect(200);
      await api().get("/api/items/1900/1/1/").set(bearer(owner)).expect(200);
      await api()
        .get("/api/history/export/")
        .query({ from: "1900-01-01", to: "9998-12-31" })
        .set(bearer(owner))
        .expect(200);
    });
  });

  describe("quantities are whole numbers, written plainly", () => {
    const loose = ["0x10", "0b11", "0o7", "1e1", "+1", "1.0", " \n2\n", "２", "1_0", "-0", ""];

    it.each(loose)("%j on issue and receive (quantity, lost, broken) is a 400", async (text) => {
      const item = await makeItem(server, owner, { stock: 20 });
      const kase = await makeCase(server, owner, {
        start: new Date(Date.now() - 3_600_000).toISOString(),
        end: new Date(Date.now() + 86_400_000).toISOString(),
      });
      let id = 0;
      for (let i = 0; i < 20; i++)
        id = (await add(server, owner, item.id, kase.id).expect(200)).body.order_item.id;
      const issue = await api()
        .post(`/api/orderitems/${id}/issue/`)
        .set(bearer(owner))
        .send({ quantity: text });
      expect(issue.status).toBe(400);
      expect(issue.body).toEqual({ quantity: [ja.movements.quantityRequired] });
      await api().post(`/api/orderitems/${id}/issue/`).set(bearer(owner)).send({ quantity: 10 }).expect(200);
      const before = JSON.stringify(await orderItem(owner, kase.id, id));
      for (const field of ["quantity", "lost", "broken"]) {
        const body = { quantity: 1, [field]: text, ...(field === "broken" ? { repair_due: at(100) } : {}) };
        const res = await api().post(`/api/orderitems/${id}/receive/`).set(bearer(owner)).send(body);
        expect(res.status).toBe(400);
        expect(Object.keys(res.body)).toContain(field);
      }
      expect(JSON.stringify(await orderItem(owner, kase.id, id))).toBe(before);
    });

    it("digits in a string, with spaces around them, are read as before", async () => {
      const { kase, id } = await issued(3);
      const res = await api()
        .post(`/api/orderitems/${id}/receive/`)
        .set(bearer(owner))
        .send({ quantity: " 2 " });
      expect(res.status).toBe(200);
      expect((await orderItem(owner, kase.id, id)).received_quantity).toBe(2);
    });
  });

  describe("another group's groupid / group_id answers 404 and changes nothing", () => {
    it("on the movement, outage, overdue, member, allocation, edit and Excel calls", async () => {
      const { item, kase, id } = await issued(2);
      const before = JSON.stringify(await orderItem(owner, kase.id, id));
      const me = owner.userId;
      for (const key of ["groupid", "group_id"]) {
        const q = { [key]: other.groupId };
        const calls = [
          api().post(`/api/orderitems/${id}/receive/`).query(q).send({ quantity: 1 }),
          api()
            .post(`/api/orderitems/${id}/receive/`)
            .send({ quantity: 1, [key]: other.groupId }),
          api().post(`/api/orderitems/${id}/issue/`).query(q).send({ quantity: 1 }),
          api().delete(`/api/orderitems/${id}/movements/latest/`).query(q),
          api().get(`/api/orderitems/${id}/movements/`).query(q),
          api().get(`/api/items/${item.id}/outages/`).query(q),
          api().get(`/api/workcases/${kase.id}/overdue/`).query(q),
          api().get(`/api/user/${me}/`).query(q),
          api().get("/api/user-info/").query(q),
          api().post(`/api/additem/${item.id}/${kase.id}/`).query(q),
          api().post(`/api/reduceitem/${item.id}/${kase.id}/`).query(q),
          api()
            .patch(`/api/orderitems/${id}/`)
            .send({ receive: at(30), [key]: other.groupId }),
          api()
            .patch(`/api/orderitems/${id}/`)
            .query(q)
            .send({ receive: at(30) }),
          api()
            .post("/api/export-excel/")
            .send({ workcaseDetail: { id: kase.id }, order_items: [], [key]: other.groupId }),
        ];
        for (const [n, call] of calls.entries()) {
          const res = await call.set(bearer(owner));
          expect({ call: n, key, status: res.status, body: res.body }).toEqual({
            call: n,
            key,
            status: 404,
            body: { detail: ja.errors.notFound },
          });
        }
      }
      expect(JSON.stringify(await orderItem(owner, kase.id, id))).toBe(before);
      // The caller's own group id, in any of the forms, is fine.
      await api().get("/api/user-info/").query({ groupid: owner.groupId }).set(bearer(owner)).expect(200);
    });
  });
});
