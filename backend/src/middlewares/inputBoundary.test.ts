import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import {
  categoriesOfGroupInDb,
  itemsOfGroupInDb,
  makeCategory,
  makeItem,
} from "../features/items/items.testkit";
import { at, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner, unique, usersOfGroup } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";

const NUL = "\u0000";
const LONE_SURROGATE = "\uD800";
const refused = { forbidden: ja.validation.forbiddenCharacter };

/** JSON text of `inner` nested `depth` arrays deep (JSON.stringify itself would overflow on it). */
const nested = (depth: number, inner: string) => `${"[".repeat(depth)}${inner}${"]".repeat(depth)}`;

describeOnDatabases("the input boundary every call shares", (driver) => {
  let server: RunningServer;
  let owner: Session;
  const api = () => request(server.url);
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  describe("text with NUL or a lone surrogate is a 400 on its field, and nothing is stored", () => {
    it.each([NUL, LONE_SURROGATE])("login, group and sign-up (no account needed): %j", async (bad) => {
      const login = await api()
        .post("/api/token/")
        .send({ email: `a${bad}@example.com`, password: "password1" });
      expect(login.status).toBe(400);
      expect(login.body).toEqual({ email: [refused.forbidden] });

      const group = await api()
        .post("/api/groups/")
        .send({ name: `グループ${bad}` });
      expect(group.status).toBe(400);
      expect(group.body).toEqual({ name: [refused.forbidden] });

      const signup = await api()
        .post("/api/signup/")
        .send({
          email: `${unique("s")}@example.com`,
          password: "password1",
          groups: owner.groupId,
          first_name: `太${bad}郎`,
          last_name: "山田",
        });
      expect(signup.status).toBe(400);
      expect(signup.body).toEqual({ first_name: [refused.forbidden] });
      expect(await usersOfGroup(server, owner.groupId)).toHaveLength(1);
    });

    it.each([NUL, LONE_SURROGATE])("catalogue, cases and profiles: %j", async (bad) => {
      const s = await signUpOwner(server);
      const cat = await makeCategory(server, s);
      const category = await api()
        .post("/api/categories/")
        .set(bearer(s))
        .send({ category: `音響${bad}`, group: s.groupId });
      expect(category.status).toBe(400);
      expect(category.body).toEqual({ category: [refused.forbidden] });

      const item = await api()
        .post("/api/items/")
        .set(bearer(s))
        .send({ title: "マイク", category: cat.id, stock_quantity: 1, note: `メモ${bad}` });
      expect(item.status).toBe(400);
      expect(item.body).toEqual({ note: [refused.forbidden] });

      const workCase = await api()
        .post("/api/workcases/")
        .set(bearer(s))
        .send({ title: `案件${bad}`, start_date: at(0), end_date: at(1), note: "" });
      expect(workCase.status).toBe(400);
      expect(workCase.body).toEqual({ title: [refused.forbidden] });

      const profile = await api()
        .patch(`/api/user/${s.userId}/`)
        .set(bearer(s))
        .send({ last_name: `山${bad}田` });
      expect(profile.status).toBe(400);
      expect(profile.body).toEqual({ last_name: [refused.forbidden] });

      expect((await categoriesOfGroupInDb(server, s.groupId)).map((c) => c.name)).toEqual([cat.category]);
      expect(await itemsOfGroupInDb(server, s.groupId)).toEqual([]);
      expect((await usersOfGroup(server, s.groupId))[0]!.lastName).toBe("山田");
    });

    it("a key holding NUL is refused too, and a paired surrogate (an emoji) is text", async () => {
      const s = await signUpOwner(server);
      const key = await api()
        .post("/api/categories/")
        .set(bearer(s))
        .send({ category: "照明", [`x${NUL}`]: 1 });
      expect(key.status).toBe(400);
      const emoji = await api().post("/api/categories/").set(bearer(s)).send({ category: "照明🎤" });
      expect(emoji.status).toBe(201);
      expect(emoji.body.category).toBe("照明🎤");
    });
  });

  it("refuses a 20,000-deep body with 400 before any rule reads it, and keeps serving", async () => {
    for (const [path, body] of [
      ["/api/categories/", `{"category": "深い", "group": ${nested(20_000, String(owner.groupId))}}`],
      ["/api/groups/", `{"name": ${nested(20_000, '"x"')}}`],
      ["/api/token/", nested(20_000, "{}")],
    ] as const) {
      const res = await api()
        .post(path)
        .set(bearer(owner))
        .set("Content-Type", "application/json")
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ detail: ja.errors.tooDeep });
    }
    await api().get("/api/healthz").expect(200);
    // An ordinary two-level body (export-excel's order_items of objects) is well within the bound.
    const c = await makeCase(server, owner);
    await api()
      .post("/api/export-excel/")
      .set(bearer(owner))
      .send({ workcaseDetail: { id: c.id }, order_items: [{ id: 1, items: { id: 2 } }] })
      .expect(200);
  });

  describe("ids are positive 32-bit integers", () => {
    it("an id out of range in a path is 404, like a row that does not exist", async () => {
      const c = await makeCase(server, owner);
      const item = await makeItem(server, owner);
      const valid = { title: "t", category: item.category, stock_quantity: 1, note: "" };
      const calls = [
        api().get("/api/user/2147483648/"),
        api().get("/api/user/99999999999999999999/"),
        api().patch("/api/user/2147483648/").send({ last_name: "x" }),
        api().get("/api/workcases/2147483648/"),
        api().put("/api/items/2147483648/").send(valid),
        api().post(`/api/additem/2147483648/${c.id}/`),
        api().post(`/api/additem/${item.id}/2147483648/`),
        api().post("/api/duplicate_work_case/4294967296/"),
        api().patch("/api/orderitems/2147483648/").send({ issue: null }),
      ];
      for (const call of calls) {
        const res = await call.set(bearer(owner));
        expect([res.status, res.body]).toEqual([404, { detail: ja.errors.notFound }]);
      }
    });

    it("an id out of range in a body is 400 on its field", async () => {
      const item = await api()
        .post("/api/items/")
        .set(bearer(owner))
        .send({ title: "マイク", category: 2 ** 31, stock_quantity: 1, note: "" });
      expect(item.status).toBe(400);
      expect(item.body).toEqual({ category: [ja.catalogue.categorySelect] });

      const excel = await api()
        .post("/api/export-excel/")
        .set(bearer(owner))
        .send({ workcaseDetail: { id: 2 ** 31 }, order_items: [] });
      expect(excel.status).toBe(400);

      const excelRows = await api()
        .post("/api/export-excel/")
        .set(bearer(owner))
        .send({ workcaseDetail: { id: 1 }, order_items: [2 ** 40] });
      expect(excelRows.status).toBe(400);

      const signup = await api()
        .post("/api/signup/")
        .send({
          email: `${unique("s")}@example.com`,
          password: "password1",
          groups: [2 ** 31],
          first_name: "太郎",
          last_name: "山田",
        });
      expect(signup.status).toBe(400);
      expect(signup.body).toEqual({ groups: [ja.validation.groupRequired] });
    });
  });

  describe("booleans and numbers are not coerced", () => {
    it.each([
      true,
      false,
      [true],
      1.5,
      "1.5",
      {},
      null,
    ])("sign-up with groups: %j is a 400", async (groups) => {
      const res = await api()
        .post("/api/signup/")
        .send({
          email: `${unique("s")}@example.com`,
          password: "password1",
          groups,
          first_name: "太郎",
          last_name: "山田",
        });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ groups: [ja.validation.groupRequired] });
    });

    it("stock and category do not take booleans", async () => {
      const cat = await makeCategory(server, owner);
      for (const body of [
        { title: "t", category: true, stock_quantity: 1 },
        { title: "t", category: cat.id, stock_quantity: true },
      ]) {
        const res = await api().post("/api/items/").set(bearer(owner)).send(body);
        expect(res.status).toBe(400);
      }
      const toggle = await api()
        .patch(`/api/user/${owner.userId}/`)
        .set(bearer(owner))
        .send({ is_member: 1 });
      expect(toggle.status).toBe(400);
      await makeItem(server, owner, { category: cat.id });
    });
  });
});
