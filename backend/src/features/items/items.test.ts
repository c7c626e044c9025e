import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, ownerWithStaff, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import {
  insertCase,
  insertOrder,
  itemsOfGroupInDb,
  makeCategory,
  makeItem,
  ordersOfGroupInDb,
} from "./items.testkit";

const v = ja.validation;

describeOnDatabases("items", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  let categoryId: number;
  beforeAll(async () => {
    server = await startTestServer(driver);
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
    categoryId = (await makeCategory(server, owner, unique("機材"))).id;
  });
  afterAll(() => server.close());
  const api = () => request(server.url);
  const body = (over: Record<string, unknown> = {}) => ({
    title: unique("マイク"),
    category: categoryId,
    stock_quantity: 5,
    note: "メモ",
    group: owner.groupId,
    ...over,
  });

  describe("POST /api/items/", () => {
    it("creates an item and answers 201 Item", async () => {
      const b = body({ title: `  ${unique("プロジェクター")}  ` });
      const res = await api().post("/api/items/").set(bearer(staff)).send(b);
      expect(res.status).toBe(201);
      const category = (await api().get("/api/categories/").set(bearer(owner))).body.find(
        (c: { id: number }) => c.id === categoryId,
      );
      expect(res.body).toEqual({
        id: expect.any(Number),
        title: (b.title as string).trim(),
        category: categoryId,
        category_name: category.category,
        stock_quantity: 5,
        note: "メモ",
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
        group: owner.groupId,
        version: 1,
        // Counted, not tracked by unit (個体管理, docs/units.md).
        unit_tracked: false,
        // No turnaround of its own: it follows its category's, which has none.
        turnaround_before_minutes: null,
        turnaround_after_minutes: null,
        effective_turnaround_before_minutes: 0,
        effective_turnaround_after_minutes: 0,
      });
    });

    it("accepts the stock as a digit string, 0 and 1,000,000, and a missing or null note", async () => {
      for (const [stock, expected] of [
        ["12", 12],
        [" 7 ", 7],
        [0, 0],
        [1_000_000, 1_000_000],
      ] as const) {
        const res = await api()
          .post("/api/items/")
          .set(bearer(owner))
          .send(body({ stock_quantity: stock, note: undefined }));
        expect(res.status).toBe(201);
        expect(res.body.stock_quantity).toBe(expected);
        expect(res.body.note).toBe("");
      }
      const res = await api()
        .post("/api/items/")
        .set(bearer(owner))
        .send(body({ note: null }));
      expect(res.status).toBe(201);
    });

    it.each([
      ["empty", ""],
      ["blank", "  "],
      ["missing", undefined],
    ])("refuses a %s title: アイテム名は必須です", async (_l, title) => {
      const res = await api().post("/api/items/").set(bearer(owner)).send(body({ title }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ title: [v.itemTitleRequired] });
    });

    it.each([
      ["missing", undefined],
      ["null", null],
      ["empty", ""],
      ["blank", " "],
    ])("refuses a %s stock: 在庫数は必須です", async (_l, stock_quantity) => {
      const res = await api().post("/api/items/").set(bearer(owner)).send(body({ stock_quantity }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ stock_quantity: [v.stockRequired] });
    });

    it.each([
      ["letters", "abc"],
      ["a decimal", "1.5"],
      ["a negative number", -1],
      ["a negative string", "-3"],
      ["a float", 2.5],
      ["full-width digits", "１２"],
      ["a boolean", true],
    ])("refuses %s as stock: 在庫数は数値で入力してください", async (_l, stock_quantity) => {
      const res = await api().post("/api/items/").set(bearer(owner)).send(body({ stock_quantity }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ stock_quantity: [v.stockNumeric] });
    });

    it("refuses a stock above 1,000,000", async () => {
      const res = await api()
        .post("/api/items/")
        .set(bearer(owner))
        .send(body({ stock_quantity: 1_000_001 }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ stock_quantity: [ja.catalogue.stockTooLarge] });
    });

    it("refuses a title over 200 characters and a note over 2,000", async () => {
      const res = await api()
        .post("/api/items/")
        .set(bearer(owner))
        .send(body({ title: "a".repeat(201), note: "b".repeat(2001) }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ title: [v.tooLong(200)], note: [v.tooLong(2000)] });
    });

    it("reports every field at once", async () => {
      const res = await api().post("/api/items/").set(bearer(owner)).send({});
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        title: [v.itemTitleRequired],
        category: [ja.catalogue.categorySelect],
        stock_quantity: [v.stockRequired],
      });
    });

    it("refuses a title already used in the group, whatever the case or category", async () => {
      const title = unique("Speaker");
      await makeItem(server, owner, { title });
      const elsewhere = await makeCategory(server, owner);
      for (const t of [title, title.toUpperCase(), ` ${title.toLowerCase()}`]) {
        const res = await api()
          .post("/api/items/")
          .set(bearer(owner))
          .send(body({ title: t, category: elsewhere.id }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ title: [ja.catalogue.itemTitleTaken] });
      }
      // Another group may use it.
      await makeItem(server, other, { title });
    });

    it("refuses a category of another group or an unknown one (400 category), creating nothing", async () => {
      const theirs = await makeCategory(server, other);
      for (const category of [theirs.id, 99999999]) {
        const title = unique("x");
        const res = await api().post("/api/items/").set(bearer(owner)).send(body({ title, category }));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ category: [ja.catalogue.categoryNotInGroup] });
        const all = [
          ...(await itemsOfGroupInDb(server, owner.groupId)),
          ...(await itemsOfGroupInDb(server, other.groupId)),
        ];
        expect(all.map((i) => i.title)).not.toContain(title);
      }
    });

    it("answers 404 when the body's group is another group", async () => {
      const title = unique("y");
      await api()
        .post("/api/items/")
        .set(bearer(owner))
        .send(body({ title, group: other.groupId }))
        .expect(404);
      expect((await itemsOfGroupInDb(server, other.groupId)).map((i) => i.title)).not.toContain(title);
    });

    it("needs a token", async () => {
      await api().post("/api/items/").send(body()).expect(401);
    });
  });

  describe("PUT /api/items/{id}/", () => {
    it("edits title, category, stock and note and answers 200 Item (extra keys of the form are ignored)", async () => {
      const item = await makeItem(server, owner, { category: categoryId, stock: 3 });
      const to = await makeCategory(server, owner);
      const res = await api()
        .put(`/api/items/${item.id}/?groupid=${owner.groupId}`)
        .set(bearer(staff))
        .send({
          ...item,
          title: `${item.title}改`,
          category: to.id,
          stock_quantity: "8",
          note: "新",
          daily_order_quantities: [1],
        });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...item,
        title: `${item.title}改`,
        category: to.id,
        category_name: to.category,
        stock_quantity: 8,
        note: "新",
        version: item.version + 1,
      });
    });

    it("validates like the create", async () => {
      const item = await makeItem(server, owner);
      const res = await api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, title: "", stock_quantity: "x" });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ title: [v.itemTitleRequired], stock_quantity: [v.stockNumeric] });
      const taken = await makeItem(server, owner);
      const dup = await api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, title: taken.title.toUpperCase() });
      expect(dup.status).toBe(400);
      expect(dup.body).toEqual({ title: [ja.catalogue.itemTitleTaken] });
      const theirs = await makeCategory(server, other);
      const cat = await api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, category: theirs.id });
      expect(cat.status).toBe(400);
      expect(cat.body).toEqual({ category: [ja.catalogue.categoryNotInGroup] });
    });

    it("answers 404 for another group's item, an unknown id, or a foreign groupid/group, changing nothing", async () => {
      const theirs = await makeItem(server, other, { stock: 4 });
      const mine = await makeItem(server, owner, { stock: 4 });
      await api()
        .put(`/api/items/${theirs.id}/`)
        .set(bearer(owner))
        .send(body({ stock_quantity: 1 }))
        .expect(404);
      await api().put("/api/items/99999999/").set(bearer(owner)).send(body()).expect(404);
      await api()
        .put(`/api/items/${mine.id}/?groupid=${other.groupId}`)
        .set(bearer(owner))
        .send({ ...mine, stock_quantity: 1 })
        .expect(404);
      await api()
        .put(`/api/items/${mine.id}/`)
        .set(bearer(owner))
        .send({ ...mine, stock_quantity: 1, group: other.groupId })
        .expect(404);
      expect(
        (await itemsOfGroupInDb(server, other.groupId)).find((i) => i.id === theirs.id)?.stockQuantity,
      ).toBe(4);
      expect(
        (await itemsOfGroupInDb(server, owner.groupId)).find((i) => i.id === mine.id)?.stockQuantity,
      ).toBe(4);
    });

    describe("lowering the stock", () => {
      it("is refused with 409 {error, shortages} when bookings would exceed it, and nothing changes", async () => {
        const item = await makeItem(server, owner, { stock: 10 });
        // Two overlapping bookings (3 + 4 = 7 at the peak) and one apart (5).
        const t = (iso: string) => new Date(iso);
        await insertOrder(
          server,
          owner.groupId,
          item.id,
          3,
          t("2026-12-01T00:00:00Z"),
          t("2026-12-05T00:00:00Z"),
        );
        await insertOrder(
          server,
          owner.groupId,
          item.id,
          4,
          t("2026-12-05T00:00:00Z"),
          t("2026-12-06T00:00:00Z"),
        );
        await insertOrder(
          server,
          owner.groupId,
          item.id,
          5,
          t("2026-12-10T00:00:00Z"),
          t("2026-12-11T00:00:00Z"),
        );
        const res = await api()
          .put(`/api/items/${item.id}/`)
          .set(bearer(owner))
          .send({ ...item, stock_quantity: 6, note: "変更" });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          error: ja.catalogue.stockBelowAllocation,
          shortages: [{ item_id: item.id, title: item.title, required: 7, available: 6 }],
          // The cases held where the stock first breaks: the two bookings touching at 12/05 00:00.
          short_cases: [
            {
              item_id: item.id,
              title: item.title,
              at: "2026-12-05T00:00:00.000Z",
              cases: [
                {
                  case_id: expect.any(Number),
                  case_title: expect.stringMatching(/^案件/),
                  status: "confirmed",
                  start_date: "2026-12-01T00:00:00.000Z",
                  end_date: "2026-12-05T00:00:00.000Z",
                  quantity: 3,
                  out_of_service: false,
                },
                {
                  case_id: expect.any(Number),
                  case_title: expect.stringMatching(/^案件/),
                  status: "confirmed",
                  start_date: "2026-12-05T00:00:00.000Z",
                  end_date: "2026-12-06T00:00:00.000Z",
                  quantity: 4,
                  out_of_service: false,
                },
              ],
            },
          ],
        });
        const row = (await itemsOfGroupInDb(server, owner.groupId)).find((i) => i.id === item.id);
        expect(row?.stockQuantity).toBe(10);
        expect(row?.note).toBe("");
        // Exactly the peak is allowed (closed periods: the bookings touching at 12/05 00:00 count together).
        const ok = await api()
          .put(`/api/items/${item.id}/`)
          .set(bearer(owner))
          .send({ ...item, stock_quantity: 7 });
        expect(ok.status).toBe(200);
        expect(ok.body.stock_quantity).toBe(7);
      });

      it("counts past bookings too (the invariant holds at every instant)", async () => {
        const item = await makeItem(server, owner, { stock: 5 });
        await insertOrder(
          server,
          owner.groupId,
          item.id,
          5,
          new Date("2020-01-01T00:00:00Z"),
          new Date("2020-01-02T00:00:00Z"),
        );
        const res = await api()
          .put(`/api/items/${item.id}/`)
          .set(bearer(owner))
          .send({ ...item, stock_quantity: 4 });
        expect(res.status).toBe(409);
        expect(res.body.shortages).toEqual([
          { item_id: item.id, title: item.title, required: 5, available: 4 },
        ]);
      });

      it("is allowed freely without bookings, and raising is never checked", async () => {
        const item = await makeItem(server, owner, { stock: 5 });
        const caseId = await insertCase(
          server,
          owner.groupId,
          new Date("2026-12-01T00:00:00Z"),
          new Date("2026-12-02T00:00:00Z"),
        );
        expect(caseId).toEqual(expect.any(Number));
        await api()
          .put(`/api/items/${item.id}/`)
          .set(bearer(owner))
          .send({ ...item, stock_quantity: 0 })
          .expect(200);
        await api()
          .put(`/api/items/${item.id}/`)
          .set(bearer(owner))
          .send({ ...item, stock_quantity: 1_000_000 })
          .expect(200);
      });
    });
  });

  describe("GET /api/items/{id}/allocations/", () => {
    it("counts the order items that use the item; another group's item is 404", async () => {
      const item = await makeItem(server, owner);
      const url = `/api/items/${item.id}/allocations/?groupid=${owner.groupId}`;
      expect((await api().get(url).set(bearer(staff)).expect(200)).body).toEqual({ order_items: 0 });
      const start = new Date("2026-12-01T00:00:00Z");
      const end = new Date("2026-12-02T00:00:00Z");
      for (let i = 0; i < 2; i++) {
        const caseId = await insertCase(server, owner.groupId, start, end);
        await insertOrder(server, owner.groupId, item.id, 1, start, end, caseId);
      }
      expect((await api().get(url).set(bearer(owner)).expect(200)).body).toEqual({ order_items: 2 });
      await api().get(`/api/items/${item.id}/allocations/`).set(bearer(other)).expect(404);
      await api()
        .get(`/api/items/${item.id}/allocations/?groupid=${other.groupId}`)
        .set(bearer(owner))
        .expect(404);
      await api().get(`/api/items/${item.id}/allocations/`).expect(401);
    });
  });

  describe("DELETE /api/items/{id}/", () => {
    it("deletes the item and its order items (204)", async () => {
      const item = await makeItem(server, owner);
      const keep = await makeItem(server, owner);
      const start = new Date("2026-12-01T00:00:00Z");
      const end = new Date("2026-12-02T00:00:00Z");
      const caseId = await insertCase(server, owner.groupId, start, end);
      await insertOrder(server, owner.groupId, item.id, 1, start, end, caseId);
      await insertOrder(server, owner.groupId, keep.id, 1, start, end, caseId);
      await api().delete(`/api/items/${item.id}/?groupid=${owner.groupId}`).set(bearer(staff)).expect(204);
      expect((await itemsOfGroupInDb(server, owner.groupId)).map((i) => i.id)).not.toContain(item.id);
      const orders = (await ordersOfGroupInDb(server, owner.groupId)).filter((o) => o.workCaseId === caseId);
      expect(orders.map((o) => o.itemId)).toEqual([keep.id]);
      await api().delete(`/api/items/${item.id}/`).set(bearer(owner)).expect(404);
    });

    it("answers 404 for another group's item or a foreign groupid, deleting nothing", async () => {
      const theirs = await makeItem(server, other);
      const mine = await makeItem(server, owner);
      await api().delete(`/api/items/${theirs.id}/`).set(bearer(owner)).expect(404);
      await api().delete(`/api/items/${mine.id}/?groupid=${other.groupId}`).set(bearer(owner)).expect(404);
      await api().delete("/api/items/0/").set(bearer(owner)).expect(404);
      expect((await itemsOfGroupInDb(server, other.groupId)).map((i) => i.id)).toContain(theirs.id);
      expect((await itemsOfGroupInDb(server, owner.groupId)).map((i) => i.id)).toContain(mine.id);
    });
  });
});
