import { sql } from "drizzle-orm";
import request from "supertest";
import type { RunningServer } from "../server";
import {
  bearer,
  cookieHeader,
  refresh,
  type Session,
  signUpOwner,
  signUpStaff,
  unique,
  usersOfGroup,
} from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";
import { createLogger } from "./logger";

const BCRYPT_HASH = /\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}/;

describeOnDatabases("the server log keeps no secrets", (driver) => {
  let server: RunningServer;
  let owner: Session;
  const lines: string[] = [];
  const api = () => request(server.url);
  beforeAll(async () => {
    // Everything the server writes, at the most talkative level.
    const logger = createLogger("trace", { write: (line: string) => void lines.push(line) });
    // No grace window: the reuse of a rotated cookie below must end its family (and be logged as such).
    server = await startTestServer(driver, { logger, config: { refreshReuseGraceSeconds: 0 } });
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  it("after requests that fail in many ways, the log holds no password, hash, token or cookie", async () => {
    const secretPassword = "Kakushi-Pass-2026!";
    // A failure the code does not expect: a trigger refuses the sign-up's INSERT, whose parameters hold
    // the new user's password hash. Its 500 is logged; the parameters must not be.
    await server.deps.database.db.execute(
      sql.raw(`CREATE FUNCTION refuse_test_signup() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.email LIKE 'explode%' THEN RAISE EXCEPTION 'refused by the test trigger'; END IF;
        RETURN NEW; END $$`),
    );
    await server.deps.database.db.execute(
      sql.raw(
        "CREATE TRIGGER refuse_test_signup BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION refuse_test_signup()",
      ),
    );
    const exploded = await api()
      .post("/api/signup/")
      .send({
        email: `explode${unique("x")}@example.com`,
        password: secretPassword,
        groups: owner.groupId,
        first_name: "太郎",
        last_name: "山田",
      });
    expect(exploded.status).toBe(500);
    expect(JSON.stringify(exploded.body)).not.toMatch(/refuse|INSERT|password|\$2/i);

    const staff = await signUpStaff(server, owner.groupId);
    const withCookies = { Cookie: cookieHeader(owner.cookies), ...bearer(owner) };
    const failures = [
      api()
        .post("/api/token/")
        .send({ email: owner.email, password: secretPassword }), // wrong password
      api()
        .post("/api/token/")
        .send({ email: staff.email, password: staff.password }), // not a member
      api()
        .post("/api/token/")
        .send({ email: `${owner.email}\u0000`, password: owner.password }),
      api()
        .post("/api/token/")
        .set("Content-Type", "application/json")
        .send(`{"password": "${owner.password}"`),
      api()
        .post("/api/token/refresh/")
        .set("Cookie", cookieHeader(owner.cookies))
        .set("X-CSRFToken", "forged"),
      api()
        .post("/api/token/refresh/")
        .set("Cookie", `refresh_token=${owner.cookies.refresh_token}x; csrftoken=${owner.cookies.csrftoken}`)
        .set("X-CSRFToken", owner.cookies.csrftoken ?? ""),
      api().post("/api/logout/").set(withCookies),
      api().get("/api/nope/").set(withCookies),
      api().get("/api/user/2147483648/").set(withCookies),
      api()
        .post("/api/items/")
        .set(withCookies)
        .send({ title: "x", category: "no", password: owner.password }),
      api().get("/api/user-info/").set("Authorization", `Bearer ${owner.access}x`),
      api().post("/api/signup/").send({
        email: owner.email,
        password: secretPassword,
        groups: owner.groupId,
        first_name: "a",
        last_name: "b",
      }),
    ];
    for (const call of failures) {
      const res = await call;
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // A refresh that succeeds, then the reuse of the rotated cookie (the family is revoked).
    const rotated = await refresh(server, owner.cookies).expect(200);
    await refresh(server, owner.cookies).expect(401);

    // A database error logged the ordinary way, with a parameter that must not appear.
    const parameter = `param-${unique("secret")}`;
    const failed = await server.deps.database.db
      .execute(sql`select ${parameter}::text as t, 1 / 0 as boom`)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(Error);
    server.deps.logger.error({ err: failed }, "a database error");

    const log = lines.join("");
    const [row] = await usersOfGroup(server, owner.groupId);
    const secrets = {
      password: owner.password,
      otherPassword: secretPassword,
      hash: row!.passwordHash,
      access: owner.access,
      refreshCookie: owner.cookies.refresh_token,
      csrfCookie: owner.cookies.csrftoken,
      rotatedAccess: rotated.body.access,
      parameter,
    };
    // The sign-up the trigger refused had its hash among the INSERT's parameters.
    expect(log.match(BCRYPT_HASH)).toBeNull();
    const leaked = Object.entries(secrets).filter(([, value]) => value && log.includes(value));
    expect(leaked.map(([name]) => name)).toEqual([]);
    // The failures were logged (the test would prove nothing otherwise): the 500 with its SQLSTATE.
    expect(log).toContain("unhandled error");
    expect(log).toContain('"code":"P0001"');
    expect(log).toContain('"code":"22012"');
  });
});
