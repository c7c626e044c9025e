import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, ownerWithStaff, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent, record, settle } from "../../test/sockets";
import { makeItem } from "../items/items.testkit";
import { add, addUnits, at, makeCase, patch } from "../orderitems/orderitems.testkit";
import { sweepLapsedHolds } from "./holdSweeper.service";
import { inMinutes, lapse, makeHold, setStatus, statusInDb } from "./lifecycle.testkit";

const L = ja.lifecycle;

describeOnDatabases("case lifecycle: 仮押さえ / 本予約 / キャンセル", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  beforeAll(async () => {
    // No sweeper of its own: the tests sweep by hand (one test below runs the real one).
    server = await startServer();
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
  });
  afterAll(() => server.close());
  const startServer = () =>
    import("../../test/testServer").then((m) =>
      m.startTestServer(driver, { config: { holdSweepMaxWaitMs: 0 } }),
    );
  const api = () => request(server.url);
  const getCase = async (id: number) =>
    (await api().get(`/api/workcases/${id}/`).set(bearer(owner)).expect(200)).body;
  const shippable = async (caseId: number, itemId: number) => {
    const rows = (await api().get(`/api/inventorysummary/${caseId}/summary/`).set(bearer(owner)).expect(200))
      .body;
    return rows.find((r: { id: number }) => r.id === itemId).shippable_quantity as number;
  };

  describe("POST /api/workcases/ with a status", () => {
    it("creates 本予約 by default, exactly as the spec's call did, with the new fields empty", async () => {
      const res = await api()
        .post("/api/workcases/")
        .set(bearer(owner))
        .send({ title: "展示会", start_date: at(0), end_date: at(10), note: "", group: owner.groupId })
        .expect(201);
      expect(res.body).toMatchObject({
        status: "confirmed",
        hold_until: null,
        held_by: null,
        held_by_name: null,
      });
    });

    it("creates 仮押さえ with a deadline, held by the caller (id and name)", async () => {
      const until = inMinutes(90);
      const c = await makeHold(server, staff, { holdUntil: until });
      expect(c).toMatchObject({
        status: "tentative",
        hold_until: new Date(until).toISOString(),
        held_by: staff.userId,
        held_by_name: "佐藤 花子",
      });
      const list = (await api().get("/api/workcaselist/").set(bearer(owner)).expect(200)).body;
      expect(list.find((x: { id: number }) => x.id === c.id)).toEqual(c);
    });

    it("refuses a missing, past or misplaced deadline and an unknown status with 400, creating nothing", async () => {
      const before = (await api().get("/api/workcaselist/").set(bearer(owner))).body.length;
      const post = (extra: object) =>
        api()
          .post("/api/workcases/")
          .set(bearer(owner))
          .send({ title: "x", start_date: at(0), end_date: at(1), ...extra });
      expect((await post({ status: "tentative" }).expect(400)).body).toEqual({
        hold_until: [L.holdUntilRequired],
      });
      expect((await post({ status: "tentative", hold_until: inMinutes(-1) }).expect(400)).body).toEqual({
        hold_until: [L.holdUntilPast],
      });
      expect((await post({ status: "tentative", hold_until: "明日" }).expect(400)).body).toEqual({
        hold_until: [ja.allocation.invalidDateTime],
      });
      expect((await post({ hold_until: inMinutes(10) }).expect(400)).body).toEqual({
        hold_until: [L.holdUntilOnlyTentative],
      });
      expect((await post({ status: "cancelled" }).expect(400)).body).toEqual({ status: [L.invalidStatus] });
      expect((await post({ status: 1 }).expect(400)).body).toEqual({ status: [L.invalidStatus] });
      expect((await api().get("/api/workcaselist/").set(bearer(owner))).body.length).toBe(before);
    });

    it("PUT ignores status and hold_until echoed back by the edit form", async () => {
      const c = await makeHold(server, owner);
      const res = await api()
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, title: "改名", status: "confirmed", hold_until: inMinutes(999) })
        .expect(200);
      expect(res.body).toEqual({ ...c, title: "改名", version: c.version + 1 });
    });
  });

  describe("POST /api/workcases/{id}/status/", () => {
    it("confirms a hold (本予約にする): deadline and holder cleared, pushed live to the group only", async () => {
      const c = await makeHold(server, owner);
      const mine = await connect(server, owner.access);
      const theirs = await connect(server, other.access);
      const seenByOther = record(theirs);
      try {
        const live = nextEvent<{ workcase: { id: number; status: string } }>(
          mine,
          "workcases.upserted",
          // The hold's own creation event may still be on its way when the socket joins: wait for this one.
          (p) => p.workcase.id === c.id && p.workcase.status === "confirmed",
        );
        const res = await setStatus(server, owner, c.id, { status: "confirmed" }).expect(200);
        expect(res.body).toEqual({
          ...c,
          status: "confirmed",
          hold_until: null,
          held_by: null,
          held_by_name: null,
          version: c.version + 1,
        });
        expect((await live).workcase).toEqual(res.body);
        await settle();
        // Only its own socket's stream positions (sent to every new socket once it has joined its rooms).
        expect([...seenByOther.keys()].filter((e) => e !== "realtime.positions")).toEqual([]);
      } finally {
        mine.close();
        theirs.close();
      }
    });

    it("releases a hold (仮押さえを解除): cancelled, deadline and holder kept; its stock is free at once", async () => {
      const item = await makeItem(server, owner, { stock: 3 });
      const hold = await makeHold(server, owner, { start: at(100), end: at(110) });
      await addUnits(server, owner, item.id, hold.id, 3);
      const next = await makeCase(server, owner, { start: at(105), end: at(120) });
      expect(await shippable(next.id, item.id)).toBe(0);
      const res = await setStatus(server, owner, hold.id, { status: "cancelled" }).expect(200);
      expect(res.body).toEqual({ ...hold, status: "cancelled", version: hold.version + 1 });
      expect(await shippable(next.id, item.id)).toBe(3);
      await addUnits(server, owner, item.id, next.id, 3);
    });

    it("extends a hold's deadline; the same status again changes nothing", async () => {
      const c = await makeHold(server, owner);
      const later = inMinutes(600);
      const res = await setStatus(server, owner, c.id, { status: "tentative", hold_until: later }).expect(
        200,
      );
      expect(res.body).toEqual({ ...c, hold_until: new Date(later).toISOString(), version: c.version + 1 });
      await setStatus(server, owner, c.id, { status: "confirmed" }).expect(200);
      expect((await setStatus(server, owner, c.id, { status: "confirmed" }).expect(200)).body.status).toBe(
        "confirmed",
      );
    });

    it("validates the body: 400 without a valid status, a tentative without a future deadline", async () => {
      const c = await makeHold(server, owner);
      expect((await setStatus(server, owner, c.id, {}).expect(400)).body).toEqual({
        status: [L.invalidStatus],
      });
      expect((await setStatus(server, owner, c.id, { status: "done" }).expect(400)).body).toEqual({
        status: [L.invalidStatus],
      });
      expect((await setStatus(server, owner, c.id, { status: "tentative" }).expect(400)).body).toEqual({
        hold_until: [L.holdUntilRequired],
      });
      expect(
        (await setStatus(server, owner, c.id, { status: "tentative", hold_until: inMinutes(-5) }).expect(400))
          .body,
      ).toEqual({ hold_until: [L.holdUntilPast] });
      expect(
        (await setStatus(server, owner, c.id, { status: "confirmed", hold_until: inMinutes(5) }).expect(400))
          .body,
      ).toEqual({ hold_until: [L.holdUntilOnlyTentative] });
      expect(await getCase(c.id)).toEqual(c);
    });

    it("404 for another group's case, another group's id in the query, an unknown or malformed id", async () => {
      const c = await makeHold(server, owner);
      await setStatus(server, other, c.id, { status: "cancelled" }).expect(404);
      await api()
        .post(`/api/workcases/${c.id}/status/?group_id=${other.groupId}`)
        .set(bearer(owner))
        .send({ status: "cancelled" })
        .expect(404);
      await setStatus(server, owner, 999_999, { status: "cancelled" }).expect(404);
      await api()
        .post("/api/workcases/abc/status/")
        .set(bearer(owner))
        .send({ status: "cancelled" })
        .expect(404);
      await api().post(`/api/workcases/${c.id}/status/`).send({ status: "cancelled" }).expect(401);
      expect(await getCase(c.id)).toEqual(c);
    });

    it("a hold is changed only by its holder or an owner (403 for other staff); confirmed cases by anyone", async () => {
      const ownersHold = await makeHold(server, owner);
      expect(
        (await setStatus(server, staff, ownersHold.id, { status: "cancelled" }).expect(403)).body,
      ).toEqual({
        detail: L.notHolder,
      });
      await setStatus(server, staff, ownersHold.id, { status: "confirmed" }).expect(403);
      await setStatus(server, staff, ownersHold.id, { status: "tentative", hold_until: inMinutes(5) }).expect(
        403,
      );
      expect(await getCase(ownersHold.id)).toEqual(ownersHold);
      const staffHold = await makeHold(server, staff);
      await setStatus(server, staff, staffHold.id, { status: "tentative", hold_until: inMinutes(30) }).expect(
        200,
      );
      await setStatus(server, owner, staffHold.id, { status: "confirmed" }).expect(200);
      // Confirmed: anyone of the group may cancel it, and reopen it.
      await setStatus(server, staff, staffHold.id, { status: "cancelled" }).expect(200);
      const reopened = await setStatus(server, staff, ownersHold.id, { status: "confirmed" }).expect(403);
      expect(reopened.body).toEqual({ detail: L.notHolder });
    });

    it("refuses 本予約 → 仮押さえ, and cancelling while anything is issued (409, nothing changed)", async () => {
      const c = await makeCase(server, owner);
      expect(
        (await setStatus(server, owner, c.id, { status: "tentative", hold_until: inMinutes(5) }).expect(409))
          .body,
      ).toEqual({ error: L.backToTentative });
      const item = await makeItem(server, owner, { stock: 2 });
      const placed = await addUnits(server, owner, item.id, c.id, 1);
      await patch(server, owner, placed.order_item.id, { issue: at(0) }).expect(200);
      expect((await setStatus(server, owner, c.id, { status: "cancelled" }).expect(409)).body).toEqual({
        error: L.issuedCannotCancel,
      });
      expect(await statusInDb(server, c.id)).toBe("confirmed");
      await patch(server, owner, placed.order_item.id, { issue: null }).expect(200);
      await setStatus(server, owner, c.id, { status: "cancelled" }).expect(200);
    });

    it("reopens a cancelled case only where its bookings fit: 409 + shortages + the tentative holds in the way", async () => {
      const item = await makeItem(server, owner, { stock: 4, title: "スピーカー" });
      const c = await makeCase(server, owner, { start: at(200), end: at(210) });
      await addUnits(server, owner, item.id, c.id, 2);
      await setStatus(server, owner, c.id, { status: "cancelled" }).expect(200);
      const until = inMinutes(120);
      const hold = await makeHold(server, staff, {
        title: "仮の展示会",
        start: at(205),
        end: at(215),
        holdUntil: until,
      });
      await addUnits(server, staff, item.id, hold.id, 3);
      const res = await setStatus(server, owner, c.id, { status: "confirmed" }).expect(409);
      expect(res.body).toEqual({
        error: L.reopenShortage,
        shortages: [{ item_id: item.id, title: "スピーカー", required: 5, available: 4 }],
        tentative_holds: [
          {
            case_id: hold.id,
            case_title: "仮の展示会",
            item_id: item.id,
            item_title: "スピーカー",
            quantity: 3,
            start_date: at(205),
            end_date: at(215),
            hold_until: new Date(until).toISOString(),
            held_by: staff.userId,
            held_by_name: "佐藤 花子",
          },
        ],
      });
      expect(await statusInDb(server, c.id)).toBe("cancelled");
      await setStatus(server, staff, hold.id, { status: "cancelled" }).expect(200);
      const back = await setStatus(server, owner, c.id, { status: "tentative", hold_until: until }).expect(
        200,
      );
      expect(back.body).toMatchObject({
        status: "tentative",
        held_by: owner.userId,
        held_by_name: "山田 太郎",
      });
    });

    it("a hold past its deadline is released by the call itself, which answers 409", async () => {
      const c = await makeHold(server, owner);
      await lapse(server, c.id);
      expect((await setStatus(server, owner, c.id, { status: "confirmed" }).expect(409)).body).toEqual({
        error: L.lapsed,
      });
      expect(await statusInDb(server, c.id)).toBe("cancelled");
    });
  });

  describe("a cancelled case holds no stock, a tentative one does", () => {
    it("the summary, additem, the order item edit, the stock edit and the weekly view all leave it out", async () => {
      const item = await makeItem(server, owner, { stock: 5 });
      const base = Date.parse("2031-06-01T00:00:00+09:00");
      const h = (n: number) => new Date(base + n * 3_600_000).toISOString();
      const confirmed = await makeCase(server, owner, { start: h(1), end: h(5) });
      await addUnits(server, owner, item.id, confirmed.id, 2);
      const hold = await makeHold(server, owner, { start: h(3), end: h(8) });
      await addUnits(server, owner, item.id, hold.id, 2);
      const gone = await makeCase(server, owner, { start: h(2), end: h(6) });
      await addUnits(server, owner, item.id, gone.id, 1);
      const probe = await makeCase(server, owner, { start: h(0), end: h(10) });
      expect(await shippable(probe.id, item.id)).toBe(0);
      const week = async () =>
        (await api().get("/api/items/2031/06/01/").set(bearer(owner)).expect(200)).body.results.items.find(
          (i: { id: number }) => i.id === item.id,
        );
      expect((await week()).daily_order_quantities[0]).toBe(5);
      expect((await week()).daily_tentative_quantities[0]).toBe(2);

      await setStatus(server, owner, gone.id, { status: "cancelled" }).expect(200);
      expect(await shippable(probe.id, item.id)).toBe(1);
      expect((await week()).daily_order_quantities.slice(0, 2)).toEqual([4, 0]);
      expect((await week()).daily_tentative_quantities.slice(0, 2)).toEqual([2, 0]);
      // The freed unit can be booked, and the stock lowered to what the live cases hold.
      await add(server, owner, item.id, probe.id).expect(200);
      await add(server, owner, item.id, probe.id).expect(409);
      await reduceOne(item.id, probe.id);
      await api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, stock_quantity: 4 })
        .expect(200);
      // Releasing the hold frees its two units; confirming would have kept them.
      await setStatus(server, owner, hold.id, { status: "cancelled" }).expect(200);
      expect((await week()).daily_tentative_quantities[0]).toBe(0);
      expect(await shippable(probe.id, item.id)).toBe(2);
    });

    it("a cancelled case takes no units and ships nothing; a tentative one takes units but cannot be issued", async () => {
      const item = await makeItem(server, owner, { stock: 5 });
      const hold = await makeHold(server, owner);
      const placed = await addUnits(server, owner, item.id, hold.id, 1);
      expect((await patch(server, owner, placed.order_item.id, { issue: at(0) }).expect(409)).body).toEqual({
        error: L.tentativeNotIssuable,
      });
      await setStatus(server, owner, hold.id, { status: "cancelled" }).expect(200);
      expect((await add(server, owner, item.id, hold.id).expect(409)).body).toEqual({
        error: L.cancelledCase,
      });
      expect((await patch(server, owner, placed.order_item.id, { issue: at(0) }).expect(409)).body).toEqual({
        error: L.cancelledCase,
      });
      // Its order items may still be edited (no stock is held, so no check) and reduced.
      await patch(server, owner, placed.order_item.id, {
        start_date: at(0),
        end_date: at(1),
        order_quantity: 5,
        note: "",
      }).expect(200);
      await api().post(`/api/reduceitem/${item.id}/${hold.id}/`).set(bearer(owner)).expect(200);
    });

    it("the warehouse board leaves cancelled cases out", async () => {
      const today = new Date();
      const start = new Date(today.getTime() + 60_000).toISOString();
      const end = new Date(today.getTime() + 2 * 60_000).toISOString();
      const item = await makeItem(server, owner, { stock: 5 });
      const c = await makeCase(server, owner, { start, end });
      await addUnits(server, owner, item.id, c.id, 1);
      const board = async () => {
        const body = (await api().get("/api/warehouse/").set(bearer(owner)).expect(200)).body;
        return [...body.days.flatMap((d: { cases: { id: number }[] }) => d.cases), ...body.overdue].map(
          (x: { id: number }) => x.id,
        );
      };
      expect(await board()).toContain(c.id);
      await setStatus(server, owner, c.id, { status: "cancelled" }).expect(200);
      expect(await board()).not.toContain(c.id);
    });
  });

  async function reduceOne(itemId: number, caseId: number) {
    await api().post(`/api/reduceitem/${itemId}/${caseId}/`).set(bearer(owner)).expect(200);
  }

  describe("a shortage refusal lists the tentative holds in the way, with holder and deadline", () => {
    it("additem, the order item edit and the case period change", async () => {
      const item = await makeItem(server, owner, { stock: 3, title: "マイク" });
      const until = inMinutes(45);
      const hold = await makeHold(server, staff, {
        title: "A社仮",
        start: at(300),
        end: at(310),
        holdUntil: until,
      });
      await addUnits(server, staff, item.id, hold.id, 2);
      const firm = await makeCase(server, owner, { start: at(300), end: at(310) });
      await addUnits(server, owner, item.id, firm.id, 1);
      const entry = {
        case_id: hold.id,
        case_title: "A社仮",
        item_id: item.id,
        item_title: "マイク",
        quantity: 2,
        start_date: at(300),
        end_date: at(310),
        hold_until: new Date(until).toISOString(),
        held_by: staff.userId,
        held_by_name: "佐藤 花子",
      };
      const short = (required: number) => [{ item_id: item.id, title: "マイク", required, available: 3 }];
      const mine = await makeCase(server, owner, { start: at(305), end: at(306) });
      expect((await add(server, owner, item.id, mine.id).expect(409)).body).toEqual({
        error: ja.allocation.shortage,
        shortages: short(4),
        tentative_holds: [entry],
      });
      const elsewhere = await makeCase(server, owner, { start: at(400), end: at(401) });
      const placed = await addUnits(server, owner, item.id, elsewhere.id, 1);
      const edit = await patch(server, owner, placed.order_item.id, {
        start_date: at(309),
        end_date: at(311),
        order_quantity: 1,
        note: "",
      }).expect(409);
      expect(edit.body).toEqual({
        error: ja.allocation.shortage,
        shortages: short(4),
        tentative_holds: [entry],
      });
      const moved = await api()
        .put(`/api/workcases/${elsewhere.id}/`)
        .set(bearer(owner))
        .send({ ...elsewhere, start_date: at(299), end_date: at(301) })
        .expect(409);
      expect(moved.body).toEqual({
        error: ja.allocation.casePeriodShortage,
        shortages: short(4),
        tentative_holds: [entry],
      });
      // Confirmed blockers alone: the list is empty.
      await setStatus(server, staff, hold.id, { status: "confirmed" }).expect(200);
      expect((await add(server, owner, item.id, mine.id).expect(409)).body.tentative_holds).toEqual([]);
    });
  });

  describe("the sweep releases lapsed holds", () => {
    it("releases only holds past their deadline, in every group, and pushes the change", async () => {
      const item = await makeItem(server, owner, { stock: 2 });
      const due = await makeHold(server, owner, { start: at(500), end: at(501) });
      await addUnits(server, owner, item.id, due.id, 2);
      const notYet = await makeHold(server, owner, { start: at(500), end: at(501) });
      const theirs = await makeHold(server, other);
      await lapse(server, due.id);
      await lapse(server, theirs.id);
      const socket = await connect(server, owner.access);
      try {
        const released = nextEvent<{ workcase: { id: number; status: string } }>(
          socket,
          "workcases.upserted",
          (p) => p.workcase.id === due.id && p.workcase.status === "cancelled",
        );
        const stock = nextEvent<{ item_ids: number[] }>(socket, "stock.changed", (p) =>
          p.item_ids.includes(item.id),
        );
        const ids = await sweepLapsedHolds(server.deps);
        expect(ids).toEqual(expect.arrayContaining([due.id, theirs.id]));
        expect(ids).not.toContain(notYet.id);
        expect((await released).workcase).toMatchObject({ status: "cancelled", held_by: owner.userId });
        await stock;
        expect(await sweepLapsedHolds(server.deps)).toEqual([]);
        expect(await statusInDb(server, notYet.id)).toBe("tentative");
        await add(server, owner, item.id, notYet.id).expect(200);
      } finally {
        socket.close();
      }
    });

    it("the server's own sweeper releases a hold at its deadline (a server with the sweeper on)", async () => {
      const { startTestServer } = await import("../../test/testServer");
      const live = await startTestServer(driver, { config: { holdSweepMaxWaitMs: 60_000 } });
      try {
        const me = await signUpOwner(live);
        const c = await makeHold(live, me, { holdUntil: new Date(Date.now() + 1500).toISOString() });
        const socket = await connect(live, me.access);
        try {
          // Woken by the create for the deadline (well before the 60 s look), not by the test.
          const event = await nextEvent<{
            workcase: { id: number; status: string; hold_until: string | null };
          }>(
            socket,
            "workcases.upserted",
            (p) => p.workcase.id === c.id && p.workcase.status === "cancelled",
            30_000,
          );
          expect(event.workcase.hold_until).toBe(c.hold_until);
        } finally {
          socket.close();
        }
      } finally {
        await live.close();
      }
    });
  });
});
