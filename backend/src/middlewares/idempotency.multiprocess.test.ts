import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import request from "supertest";
import { makeItem } from "../features/items/items.testkit";
import { addUnits, at, makeCase } from "../features/orderitems/orderitems.testkit";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import {
  type AppProcess,
  asServer,
  redisAvailable,
  startAppProcess,
  TEST_REDIS_URL,
} from "../test/processes";
import { connect, record, settle } from "../test/sockets";
import { IDEMPOTENCY_KEY_HEADER, REPLAYED_HEADER } from "./idempotency";

const PAIRS = 10;

/**
 * The retry that arrives at the same moment as the first attempt, on the other app process (docker-compose
 * runs two behind nginx): the key is claimed in the shared database, so one of the pair runs the work and the
 * other waits for its answer. The control sends the same pairs without a key and sees each applied twice.
 */
describeOnPostgres("Idempotency-Key across two app processes on PostgreSQL", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;
  let a: AppProcess;
  let b: AppProcess;
  let owner: Session;

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error(`Redis is required at ${TEST_REDIS_URL}`);
    db = await openFreshPostgres();
    const env = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    owner = await signUpOwner(asServer(a));
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  /**
   * An order item of PAIRS * 2 units booked, so that every issue of the race can go through, and its version
   * once booked: the booking's own events are published after their commits and may still reach a socket
   * that connects right after, so the race's events are those of later versions.
   */
  async function booked(): Promise<{ id: number; bookedVersion: number }> {
    const server = asServer(a);
    const item = await makeItem(server, owner, { stock: PAIRS * 2 });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, PAIRS * 2);
    return { id: order_item.id as number, bookedVersion: order_item.version as number };
  }

  const issue = (app: AppProcess, id: number, key: string | undefined) => {
    const req = request(app.url).post(`/api/orderitems/${id}/issue/`).set(bearer(owner));
    if (key) req.set(IDEMPOTENCY_KEY_HEADER, key);
    return req.send({ quantity: 1 });
  };

  /** PAIRS times: the same issue to both processes at once (with one key per pair, or none). */
  async function race(id: number, withKey: boolean) {
    const pairs: request.Response[][] = [];
    for (let i = 0; i < PAIRS; i++) {
      const key = withKey ? randomUUID() : undefined;
      pairs.push(await Promise.all([issue(a, id, key), issue(b, id, key)]));
    }
    const counted = await db.db.execute(
      sql`SELECT count(*)::int AS n FROM order_item_movements WHERE order_item_id = ${id}`,
    );
    return { pairs, movements: (counted as unknown as { rows: { n: number }[] }).rows[0]?.n };
  }

  it(`applies each of ${PAIRS} same-moment pairs once, answers both alike and sends one event per pair`, async () => {
    const { id, bookedVersion } = await booked();
    const socket = await connect(asServer(b), owner.access);
    const seen = record(socket);
    try {
      const { pairs, movements } = await race(id, true);
      for (const [x, y] of pairs) {
        expect([x?.status, y?.status]).toEqual([200, 200]);
        expect(x?.body).toEqual(y?.body);
        const marks = [x?.headers[REPLAYED_HEADER.toLowerCase()], y?.headers[REPLAYED_HEADER.toLowerCase()]];
        expect(marks.filter((m) => m === "true")).toHaveLength(1);
      }
      expect(pairs.map(([x]) => x?.body.issued_quantity)).toEqual(
        Array.from({ length: PAIRS }, (_, i) => i + 1),
      );
      expect(movements).toBe(PAIRS);
      await settle(500);
      const upserts = (seen.get("orderitems.upserted") ?? []) as {
        order_item: { id: number; version: number };
      }[];
      const ofTheRace = upserts.filter((e) => e.order_item.id === id && e.order_item.version > bookedVersion);
      expect(ofTheRace).toHaveLength(PAIRS);
    } finally {
      socket.close();
    }
  }, 60_000);

  it("control: the same pairs without a key are each applied twice", async () => {
    const { id } = await booked();
    const { pairs, movements } = await race(id, false);
    for (const pair of pairs) expect(pair.map((r) => r.status)).toEqual([200, 200]);
    expect(movements).toBe(PAIRS * 2);
  }, 60_000);
});
