import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { bearer, cookiesOf, refresh, signUpOwner, unique } from "../../test/api";
import { describeOnPostgres, openFreshPostgres } from "../../test/databases";
import {
  type AppProcess,
  asServer,
  redisAvailable,
  runUntilExit,
  startAppProcess,
  TEST_REDIS_URL,
} from "../../test/processes";

/** Sessions and token limits behind several app processes (docker-compose.yml runs two behind nginx). */
describeOnPostgres("sessions across app processes on PostgreSQL and Redis", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error(`Redis is required at ${TEST_REDIS_URL}`);
    db = await openFreshPostgres();
  });
  afterAll(() => db?.close());

  it("accepts on one process the access and refresh tokens issued by the other", async () => {
    const env = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL };
    const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    try {
      const owner = await signUpOwner(asServer(a));
      await request(b.url).get("/api/user-info/").set(bearer(owner)).expect(200);
      const rotated = await refresh(asServer(b), owner.cookies).expect(200);
      await request(a.url).get("/api/user-info/").set(bearer(rotated.body)).expect(200);
      await refresh(asServer(a), cookiesOf(rotated)).expect(200);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  /** Five wrong logins from one address, alternating between the processes; the budget is four a minute. */
  async function alternatingAttempts(a: AppProcess, b: AppProcess): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request((i % 2 === 0 ? a : b).url)
        .post("/api/token/")
        .send({ email: `${unique("limit")}@example.com`, password: "password1" });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ detail: ja.errors.rateLimited });
    }
    return statuses;
  }

  /**
   * Five wrong logins alternating between two fresh processes allowed 4 token calls a minute per address, on a
   * database of their own (the counters are kept per database, so no other test's calls count here). JWT and
   * CSRF secrets come from startAppProcess: required with DATABASE_URL.
   */
  async function attemptsOnTwoProcesses(withRedis: boolean): Promise<number[]> {
    const own = await openFreshPostgres();
    const env: Record<string, string> = { DATABASE_URL: own.url, TOKEN_CALLS_PER_IP_PER_MINUTE: "4" };
    if (withRedis) env.REDIS_URL = TEST_REDIS_URL;
    const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    try {
      return await alternatingAttempts(a, b);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await own.close();
    }
  }

  it("counts one per-IP budget for calls to both processes when they share Redis", async () => {
    expect(await attemptsOnTwoProcesses(true)).toEqual([401, 401, 401, 401, 429]);
  }, 120_000);

  it("control: without Redis each process counts its own budget, so two allow twice the attempts", async () => {
    expect(await attemptsOnTwoProcesses(false)).toEqual([401, 401, 401, 401, 401]);
  }, 120_000);

  it("refuses to start with DATABASE_URL and no secrets: exit 1 and one line saying what to set", async () => {
    const { code, stderr } = await runUntilExit({
      DATABASE_URL: db.url,
      JWT_SECRET: undefined,
      CSRF_SECRET: undefined,
    });
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/JWT_SECRET and CSRF_SECRET must be set/);
  }, 60_000);

  it("refuses the placeholders of .env.example, and REDIS_URL alone asks for secrets too", async () => {
    const placeholders = await runUntilExit({
      DATABASE_URL: db.url,
      JWT_SECRET: "change-me-to-64-random-hex-chars",
      CSRF_SECRET: "a-real-secret-value",
    });
    expect(placeholders.code).toBe(1);
    expect(placeholders.stderr.trim()).toMatch(
      /^configuration error: DATABASE_URL is set, so JWT_SECRET must be set/,
    );
    const redisOnly = await runUntilExit({
      DATABASE_URL: undefined,
      REDIS_URL: TEST_REDIS_URL,
      JWT_SECRET: undefined,
      CSRF_SECRET: undefined,
    });
    expect(redisOnly.code).toBe(1);
    expect(redisOnly.stderr).toMatch(/REDIS_URL is set, so JWT_SECRET and CSRF_SECRET must be set/);
  }, 60_000);
});
