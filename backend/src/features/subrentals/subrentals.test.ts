import type { HoldersDto, TimelineDto } from "@zaiko/common/availability/insight.schema";
import type { WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { SubRentalDto } from "@zaiko/common/subrentals/subrentals.schema";
import ExcelJS from "exceljs";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, binaryBody, ownerWithStaff, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent } from "../../test/sockets";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, makeCase, reduce } from "../orderitems/orderitems.testkit";

const tokyo = (local: string) => new Date(`${local}+09:00`).toISOString();
const s = ja.subrentals;

/**
 * 取引先 and 外部手配 (docs/subrental.md) through the API, on both databases: hired units add to an item's stock for
 * their period in every reader (the +, the summary, the weekly view, the timeline, 理由), and every change that
 * would take them from bookings that need them is refused with the short cases named.
 */
describeOnDatabases("sub-rentals (外部手配)", (driver) => {
  let server: RunningServer;

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  const api = () => request(server.url);
  const makeSupplier = async (session: Session, name = "東京機材レンタル") => {
    const res = await api()
      .post("/api/suppliers/")
      .set(bearer(session))
      .send({ name, contact: "03-1234-5678", memo: "平日のみ" });
    expect(res.status).toBe(201);
    return res.body as { id: number; name: string };
  };
  const hire = (session: Session, body: object) =>
    api().post("/api/subrentals/").set(bearer(session)).send(body);
  const status = (session: Session, id: number, to: string) =>
    api().post(`/api/subrentals/${id}/status/`).set(bearer(session)).send({ status: to });
  const summaryOf = async (session: Session, caseId: number, itemId: number) => {
    const res = await api().get(`/api/inventorysummary/${caseId}/summary/`).set(bearer(session)).expect(200);
    return res.body.find((r: { id: number }) => r.id === itemId).shippable_quantity as number;
  };

  /** A group with an item of stock 1 and a case 5/10 10:00–18:00 that already holds that unit. */
  async function oneUnitBooked() {
    const session = await signUpOwner(server);
    const category = await makeCategory(server, session, "音響");
    const item = await makeItem(server, session, { category: category.id, title: "スピーカー", stock: 1 });
    const kase = await makeCase(server, session, {
      title: "市民祭り",
      start: tokyo("2030-05-10T10:00"),
      end: tokyo("2030-05-10T18:00"),
    });
    await add(server, session, item.id, kase.id).expect(200);
    const supplier = await makeSupplier(session);
    const period = { start_date: tokyo("2030-05-10T09:00"), end_date: tokyo("2030-05-10T20:00") };
    return { session, category, item, kase, supplier, period };
  }

  describe("取引先", () => {
    it("every member creates and edits; names are unique per group; only an owner deletes", async () => {
      const { owner, staff } = await ownerWithStaff(server);
      const created = await makeSupplier(staff, "大阪音響");
      expect(created).toMatchObject({ name: "大阪音響", contact: "03-1234-5678", memo: "平日のみ" });
      const dup = await api().post("/api/suppliers/").set(bearer(owner)).send({ name: " 大阪音響 " });
      expect(dup.status).toBe(400);
      expect(dup.body).toEqual({ name: [s.supplierNameTaken] });
      const empty = await api().post("/api/suppliers/").set(bearer(owner)).send({ name: "  " });
      expect(empty.body).toEqual({ name: [s.supplierNameRequired] });
      const edited = await api()
        .put(`/api/suppliers/${created.id}/`)
        .set(bearer(staff))
        .send({ name: "大阪音響株式会社", contact: "", memo: "" });
      expect(edited.status).toBe(200);
      expect(edited.body.name).toBe("大阪音響株式会社");
      expect(edited.body.version).toBeGreaterThan(1);
      await api().delete(`/api/suppliers/${created.id}/`).set(bearer(staff)).expect(403);
      const list = await api().get("/api/suppliers/").set(bearer(staff)).expect(200);
      expect(list.body.map((x: { name: string }) => x.name)).toEqual(["大阪音響株式会社"]);
      // Another group sees none of it, and its id behaves like a missing one.
      const other = await signUpOwner(server);
      expect((await api().get("/api/suppliers/").set(bearer(other)).expect(200)).body).toEqual([]);
      await api().put(`/api/suppliers/${created.id}/`).set(bearer(other)).send({ name: "x" }).expect(404);
      await api().delete(`/api/suppliers/${created.id}/`).set(bearer(other)).expect(404);
      await api().delete(`/api/suppliers/${created.id}/`).set(bearer(owner)).expect(204);
      await api().delete(`/api/suppliers/${created.id}/`).set(bearer(owner)).expect(404);
    });

    it("a supplier with sub-rentals is kept (409)", async () => {
      const { session, item, supplier, period } = await oneUnitBooked();
      await hire(session, { supplier: supplier.id, item: item.id, quantity: 1, ...period }).expect(201);
      const refused = await api().delete(`/api/suppliers/${supplier.id}/`).set(bearer(session));
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: s.supplierInUse });
    });
  });

  describe("hired units count as stock for their period in every reader", () => {
    it("a refused + goes through once the missing unit is hired for the case's period", async () => {
      const { session, item, kase, supplier, period } = await oneUnitBooked();
      const refused = await add(server, session, item.id, kase.id);
      expect(refused.status).toBe(409);
      expect(refused.body.shortages).toEqual([
        { item_id: item.id, title: "スピーカー", required: 2, available: 1 },
      ]);

      const created = await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 1,
        ...period,
        work_case: kase.id,
        cost_memo: "1日 5,000円",
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        supplier_name: "東京機材レンタル",
        item_title: "スピーカー",
        quantity: 1,
        work_case: kase.id,
        case_title: "市民祭り",
        status: "requested",
        cost_memo: "1日 5,000円",
      });
      expect(await summaryOf(session, kase.id, item.id)).toBe(1);
      const added = await add(server, session, item.id, kase.id);
      expect(added.status).toBe(200);
      expect(added.body.order_item.order_quantity).toBe(2);
      expect(added.body.summary.shippable_quantity).toBe(0);
      // A third unit is short again: stock 1 + 1 hired.
      const third = await add(server, session, item.id, kase.id);
      expect(third.status).toBe(409);
      expect(third.body.shortages).toEqual([
        { item_id: item.id, title: "スピーカー", required: 3, available: 2 },
      ]);
    });

    it("a hire that does not cover the whole period does not cover the unit", async () => {
      const { session, item, kase, supplier } = await oneUnitBooked();
      await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 1,
        start_date: tokyo("2030-05-10T12:00"),
        end_date: tokyo("2030-05-10T20:00"),
      }).expect(201);
      expect(await summaryOf(session, kase.id, item.id)).toBe(0);
      await add(server, session, item.id, kase.id).expect(409);
    });

    it("with a turnaround the hire must cover it too", async () => {
      const { session, category, item, kase, supplier } = await oneUnitBooked();
      await api()
        .put(`/api/categories/${category.id}/`)
        .set(bearer(session))
        .send({ category: "音響", turnaround_after_minutes: 120 })
        .expect(200);
      const short = await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 1,
        start_date: tokyo("2030-05-10T10:00"),
        end_date: tokyo("2030-05-10T18:00"),
      }).expect(201);
      await add(server, session, item.id, kase.id).expect(409);
      await api()
        .put(`/api/subrentals/${short.body.id}/`)
        .set(bearer(session))
        .send({
          supplier: supplier.id,
          item: item.id,
          quantity: 1,
          start_date: tokyo("2030-05-10T10:00"),
          end_date: tokyo("2030-05-10T20:00"),
        })
        .expect(200);
      await add(server, session, item.id, kase.id).expect(200);
    });

    it("the weekly view, the timeline and 理由 count the hired units and draw them by supplier", async () => {
      const { session, item, kase, supplier, period } = await oneUnitBooked();
      const made = await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 2,
        ...period,
      }).expect(201);
      await add(server, session, item.id, kase.id).expect(200);

      const week = await api().get("/api/items/2030/05/09/").set(bearer(session)).expect(200);
      const row = (week.body as WeeklyItemsDto).results.items.find((i) => i.id === item.id)!;
      expect(row.daily_order_quantities).toEqual([0, 2, 0, 0, 0, 0, 0]);
      expect(row.daily_hired_quantities).toEqual([0, 2, 0, 0, 0, 0, 0]);
      // 5/10: 2 booked, stock 1 + 2 hired over the whole booking: 1 free.
      expect(row.daily_free_quantities).toEqual([1, 1, 1, 1, 1, 1, 1]);

      const tl = await api()
        .get(`/api/availability/timeline/?item=${item.id}&from=2030-05-09&weeks=1`)
        .set(bearer(session))
        .expect(200);
      const line = (tl.body as TimelineDto).items[0]!;
      expect(line.daily_peaks).toEqual([0, 2, 0, 0, 0, 0, 0]);
      expect(line.daily_hired).toEqual([0, 2, 0, 0, 0, 0, 0]);
      expect(line.daily_free).toEqual([1, 1, 1, 1, 1, 1, 1]);
      expect(line.hires).toEqual([
        {
          sub_rental_id: made.body.id,
          supplier_name: "東京機材レンタル",
          quantity: 2,
          status: "requested",
          start_date: new Date(period.start_date).toISOString(),
          end_date: new Date(period.end_date).toISOString(),
          work_case: null,
        },
      ]);

      const other = await makeCase(server, session, {
        start: tokyo("2030-05-10T11:00"),
        end: tokyo("2030-05-10T12:00"),
      });
      const why = await api()
        .get(`/api/availability/items/${item.id}/holders/?case=${other.id}`)
        .set(bearer(session))
        .expect(200);
      const holders = why.body as HoldersDto;
      expect(holders.available).toBe(1);
      expect(holders.hires).toHaveLength(1);
      expect(await summaryOf(session, other.id, item.id)).toBe(1);
    });
  });

  describe("taking hired units away from bookings that need them is refused", () => {
    async function covered() {
      const booked = await oneUnitBooked();
      const made = await hire(booked.session, {
        supplier: booked.supplier.id,
        item: booked.item.id,
        quantity: 1,
        ...booked.period,
        work_case: booked.kase.id,
      }).expect(201);
      await add(server, booked.session, booked.item.id, booked.kase.id).expect(200);
      return { ...booked, hired: made.body as SubRentalDto };
    }
    const put = (session: Session, hired: SubRentalDto, change: object) =>
      api()
        .put(`/api/subrentals/${hired.id}/`)
        .set(bearer(session))
        .send({
          supplier: hired.supplier,
          item: hired.item,
          quantity: hired.quantity,
          start_date: hired.start_date,
          end_date: hired.end_date,
          work_case: hired.work_case,
          cost_memo: hired.cost_memo,
          ...change,
        });
    const shortCase = (kase: { id: number }) => ({
      error: expect.any(String),
      shortages: [expect.objectContaining({ required: 2, available: 1 })],
      short_cases: [
        expect.objectContaining({
          at: expect.any(String),
          cases: [expect.objectContaining({ case_id: kase.id, case_title: "市民祭り", quantity: 2 })],
        }),
      ],
    });

    it("shortening, fewer units, another item, a cancel: 409 with the short cases, nothing changed", async () => {
      const { session, item, kase, hired } = await covered();
      const earlier = await put(session, hired, { end_date: tokyo("2030-05-10T17:59") });
      expect(earlier.status).toBe(409);
      expect(earlier.body).toEqual(shortCase(kase));
      expect(earlier.body.error).toBe(s.shortened);
      expect(earlier.body.short_cases[0].at).toBe(
        new Date(Date.parse(tokyo("2030-05-10T17:59")) + 1).toISOString(),
      );
      const later = await put(session, hired, { start_date: tokyo("2030-05-10T10:01") });
      expect(later.body).toEqual(shortCase(kase));
      const fewer = await put(session, hired, { quantity: 2 });
      expect(fewer.status).toBe(200); // more is fine
      const back = await put(session, { ...hired, quantity: 2 }, { quantity: 1 });
      expect(back.status).toBe(200);
      const none = await put(session, hired, { quantity: 1, end_date: tokyo("2030-05-10T12:00") });
      expect(none.status).toBe(409);
      const otherItem = await makeItem(server, session, { stock: 0 });
      const moved = await put(session, hired, { item: otherItem.id });
      expect(moved.status).toBe(409);
      const cancel = await status(session, hired.id, "cancelled");
      expect(cancel.status).toBe(409);
      expect(cancel.body).toEqual(shortCase(kase));
      expect(cancel.body.error).toBe(s.cancelShort);
      // Nothing changed: the hire as it was (after the accepted quantity edits), the unit still covered.
      const now = await api().get(`/api/subrentals/${hired.id}/`).set(bearer(session)).expect(200);
      expect(now.body).toMatchObject({
        quantity: 1,
        status: "requested",
        end_date: hired.end_date,
        item: item.id,
      });
      expect(await summaryOf(session, kase.id, item.id)).toBe(0);
      // Once the booking no longer needs it, it may go.
      await reduce(server, session, item.id, kase.id).expect(200);
      const ok = await status(session, hired.id, "cancelled");
      expect(ok.status).toBe(200);
      expect(ok.body.status).toBe("cancelled");
      const closed = await put(session, hired, {});
      expect(closed.status).toBe(409);
      expect(closed.body).toEqual({ error: s.closed });
    });

    it("入荷 then an early 返却 is refused while a later booking needs the units; the states follow the diagram", async () => {
      const session = await signUpOwner(server);
      const item = await makeItem(server, session, { stock: 0 });
      const supplier = await makeSupplier(session);
      const now = Date.now();
      const iso = (h: number) => new Date(now + h * 3_600_000).toISOString();
      const made = await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 1,
        start_date: iso(-1),
        end_date: iso(72),
      }).expect(201);
      const kase = await makeCase(server, session, { title: "来週の案件", start: iso(24), end: iso(48) });
      await add(server, session, item.id, kase.id).expect(200);
      const wrong = await status(session, made.body.id, "returned");
      expect(wrong.status).toBe(409);
      expect(wrong.body).toEqual({ error: s.badTransition("手配中", "返却済") });
      const received = await status(session, made.body.id, "received");
      expect(received.status).toBe(200);
      expect(received.body.received_at).not.toBeNull();
      const early = await status(session, made.body.id, "returned");
      expect(early.status).toBe(409);
      expect(early.body.error).toBe(s.returnShort);
      expect(early.body.short_cases[0].cases).toEqual([expect.objectContaining({ case_id: kase.id })]);
      await reduce(server, session, item.id, kase.id).expect(200);
      const returned = await status(session, made.body.id, "returned");
      expect(returned.status).toBe(200);
      expect(returned.body.status).toBe("returned");
      // Returned: its units are stock no longer, from the return on.
      await add(server, session, item.id, kase.id).expect(409);
      expect((await status(session, made.body.id, "cancelled")).status).toBe(409);
    });

    it("a stock edit counts the hired units (lower stock with them covering is accepted)", async () => {
      const { session, item, kase, supplier, period } = await oneUnitBooked();
      await hire(session, { supplier: supplier.id, item: item.id, quantity: 1, ...period }).expect(201);
      const put = (stock: number) =>
        api()
          .put(`/api/items/${item.id}/`)
          .set(bearer(session))
          .send({ title: item.title, category: item.category, stock_quantity: stock, note: "" });
      await put(0).expect(200);
      await add(server, session, item.id, kase.id).expect(409);
    });
  });

  describe("the warehouse board", () => {
    it("shows 入荷 on the arrival day while 手配中 and 返却 on the planned return day once 入荷済", async () => {
      const { session, item, kase, supplier } = await oneUnitBooked();
      const made = await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 2,
        start_date: tokyo("2030-05-09T15:00"),
        end_date: tokyo("2030-05-11T10:00"),
        work_case: kase.id,
      }).expect(201);
      const board = async (day: string) =>
        (await api().get(`/api/warehouse/?date=${day}`).set(bearer(session)).expect(200)).body;
      const before = await board("2030-05-09");
      expect(before.days[0].hires).toEqual([
        {
          sub_rental_id: made.body.id,
          kind: "arrive",
          at: new Date(tokyo("2030-05-09T15:00")).toISOString(),
          supplier_name: "東京機材レンタル",
          item: item.id,
          item_title: "スピーカー",
          quantity: 2,
          status: "requested",
          work_case: kase.id,
          case_title: "市民祭り",
          lost_quantity: 0,
          broken_quantity: 0,
          return_quantity: 2,
        },
      ]);
      expect(before.days[1].hires).toEqual([]);
      expect(before.overdue_hires).toEqual([]);
      // Not here yet: no 返却 row on its return day.
      expect((await board("2030-05-11")).days[0].hires).toEqual([]);
      await status(session, made.body.id, "received").expect(200);
      expect((await board("2030-05-09")).days[0].hires).toEqual([]);
      const back = await board("2030-05-10");
      expect(back.days[0].hires).toEqual([]);
      expect(back.days[1].hires).toEqual([
        expect.objectContaining({
          kind: "return",
          quantity: 2,
          status: "received",
          supplier_name: "東京機材レンタル",
        }),
      ]);
    });

    it("lists a received hire past its 返却予定 as overdue (once, not on its day) until it is given back", async () => {
      const session = await signUpOwner(server);
      const category = await makeCategory(server, session, "照明");
      const item = await makeItem(server, session, { category: category.id, title: "ライト", stock: 0 });
      const supplier = await makeSupplier(session, "横浜照明");
      const end = new Date(Date.now() - 60 * 60 * 1000);
      const made = await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 3,
        start_date: new Date(end.getTime() - 24 * 60 * 60 * 1000).toISOString(),
        end_date: end.toISOString(),
      }).expect(201);
      const board = async () => (await api().get("/api/warehouse/").set(bearer(session)).expect(200)).body;
      // Still 手配中: not overdue (nothing to give back).
      expect((await board()).overdue_hires).toEqual([]);
      await status(session, made.body.id, "received").expect(200);
      const late = await board();
      expect(late.overdue_hires).toEqual([
        expect.objectContaining({
          sub_rental_id: made.body.id,
          kind: "return",
          at: end.toISOString(),
          supplier_name: "横浜照明",
          quantity: 3,
          return_quantity: 3,
          status: "received",
        }),
      ]);
      for (const day of late.days) expect(day.hires).toEqual([]);
      // After its planned end its units are no longer stock, though they are still here: a case from now on
      // cannot book them (the item has no stock of its own).
      const soon = await makeCase(server, session, {
        start: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
        end: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
      });
      expect((await add(server, session, item.id, soon.id)).status).toBe(409);
      // Another group sees none of it.
      const other = await signUpOwner(server);
      expect((await api().get("/api/warehouse/").set(bearer(other)).expect(200)).body.overdue_hires).toEqual(
        [],
      );
      await status(session, made.body.id, "returned").expect(200);
      expect((await board()).overdue_hires).toEqual([]);
    });
  });

  describe("the case's Excel export", () => {
    it("puts 「外部手配：{取引先}」 in the note cell of an item hired for the case", async () => {
      const { session, item, kase, supplier, period } = await oneUnitBooked();
      await hire(session, {
        supplier: supplier.id,
        item: item.id,
        quantity: 1,
        ...period,
        work_case: kase.id,
      }).expect(201);
      const orders = await api()
        .get(`/api/orderitems/?work_case=${kase.id}`)
        .set(bearer(session))
        .expect(200);
      const res = await api()
        .post("/api/export-excel/")
        .set(bearer(session))
        .send({ order_items: [orders.body[0].id], workcaseDetail: { id: kase.id } })
        .buffer(true)
        .parse(binaryBody)
        .expect(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.body as unknown as ArrayBuffer);
      const values: string[] = [];
      workbook.worksheets[0]!.eachRow((row) => {
        row.eachCell((cell) => {
          values.push(String(cell.value));
        });
      });
      expect(values).toContain(s.packLine("東京機材レンタル"));
    });
  });

  describe("bad input and other groups", () => {
    it("answers 400 on the field, 404 for unknown or another group's rows, and changes nothing", async () => {
      const { session, item, kase, supplier, period } = await oneUnitBooked();
      const base = { supplier: supplier.id, item: item.id, quantity: 1, ...period };
      expect((await hire(session, { ...base, quantity: 0 })).body).toEqual({ quantity: [s.quantityInvalid] });
      expect((await hire(session, { ...base, quantity: "x" })).body).toEqual({
        quantity: [s.quantityInvalid],
      });
      expect(
        (await hire(session, { ...base, start_date: period.end_date, end_date: period.start_date })).body,
      ).toEqual({ start_date: [ja.validation.startAfterEnd] });
      expect((await hire(session, { ...base, start_date: undefined })).body).toEqual({
        start_date: [s.startRequired],
      });
      const other = await signUpOwner(server);
      const theirs = await makeItem(server, other, { stock: 1 });
      const theirSupplier = await makeSupplier(other);
      const theirCase = await makeCase(server, other);
      expect((await hire(session, { ...base, item: theirs.id })).body).toEqual({ item: [s.itemSelect] });
      expect((await hire(session, { ...base, supplier: theirSupplier.id })).body).toEqual({
        supplier: [s.supplierSelect],
      });
      expect((await hire(session, { ...base, work_case: theirCase.id })).body).toEqual({
        work_case: [s.caseNotFound],
      });
      const list = await api().get("/api/subrentals/").set(bearer(session)).expect(200);
      expect(list.body).toEqual([]);
      const mine = await hire(session, { ...base, work_case: kase.id }).expect(201);
      await api().get(`/api/subrentals/${mine.body.id}/`).set(bearer(other)).expect(404);
      await status(other, mine.body.id, "cancelled").expect(404);
      await api().get("/api/subrentals/999999/").set(bearer(session)).expect(404);
      await api().get("/api/subrentals/?month=2030-13").set(bearer(session)).expect(400);
      await status(session, mine.body.id, "requested").expect(400);
      await api().get("/api/subrentals/").expect(401);
    });
  });

  describe("live, history, CSV", () => {
    it("sends subrentals.upserted and stock.changed, records history, lists the month in the CSV", async () => {
      const { session, item, kase, supplier, period } = await oneUnitBooked();
      const socket = await connect(server, session.access);
      try {
        const upserted = nextEvent<{ sub_rental: SubRentalDto }>(socket, "subrentals.upserted");
        const stock = nextEvent<{ item_ids: number[] }>(socket, "stock.changed", (p) =>
          p.item_ids.includes(item.id),
        );
        // The entry of the '+' that booked the unit may still be on its way when the socket connects: wait for the hire's.
        const history = nextEvent<{ entries: { action: string }[] }>(socket, "history.added", (p) =>
          p.entries.some((e) => e.action.startsWith("subrental.")),
        );
        const made = await hire(session, {
          supplier: supplier.id,
          item: item.id,
          quantity: 1,
          ...period,
          work_case: kase.id,
          cost_memo: "=SUM(1)",
        }).expect(201);
        expect((await upserted).sub_rental.id).toBe(made.body.id);
        await stock;
        expect((await history).entries[0]!.action).toBe("subrental.create");
      } finally {
        socket.close();
      }
      const entries = await api().get(`/api/history/?item=${item.id}`).set(bearer(session)).expect(200);
      expect(JSON.stringify(entries.body)).toContain("subrental.create");
      const csv = await api().get("/api/subrentals/export/?month=2030-05").set(bearer(session)).expect(200);
      expect(csv.headers["content-type"]).toContain("text/csv");
      const text = csv.text.replace(/^\uFEFF/, "");
      const lines = text.trim().split("\r\n");
      expect(lines[0]).toBe(s.csvHeader.join(","));
      expect(lines[1]).toBe(
        "東京機材レンタル,スピーカー,1,2030年05月10日 09:00,2030年05月10日 20:00,市民祭り,'=SUM(1),手配中,0,0",
      );
      const june = await api().get("/api/subrentals/export/?month=2030-06").set(bearer(session)).expect(200);
      expect(
        june.text
          .replace(/^\uFEFF/, "")
          .trim()
          .split("\r\n"),
      ).toHaveLength(1);
    });
  });
});
