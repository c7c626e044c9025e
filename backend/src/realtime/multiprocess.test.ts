import { type ChildProcess, spawn } from "node:child_process";
import { createConnection } from "node:net";
import { type ServerEventName, streamOf } from "@zaiko/common/realtime/events";
import request from "supertest";
import { makeItem } from "../features/items/items.testkit";
import { add, makeCase } from "../features/orderitems/orderitems.testkit";
import { activate, bearer, login, signUpOwner, signUpStaff } from "../test/api";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import {
  type AppProcess,
  asServer,
  freePort,
  redisAvailable,
  startAppProcess,
  TEST_REDIS_URL,
  waitFor,
} from "../test/processes";
import { connect, nextEvent, record, settle } from "../test/sockets";

describeOnPostgres("several app processes on one PostgreSQL", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error(`Redis is required at ${TEST_REDIS_URL}`);
    db = await openFreshPostgres();
  });
  afterAll(() => db?.close());

  async function twoProcesses(
    withRedis: boolean,
    extra: Record<string, string> = {},
  ): Promise<[AppProcess, AppProcess]> {
    const env: Record<string, string> = { DATABASE_URL: db.url, ...extra };
    if (withRedis) env.REDIS_URL = TEST_REDIS_URL;
    return Promise.all([startAppProcess(env), startAppProcess(env)]);
  }

  it("delivers an event caused through one process to a socket connected to the other (Redis adapter)", async () => {
    const [a, b] = await twoProcesses(true);
    try {
      const owner = await signUpOwner(asServer(a));
      const socketOnB = await connect(asServer(b), owner.access);
      // Not the owner's own sign-up, whose event may still be on its way when the socket joins.
      const arrived = nextEvent<{ user: { email: string } }>(
        socketOnB,
        "members.upserted",
        (p) => p.user.email !== owner.email,
        10_000,
      );
      const staff = await signUpStaff(asServer(a), owner.groupId);
      expect((await arrived).user.email).toBe(staff.email);
      socketOnB.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  it("fans inventory.changed out to a case watcher on the other process, once, after an allocation through one", async () => {
    const [a, b] = await twoProcesses(true);
    try {
      const owner = await signUpOwner(asServer(a));
      const item = await makeItem(asServer(a), owner, { stock: 3 });
      const kase = await makeCase(asServer(a), owner);
      const watchers = [await connect(asServer(a), owner.access), await connect(asServer(b), owner.access)];
      for (const w of watchers) {
        expect(await w.emitWithAck("case.watch", kase.id)).toMatchObject({ ok: true });
      }
      const seen = watchers.map((w) => record(w));
      const arrivals = watchers.map((w) =>
        nextEvent<{ case_id: number; rows: { id: number; shippable_quantity: number }[] }>(
          w,
          "inventory.changed",
          undefined,
          10_000,
        ),
      );
      await add(asServer(a), owner, item.id, kase.id).expect(200);
      for (const arrived of await Promise.all(arrivals)) {
        expect(arrived.case_id).toBe(kase.id);
        expect(arrived.rows).toEqual([expect.objectContaining({ id: item.id, shippable_quantity: 2 })]);
      }
      await settle(500);
      // Each process serves its own watchers: a broadcast from both would deliver twice.
      for (const events of seen) expect(events.get("inventory.changed")).toHaveLength(1);
      for (const w of watchers) w.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  it("numbers a group's events from both processes as one sequence", async () => {
    const [a, b] = await twoProcesses(true);
    try {
      const owner = await signUpOwner(asServer(a));
      const listener = await connect(asServer(b), owner.access);
      const seen = record(listener);
      const kase = await makeCase(asServer(a), owner);
      const items = await Promise.all([makeItem(asServer(a), owner), makeItem(asServer(b), owner)]);
      await Promise.all(
        items.flatMap((item, i) => [
          add(asServer(i === 0 ? a : b), owner, item.id, kase.id).expect(200),
          add(asServer(i === 0 ? b : a), owner, item.id, kase.id).expect(200),
        ]),
      );
      await settle(1_000);
      const seqs = [...seen.entries()]
        .filter(([event]) => streamOf(event as ServerEventName) === "group")
        .flatMap(([, payloads]) => (payloads as { seq: number }[]).map((p) => p.seq))
        .sort((x, y) => x - y);
      expect(seqs.length).toBeGreaterThan(4);
      // One sequence without gaps or repeats, although two processes stamped it.
      expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
      listener.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  it("refuses a deactivated member at once on the other process, although it had confirmed them", async () => {
    // A minute of caching, so that only the cross-process message can explain a refusal in time.
    const [a, b] = await twoProcesses(true, { ACTIVE_MEMBER_TTL_MS: "60000" });
    try {
      const owner = await signUpOwner(asServer(a));
      const staff = await signUpStaff(asServer(a), owner.groupId);
      await activate(asServer(a), owner, staff.id);
      const session = await login(asServer(b), staff.email, staff.password);
      const userInfo = () => request(b.url).get("/api/user-info/").set(bearer(session));
      await userInfo().expect(200); // B now keeps the member as active
      await request(a.url)
        .patch(`/api/user/${staff.id}/`)
        .set(bearer(owner))
        .send({ is_member: false })
        .expect(200);
      await waitFor(async () => (await userInfo()).status === 401, 2_000, "B to refuse the member");
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  it("control: without Redis the other process never hears of it", async () => {
    const [a, b] = await twoProcesses(false);
    try {
      const owner = await signUpOwner(asServer(a));
      const socketOnB = await connect(asServer(b), owner.access);
      const seen: unknown[] = [];
      socketOnB.on("members.upserted", (p) => seen.push(p));
      await signUpStaff(asServer(a), owner.groupId);
      await settle(1_000);
      expect(seen).toEqual([]);
      socketOnB.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);

  it("keeps HTTP working while Redis is down and resumes live updates when it returns", async () => {
    // A private Redis that this test may stop and start again on the same port.
    const port = await freePort();
    const startRedis = (): ChildProcess =>
      spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        {
          stdio: "ignore",
        },
      );
    const ping = () =>
      new Promise<boolean>((resolve) => {
        const conn = createConnection({ host: "127.0.0.1", port }, () => {
          conn.end();
          resolve(true);
        });
        conn.on("error", () => resolve(false));
      });
    let redis = startRedis();
    await waitFor(ping, 10_000, "redis to start");
    const env = { DATABASE_URL: db.url, REDIS_URL: `redis://127.0.0.1:${port}` };
    const [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    try {
      const owner = await signUpOwner(asServer(a));
      const socketOnB = await connect(asServer(b), owner.access);

      const stopped = new Promise((r) => redis.once("exit", r));
      redis.kill("SIGKILL");
      await stopped;
      // HTTP does not depend on Redis: a sign-up through A still succeeds.
      await signUpStaff(asServer(a), owner.groupId);

      redis = startRedis();
      await waitFor(ping, 10_000, "redis to restart");
      // Live updates resume once both processes have reconnected (backoff of at most 5 s).
      let delivered = false;
      await waitFor(
        async () => {
          const arrived = nextEvent<{ user: { email: string } }>(
            socketOnB,
            "members.upserted",
            undefined,
            1_000,
          );
          await signUpStaff(asServer(a), owner.groupId);
          delivered = await arrived.then(() => true).catch(() => false);
          return delivered;
        },
        20_000,
        "live updates to resume after Redis returned",
      );
      expect(delivered).toBe(true);
      socketOnB.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      redis.kill("SIGKILL");
    }
  }, 120_000);
});
