import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { createGroup, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";

describeOnDatabases("groups", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  describe("POST /api/groups/", () => {
    it("creates a group without authentication and answers 201 {id, name}", async () => {
      const name = unique("倉庫");
      const res = await request(server.url).post("/api/groups/").send({ name }).expect(201);
      expect(res.body).toEqual({ id: expect.any(Number), name });
    });

    it("stores the name trimmed", async () => {
      const name = unique("trim");
      const res = await request(server.url)
        .post("/api/groups/")
        .send({ name: `  ${name}  ` })
        .expect(201);
      expect(res.body.name).toBe(name);
    });

    it.each([
      ["empty", ""],
      ["blank", "   "],
      ["missing", undefined],
    ])("refuses a %s name with the spec's message", async (_label, name) => {
      const res = await request(server.url).post("/api/groups/").send({ name }).expect(400);
      expect(res.body).toEqual({ name: [ja.validation.groupNameRequired] });
    });

    it("refuses a name that differs from an existing one only in case and surrounding spaces", async () => {
      const name = unique("Dup");
      await createGroup(server, name);
      for (const taken of [name, name.toUpperCase(), name.toLowerCase(), ` ${name} `]) {
        const res = await request(server.url).post("/api/groups/").send({ name: taken }).expect(400);
        expect(res.body).toEqual({ name: [ja.validation.groupNameTaken] });
      }
    });
  });

  describe("GET /api/groups/", () => {
    it("lists groups that have an owner, without authentication", async () => {
      const owner = await signUpOwner(server);
      const res = await request(server.url).get("/api/groups/").expect(200);
      expect(res.body).toContainEqual({ id: owner.groupId, name: expect.any(String) });
      for (const group of res.body) expect(Object.keys(group).sort()).toEqual(["id", "name"]);
    });

    it("does not list a group nobody has claimed yet", async () => {
      const unclaimed = await createGroup(server);
      const res = await request(server.url).get("/api/groups/").expect(200);
      expect(res.body.map((g: { id: number }) => g.id)).not.toContain(unclaimed.id);
    });

    it("answers the same without the trailing slash", async () => {
      const withSlash = await request(server.url).get("/api/groups/").expect(200);
      const without = await request(server.url).get("/api/groups").expect(200);
      expect(without.body).toEqual(withSlash.body);
    });
  });
});
