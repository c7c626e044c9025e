import { ja } from "@zaiko/common/messages/ja";
import { sql } from "drizzle-orm";
import request from "supertest";
import type { RunningServer } from "../../server";
import { ageGroup, createGroup, signUpOwner, unique, usersOfGroup } from "../../test/api";
import { describeOnDatabases, describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { groupHasOwner } from "../groups/groups.queries";
import { insertUser } from "../members/members.queries";

const person = (groups: number | number[], extra: Record<string, unknown> = {}) => ({
  email: `${unique("user")}@example.com`,
  password: "password1",
  groups,
  first_name: "太郎",
  last_name: "山田",
  ...extra,
});

describeOnDatabases("signup", (driver) => {
  let server: RunningServer;
  const signup = (body: Record<string, unknown>) => request(server.url).post("/api/signup/").send(body);

  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  describe("owner claim", () => {
    it("makes the first claimant of a fresh group an active owner", async () => {
      const group = await createGroup(server);
      const res = await signup(person(group.id, { is_owner: true, is_member: true })).expect(201);
      expect(res.body).toEqual({
        id: expect.any(Number),
        email: expect.any(String),
        first_name: "太郎",
        last_name: "山田",
        is_owner: true,
        is_member: true,
        groups: [group.id],
        version: 1,
      });
      expect(res.body).not.toHaveProperty("password");
      expect(res.body).not.toHaveProperty("password_hash");
    });

    it("accepts the group as a list of one", async () => {
      const group = await createGroup(server);
      const res = await signup(person([group.id], { is_owner: true })).expect(201);
      expect(res.body.groups).toEqual([group.id]);
    });

    it("refuses a second owner claim on the same group and leaves the second person out", async () => {
      const owner = await signUpOwner(server);
      const second = person(owner.groupId, { is_owner: true, is_member: true });
      const res = await signup(second).expect(400);
      expect(res.body).toEqual({ is_owner: [ja.validation.ownerClaimRefused] });
      const rows = await usersOfGroup(server, owner.groupId);
      expect(rows.map((r) => r.email)).toEqual([owner.email]);
    });

    it("refuses an owner claim on a group created more than 30 minutes ago", async () => {
      const group = await createGroup(server);
      await ageGroup(server, group.id, 31);
      const res = await signup(person(group.id, { is_owner: true })).expect(400);
      expect(res.body).toEqual({ is_owner: [ja.validation.ownerClaimRefused] });
      expect(await usersOfGroup(server, group.id)).toEqual([]);
    });

    it("still accepts an owner claim within the 30 minutes", async () => {
      const group = await createGroup(server);
      await ageGroup(server, group.id, 29);
      await signup(person(group.id, { is_owner: true })).expect(201);
    });
  });

  describe("staff sign-up", () => {
    it("ignores is_owner / is_member sent by a staff sign-up: inactive staff", async () => {
      const owner = await signUpOwner(server);
      // An owned group: is_owner:true is a refused claim, so send only is_member:true as staff.
      const res = await signup(person(owner.groupId, { is_owner: false, is_member: true })).expect(201);
      expect(res.body).toMatchObject({ is_owner: false, is_member: false, groups: [owner.groupId] });
    });

    it("never makes a staff member an owner when is_owner:true is sent for an owned group", async () => {
      const owner = await signUpOwner(server);
      const body = person(owner.groupId, { is_owner: true, is_member: true });
      await signup(body).expect(400);
      const rows = await usersOfGroup(server, owner.groupId);
      expect(rows.filter((r) => r.isOwner).map((r) => r.email)).toEqual([owner.email]);
    });

    it("refuses staff for a group that has no owner yet", async () => {
      const group = await createGroup(server);
      const res = await signup(person(group.id)).expect(400);
      expect(res.body).toEqual({ groups: [ja.validation.groupNotFound] });
    });

    it("refuses an unknown group", async () => {
      const res = await signup(person(99_999_999)).expect(400);
      expect(res.body).toEqual({ groups: [ja.validation.groupNotFound] });
    });
  });

  describe("field errors", () => {
    it("reports each missing field with the spec's message", async () => {
      const res = await signup({}).expect(400);
      expect(res.body).toMatchObject({
        email: [ja.validation.emailRequired],
        password: [ja.validation.passwordRequired],
        first_name: [ja.validation.firstNameRequired],
        last_name: [ja.validation.lastNameRequired],
        groups: [ja.validation.groupRequired],
      });
    });

    it("refuses blank names and a password shorter than 8 characters", async () => {
      const owner = await signUpOwner(server);
      const res = await signup(
        person(owner.groupId, { first_name: "  ", last_name: "", password: "short" }),
      ).expect(400);
      expect(res.body).toEqual({
        first_name: [ja.validation.firstNameRequired],
        last_name: [ja.validation.lastNameRequired],
        password: [ja.validation.passwordMin],
      });
    });

    it("refuses an empty email and an empty password with the required messages", async () => {
      const owner = await signUpOwner(server);
      const res = await signup(person(owner.groupId, { email: "", password: "" })).expect(400);
      expect(res.body.email).toEqual([ja.validation.emailRequired]);
      expect(res.body.password).toContain(ja.validation.passwordRequired);
    });

    it("answers a group list of other than one and flags that are not true/false in Japanese, creating nobody", async () => {
      const owner = await signUpOwner(server);
      const cases: [Record<string, unknown>, string, string][] = [
        [person([]), "groups", ja.validation.groupRequired],
        [person([owner.groupId, owner.groupId]), "groups", ja.validation.groupRequired],
        [person(owner.groupId, { is_owner: "yes" }), "is_owner", ja.validation.invalidValue],
        [person(owner.groupId, { is_owner: null }), "is_owner", ja.validation.invalidValue],
        [person(owner.groupId, { is_member: 1 }), "is_member", ja.validation.invalidValue],
        [person(owner.groupId, { is_member: [true] }), "is_member", ja.validation.invalidValue],
      ];
      for (const [body, field, message] of cases) {
        expect((await signup(body).expect(400)).body).toEqual({ [field]: [message] });
      }
      expect((await usersOfGroup(server, owner.groupId)).map((r) => r.email)).toEqual([owner.email]);
    });
  });

  describe("emails", () => {
    it("stores the email trimmed and in lower case", async () => {
      const owner = await signUpOwner(server);
      const local = unique("Mixed");
      const res = await signup(person(owner.groupId, { email: `  ${local}@Example.COM ` })).expect(201);
      expect(res.body.email).toBe(`${local.toLowerCase()}@example.com`);
    });

    it("treats emails that differ only in case as taken", async () => {
      const owner = await signUpOwner(server);
      const local = unique("Owner");
      await signup(person(owner.groupId, { email: `${local}@X.com` })).expect(201);
      const res = await signup(person(owner.groupId, { email: `${local.toLowerCase()}@x.com` })).expect(400);
      expect(res.body).toEqual({ email: [ja.validation.emailTaken] });
    });
  });

  it("gives each group exactly one owner when five owner claims per group race", async () => {
    // Five groups at once so that, on PostgreSQL, claims really overlap (one group alone rarely does).
    const groups = await Promise.all(Array.from({ length: 5 }, () => createGroup(server)));
    const results = await Promise.all(
      groups.flatMap((group) =>
        Array.from({ length: 5 }, () => signup(person(group.id, { is_owner: true, is_member: true }))),
      ),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 400)).toHaveLength(20);
    for (const group of groups) {
      const rows = await usersOfGroup(server, group.id);
      expect(rows.filter((r) => r.isOwner)).toHaveLength(1);
      expect(rows).toHaveLength(1);
    }
  });
});

describeOnPostgres("signup owner-claim race control [postgres]", () => {
  // Shows that the race above is real on PostgreSQL: the same check-then-insert without the group
  // lock lets several concurrent claims see "no owner" and all win.
  it("gives several owners when claims do not lock the group row", async () => {
    const server = await startTestServer("pg");
    try {
      const group = await createGroup(server);
      const claimWithoutLock = (n: number) =>
        server.deps.database.db.transaction(async (tx) => {
          const taken = await groupHasOwner(tx, group.id);
          await tx.execute(sql`select pg_sleep(0.05)`);
          if (taken) throw new Error("owner exists");
          await insertUser(tx, {
            groupId: group.id,
            email: `${unique(`race${n}`)}@example.com`,
            passwordHash: "x",
            firstName: "a",
            lastName: "b",
            isOwner: true,
            isMember: true,
          });
        });
      await Promise.allSettled(Array.from({ length: 5 }, (_, n) => claimWithoutLock(n)));
      const owners = (await usersOfGroup(server, group.id)).filter((r) => r.isOwner);
      expect(owners.length).toBeGreaterThan(1);
    } finally {
      await server.close();
    }
  });
});
