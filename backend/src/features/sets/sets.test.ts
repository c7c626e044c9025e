import { ja } from "@zaiko/common/messages/ja";
import type { ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { eq } from "drizzle-orm";
import request from "supertest";
import { itemSetParts, itemSets } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, ownerWithStaff, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { makeCase } from "../orderitems/orderitems.testkit";
import { addSet, makeSet } from "./sets.testkit";

const s = ja.sets;

describeOnDatabases("set catalogue", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  let category: number;
  let speaker: number;
  let mixer: number;
  let foreignItem: number;
  let foreignCategory: number;
  beforeAll(async () => {
    server = await startTestServer(driver);
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
    category = (await makeCategory(server, owner)).id;
    speaker = (await makeItem(server, owner, { category, title: unique("スピーカー"), stock: 4 })).id;
    mixer = (await makeItem(server, owner, { category, title: unique("ミキサー"), stock: 2 })).id;
    foreignCategory = (await makeCategory(server, other)).id;
    foreignItem = (await makeItem(server, other, { category: foreignCategory })).id;
  });
  afterAll(() => server.close());
  const api = () => request(server.url);
  const partsInDb = (setId: number) =>
    server.deps.database.db.select().from(itemSetParts).where(eq(itemSetParts.setId, setId));
  const setsOf = (groupId: number) =>
    server.deps.database.db.select().from(itemSets).where(eq(itemSets.groupId, groupId));

  describe("POST /api/sets/", () => {
    it("creates a set with its parts, answers 201 and lists it with used_by 0", async () => {
      const title = unique("PAセット");
      const res = await api()
        .post("/api/sets/")
        .set(bearer(staff))
        .send({
          title: `  ${title} `,
          category,
          note: "基本構成",
          parts: [
            { item: speaker, quantity: 2 },
            { item: mixer, quantity: "1" },
          ],
          group: owner.groupId,
        });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        title,
        category,
        category_name: expect.any(String),
        note: "基本構成",
        parts: expect.arrayContaining([
          { item: speaker, title: expect.stringContaining("スピーカー"), quantity: 2 },
          { item: mixer, title: expect.stringContaining("ミキサー"), quantity: 1 },
        ]),
        used_by: 0,
        created: expect.any(String),
        group: owner.groupId,
        version: 1,
      });
      expect(res.body.parts).toHaveLength(2);
      const list: ItemSetDto[] = (await api().get("/api/sets/").set(bearer(owner)).expect(200)).body;
      expect(list.find((x) => x.id === res.body.id)).toEqual(res.body);
      // Another group sees none of it.
      const theirs = (await api().get("/api/sets/").set(bearer(other)).expect(200)).body;
      expect(theirs.map((x: ItemSetDto) => x.id)).not.toContain(res.body.id);
    });

    it("refuses bad input with 400 and the field's Japanese message, creating nothing", async () => {
      const before = (await setsOf(owner.groupId)).length;
      const good = { title: unique("セット"), category, note: "", parts: [{ item: speaker, quantity: 1 }] };
      const cases: [Record<string, unknown>, string, string][] = [
        [{ ...good, title: "  " }, "title", s.titleRequired],
        [{ ...good, title: "あ".repeat(201) }, "title", ja.validation.tooLong(200)],
        [{ ...good, parts: [] }, "parts", s.partsRequired],
        [{ ...good, parts: undefined }, "parts", s.partsRequired],
        [{ ...good, parts: [{ item: speaker, quantity: 0 }] }, "parts", s.partQuantity],
        [{ ...good, parts: [{ item: speaker, quantity: 1.5 }] }, "parts", s.partQuantity],
        [{ ...good, parts: [{ item: "x", quantity: 1 }] }, "parts", s.partItem],
        // A part that is not an object at all: the part's message, not zod's English.
        [{ ...good, parts: [speaker] }, "parts", s.partItem],
        [{ ...good, parts: [null] }, "parts", s.partItem],
        [{ ...good, parts: [[speaker, 1]] }, "parts", s.partItem],
        [
          {
            ...good,
            parts: [
              { item: speaker, quantity: 1 },
              { item: speaker, quantity: 2 },
            ],
          },
          "parts",
          s.partDuplicate,
        ],
        [{ ...good, parts: [{ item: foreignItem, quantity: 1 }] }, "parts", s.partNotInGroup],
        [{ ...good, parts: [{ item: 2_000_000_000, quantity: 1 }] }, "parts", s.partNotInGroup],
        [{ ...good, category: foreignCategory }, "category", ja.catalogue.categoryNotInGroup],
      ];
      for (const [body, field, message] of cases) {
        const res = await api().post("/api/sets/").set(bearer(owner)).send(body);
        expect({ status: res.status, body: JSON.stringify(res.body) }).toEqual({
          status: 400,
          body: expect.stringContaining(message),
        });
        expect(Object.keys(res.body)).toContain(field);
      }
      expect(await setsOf(owner.groupId)).toHaveLength(before);
    });

    it("refuses a title already used in the group (case-insensitively) but not another group's", async () => {
      const title = unique("Mixset");
      await makeSet(server, owner, category, [[mixer, 1]], title);
      const res = await api()
        .post("/api/sets/")
        .set(bearer(owner))
        .send({ title: title.toUpperCase(), category, parts: [{ item: mixer, quantity: 1 }] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ title: [s.titleTaken] });
      await makeSet(server, other, foreignCategory, [[foreignItem, 1]], title);
    });

    it("answers 404 for another group's groupid and 401 without a token", async () => {
      const body = { title: unique("セット"), category, parts: [{ item: speaker, quantity: 1 }] };
      await api()
        .post("/api/sets/")
        .set(bearer(owner))
        .send({ ...body, group: other.groupId })
        .expect(404);
      await api().post("/api/sets/").send(body).expect(401);
      await api().get("/api/sets/").expect(401);
    });
  });

  describe("PUT /api/sets/{id}/", () => {
    it("changes title, note and parts; the cases that booked it keep their parts", async () => {
      const set = await makeSet(server, owner, category, [[speaker, 2]]);
      const kase = await makeCase(server, owner);
      await addSet(server, owner, set.id, kase.id).expect(200);
      const title = unique("PAセット改");
      const res = await api()
        .put(`/api/sets/${set.id}/`)
        .set(bearer(owner))
        .send({ ...set, title, note: "新構成", parts: [{ item: mixer, quantity: 1 }] });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: set.id,
        title,
        note: "新構成",
        parts: [{ item: mixer, quantity: 1, title: expect.any(String) }],
        used_by: 1,
        version: 2,
      });
      expect(await partsInDb(set.id)).toEqual([expect.objectContaining({ itemId: mixer, quantity: 1 })]);
      const lines = (await api().get(`/api/setlines/?work_case=${kase.id}`).set(bearer(owner)).expect(200))
        .body;
      expect(lines).toEqual([
        expect.objectContaining({
          set: set.id,
          quantity: 1,
          changed: true,
          parts: [expect.objectContaining({ item: speaker, quantity: 2 })],
        }),
      ]);
      const orders = (await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner))).body;
      expect(
        orders.map((o: { items: { id: number }; order_quantity: number }) => [o.items.id, o.order_quantity]),
      ).toEqual([[speaker, 2]]);
    });

    it("answers 404 for another group's or an unknown set and 400 for bad parts, changing nothing", async () => {
      const set = await makeSet(server, owner, category, [[speaker, 1]]);
      const body = { title: unique("セット"), category, parts: [{ item: mixer, quantity: 1 }] };
      await api().put(`/api/sets/${set.id}/`).set(bearer(other)).send(body).expect(404);
      await api().put("/api/sets/2000000000/").set(bearer(owner)).send(body).expect(404);
      await api().put("/api/sets/abc/").set(bearer(owner)).send(body).expect(404);
      const bad = await api()
        .put(`/api/sets/${set.id}/`)
        .set(bearer(owner))
        .send({ ...body, parts: [] });
      expect(bad.status).toBe(400);
      expect(bad.body).toEqual({ parts: [s.partsRequired] });
      expect(await partsInDb(set.id)).toEqual([expect.objectContaining({ itemId: speaker, quantity: 1 })]);
    });
  });

  describe("DELETE /api/sets/{id}/", () => {
    it("deletes the set; a case that booked it keeps its line (without set) and its parts' order items", async () => {
      const set = await makeSet(server, owner, category, [[speaker, 1]]);
      const kase = await makeCase(server, owner);
      await addSet(server, owner, set.id, kase.id).expect(200);
      expect(
        (await api().get("/api/sets/").set(bearer(owner))).body.find((x: ItemSetDto) => x.id === set.id)
          .used_by,
      ).toBe(1);
      await api().delete(`/api/sets/${set.id}/`).set(bearer(other)).expect(404);
      await api().delete(`/api/sets/${set.id}/`).set(bearer(owner)).expect(204);
      await api().delete(`/api/sets/${set.id}/`).set(bearer(owner)).expect(404);
      const lines = (await api().get(`/api/setlines/?work_case=${kase.id}`).set(bearer(owner))).body;
      expect(lines).toEqual([
        expect.objectContaining({ set: null, title: set.title, quantity: 1, changed: false }),
      ]);
      const orders = (await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner))).body;
      expect(orders).toHaveLength(1);
      // The line is still reduced by its own id, which gives its part back.
      const res = await api().post(`/api/setlines/${lines[0].id}/reduce/`).set(bearer(owner));
      expect(res.status).toBe(200);
      expect(res.body.line).toBeNull();
      expect((await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner))).body).toEqual([]);
      expect(await setsOf(owner.groupId).then((rows) => rows.filter((r) => r.id === set.id))).toEqual([]);
    });
  });
});
