import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, ownerWithStaff, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import {
  categoriesOfGroupInDb,
  insertOrder,
  itemsOfGroupInDb,
  makeCategory,
  makeItem,
  ordersOfGroupInDb,
} from "../items/items.testkit";

describeOnDatabases("categories", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
  });
  afterAll(() => server.close());
  const api = () => request(server.url);

  describe("POST /api/categories/", () => {
    it("creates a category for the token's group and answers 201 {id, category, group}", async () => {
      const name = unique("音響");
      const res = await api()
        .post("/api/categories/")
        .set(bearer(staff))
        .send({ category: ` ${name} `, group: staff.groupId });
      expect(res.status).toBe(201);
      // Without turnaround fields a category has none (docs/availability.md, Turnaround).
      expect(res.body).toEqual({
        id: expect.any(Number),
        category: name,
        group: owner.groupId,
        version: 1,
        turnaround_before_minutes: 0,
        turnaround_after_minutes: 0,
      });
    });

    it("works without a group in the body", async () => {
      const res = await api()
        .post("/api/categories/")
        .set(bearer(owner))
        .send({ category: unique("c") });
      expect(res.status).toBe(201);
      expect(res.body.group).toBe(owner.groupId);
    });

    it.each([
      ["empty", ""],
      ["blank", "   "],
      ["missing", undefined],
      ["not a string", 12],
    ])("refuses a %s name with カテゴリ名は必須です", async (_l, category) => {
      const res = await api()
        .post("/api/categories/")
        .set(bearer(owner))
        .send({ category, group: owner.groupId });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ category: [ja.validation.categoryRequired] });
    });

    it("refuses a name over 200 characters", async () => {
      const res = await api()
        .post("/api/categories/")
        .set(bearer(owner))
        .send({ category: "あ".repeat(201) });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ category: [ja.validation.tooLong(200)] });
      const ok = await api()
        .post("/api/categories/")
        .set(bearer(owner))
        .send({ category: unique("").padEnd(200, "い") });
      expect(ok.status).toBe(201);
    });

    it("refuses a name taken in the group, ignoring case and surrounding spaces", async () => {
      const name = unique("Light");
      await makeCategory(server, owner, name);
      for (const taken of [name, name.toUpperCase(), `  ${name.toLowerCase()} `]) {
        const res = await api().post("/api/categories/").set(bearer(owner)).send({ category: taken });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ category: [ja.catalogue.categoryNameTaken] });
      }
    });

    it("allows the same name in another group", async () => {
      const name = unique("共通");
      await makeCategory(server, owner, name);
      await makeCategory(server, other, name);
    });

    it("answers 404 when the body's group is another group, and creates nothing", async () => {
      const name = unique("他");
      const res = await api()
        .post("/api/categories/")
        .set(bearer(owner))
        .send({ category: name, group: other.groupId });
      expect(res.status).toBe(404);
      const all = [
        ...(await categoriesOfGroupInDb(server, owner.groupId)),
        ...(await categoriesOfGroupInDb(server, other.groupId)),
      ];
      expect(all.map((c) => c.name)).not.toContain(name);
    });

    it("needs a token", async () => {
      await api().post("/api/categories/").send({ category: "x" }).expect(401);
    });
  });

  describe("GET /api/categories/", () => {
    it("lists the group's categories by name, never another group's", async () => {
      const s = await signUpOwner(server);
      await makeCategory(server, s, "b照明");
      await makeCategory(server, s, "a音響");
      await makeCategory(server, s, "c映像");
      await makeCategory(server, other, unique("よそ"));
      const res = await api().get(`/api/categories/?groupid=${s.groupId}`).set(bearer(s)).expect(200);
      expect(res.body.map((c: { category: string }) => c.category)).toEqual(["a音響", "b照明", "c映像"]);
      for (const c of res.body)
        expect(Object.keys(c).sort()).toEqual([
          "category",
          "group",
          "id",
          "turnaround_after_minutes",
          "turnaround_before_minutes",
          "version",
        ]);
      const noQuery = await api().get("/api/categories").set(bearer(s)).expect(200);
      expect(noQuery.body).toEqual(res.body);
      const groupIdParam = await api()
        .get(`/api/categories/?group_id=${s.groupId}`)
        .set(bearer(s))
        .expect(200);
      expect(groupIdParam.body).toEqual(res.body);
    });

    it("answers 404 for ?groupid= or ?group_id= of another group", async () => {
      await api().get(`/api/categories/?groupid=${other.groupId}`).set(bearer(owner)).expect(404);
      await api().get(`/api/categories/?group_id=${other.groupId}`).set(bearer(owner)).expect(404);
    });

    it("needs a token", async () => {
      await api().get("/api/categories/").expect(401);
    });
  });

  describe("PUT /api/categories/{id}/", () => {
    it("renames and answers 200 Category", async () => {
      const c = await makeCategory(server, owner);
      const name = unique("新");
      const res = await api()
        .put(`/api/categories/${c.id}/?groupid=${owner.groupId}`)
        .set(bearer(staff))
        .send({ ...c, category: name });
      expect(res.status).toBe(200);
      // The rename bumps the row version (docs/realtime.md).
      expect(res.body).toEqual({
        id: c.id,
        category: name,
        group: owner.groupId,
        version: 2,
        turnaround_before_minutes: 0,
        turnaround_after_minutes: 0,
      });
    });

    it("keeps its own name when only the case changes, but refuses another category's name", async () => {
      const a = await makeCategory(server, owner, unique("Mixer"));
      const b = await makeCategory(server, owner, unique("Amp"));
      await api()
        .put(`/api/categories/${a.id}/`)
        .set(bearer(owner))
        .send({ category: a.category.toUpperCase() })
        .expect(200);
      const res = await api()
        .put(`/api/categories/${b.id}/`)
        .set(bearer(owner))
        .send({ category: a.category });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ category: [ja.catalogue.categoryNameTaken] });
    });

    it("validates the name", async () => {
      const c = await makeCategory(server, owner);
      const res = await api().put(`/api/categories/${c.id}/`).set(bearer(owner)).send({ category: " " });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ category: [ja.validation.categoryRequired] });
    });

    it("answers 404 for another group's category, an unknown id, or a foreign groupid/group, changing nothing", async () => {
      const theirs = await makeCategory(server, other);
      const mine = await makeCategory(server, owner);
      await api()
        .put(`/api/categories/${theirs.id}/`)
        .set(bearer(owner))
        .send({ category: "乗っ取り" })
        .expect(404);
      await api().put("/api/categories/99999999/").set(bearer(owner)).send({ category: "x" }).expect(404);
      await api().put("/api/categories/abc/").set(bearer(owner)).send({ category: "x" }).expect(404);
      await api()
        .put(`/api/categories/${mine.id}/?groupid=${other.groupId}`)
        .set(bearer(owner))
        .send({ category: "y" })
        .expect(404);
      await api()
        .put(`/api/categories/${mine.id}/`)
        .set(bearer(owner))
        .send({ category: "z", group: other.groupId })
        .expect(404);
      const names = (await categoriesOfGroupInDb(server, other.groupId)).map((c) => c.name);
      expect(names).toContain(theirs.category);
      const mineNow = (await categoriesOfGroupInDb(server, owner.groupId)).find((c) => c.id === mine.id);
      expect(mineNow?.name).toBe(mine.category);
    });
  });

  describe("DELETE /api/categories/{id}/", () => {
    it("deletes the category, its items and their order items in one go (204)", async () => {
      const s = await signUpOwner(server);
      const doomed = await makeCategory(server, s);
      const kept = await makeCategory(server, s);
      const a = await makeItem(server, s, { category: doomed.id });
      const b = await makeItem(server, s, { category: doomed.id });
      const c = await makeItem(server, s, { category: kept.id });
      const start = new Date("2026-12-01T00:00:00Z");
      const end = new Date("2026-12-03T00:00:00Z");
      await insertOrder(server, s.groupId, a.id, 2, start, end);
      await insertOrder(server, s.groupId, b.id, 1, start, end);
      await insertOrder(server, s.groupId, c.id, 3, start, end);

      const related = await api().get(`/api/items/?category=${doomed.id}`).set(bearer(s)).expect(200);
      expect(related.body.map((i: { id: number }) => i.id).sort()).toEqual([a.id, b.id].sort());

      await api().delete(`/api/categories/${doomed.id}/?groupid=${s.groupId}`).set(bearer(s)).expect(204);
      expect((await categoriesOfGroupInDb(server, s.groupId)).map((x) => x.id)).toEqual([kept.id]);
      expect((await itemsOfGroupInDb(server, s.groupId)).map((x) => x.id)).toEqual([c.id]);
      expect((await ordersOfGroupInDb(server, s.groupId)).map((x) => x.itemId)).toEqual([c.id]);
      await api().delete(`/api/categories/${doomed.id}/`).set(bearer(s)).expect(404);
    });

    it("answers 404 for another group's category or a foreign groupid, and deletes nothing", async () => {
      const theirs = await makeCategory(server, other);
      const theirItem = await makeItem(server, other, { category: theirs.id });
      const mine = await makeCategory(server, owner);
      await api().delete(`/api/categories/${theirs.id}/`).set(bearer(owner)).expect(404);
      await api()
        .delete(`/api/categories/${mine.id}/?groupid=${other.groupId}`)
        .set(bearer(owner))
        .expect(404);
      expect((await itemsOfGroupInDb(server, other.groupId)).map((i) => i.id)).toContain(theirItem.id);
      expect((await categoriesOfGroupInDb(server, owner.groupId)).map((c) => c.id)).toContain(mine.id);
    });
  });

  describe("GET /api/items/?category={id}", () => {
    it("lists {id, title} of the category's items by title", async () => {
      const c = await makeCategory(server, owner);
      const b = await makeItem(server, owner, { category: c.id, title: unique("b") });
      const a = await makeItem(server, owner, { category: c.id, title: unique("a") });
      const res = await api().get(`/api/items/?category=${c.id}`).set(bearer(owner)).expect(200);
      expect(res.body).toEqual([
        { id: a.id, title: a.title },
        { id: b.id, title: b.title },
      ]);
    });

    it("gives [] for another group's category, an unknown one, or none", async () => {
      const theirs = await makeCategory(server, other);
      await makeItem(server, other, { category: theirs.id });
      for (const q of [`?category=${theirs.id}`, "?category=99999999", "?category=abc", ""]) {
        const res = await api().get(`/api/items/${q}`).set(bearer(owner)).expect(200);
        expect(res.body).toEqual([]);
      }
    });
  });
});
