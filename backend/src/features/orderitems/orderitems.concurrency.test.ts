import { sql } from "drizzle-orm";
import request from "supertest";
import { inRaceMode } from "../../allocation/allocation.testkit";
import type { RunningServer } from "../../server";
import { actorOf, bearer, type Session, signUpOwner, statusOf } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { updateWorkCase } from "../workcases/workcases.service";
import { addItem, patchOrderItem } from "./orderitems.service";
import { add, addUnits, at, invariantViolations, makeCase, patch } from "./orderitems.testkit";

/**
 * Concurrency on PostgreSQL (PGlite runs one transaction at a time and would prove nothing). Each race
 * has a control: the same race with the locks removed from the test's own database (its lock function
 * lock_allocation, which the + calls too, replaced by a copy that locks nothing, and a short sleep at commit,
 * after the check, to widen the window: allocation.testkit.ts) must overbook in at least one trial, which
 * shows the invariant check below would catch a missing lock.
 */
const TRIALS = 20;
const N = 10;
const S = 4;
/** The stock of each trial of the min(N, S) race: below, at and above N, and 0 (every call refused). */
const STOCKS = [S, 1, 0, 7, N, 13];
/** Many trials on a loaded machine (jest runs suites in parallel) take longer than the default 30 s. */
const RACE_TIMEOUT = 120_000;

describeOnPostgres("allocation under concurrency [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  let category: number;
  /** Five cases that all contain the instant at(10), so at most S units fit across all of them. */
  let cases: number[];
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    category = (await makeCategory(server, owner)).id;
    cases = [];
    for (const [s, e] of [
      [0, 10],
      [5, 15],
      [8, 12],
      [10, 20],
      [9, 11],
    ] as const) {
      cases.push((await makeCase(server, owner, { start: at(s), end: at(e) })).id);
    }
  });
  afterAll(() => server.close());

  const totalBooked = async (itemId: number) => {
    const r = (await server.deps.database.db.execute(
      sql`select coalesce(sum(order_quantity), 0)::int as n from order_items where item_id = ${itemId}`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };

  const addEntries = async (itemId: number) => {
    const r = (await server.deps.database.db.execute(
      sql`select count(*)::int as n from history where item_id = ${itemId} and action = 'orderitem.add'`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };

  it(
    `grants exactly min(N, S) of ${N} parallel additem calls, stock S in ${STOCKS.join("/")}, over ${TRIALS} trials`,
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const stock = STOCKS[trial % STOCKS.length]!;
        const item = await makeItem(server, owner, { category, stock });
        const results = await Promise.all(
          Array.from({ length: N }, (_, i) => add(server, owner, item.id, cases[i % cases.length]!)),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses.filter((s) => s === 200)).toHaveLength(Math.min(N, stock));
        expect(statuses.filter((s) => s === 409)).toHaveLength(N - Math.min(N, stock));
        expect(await totalBooked(item.id)).toBe(Math.min(N, stock));
        // 履歴: one entry per granted unit; the refused ones wrote theirs and rolled it back with the unit.
        expect(await addEntries(item.id)).toBe(Math.min(N, stock));
        expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "holds with a slow write too (the lock, not timing, keeps it safe)",
    async () => {
      for (let trial = 0; trial < 5; trial++) {
        const item = await makeItem(server, owner, { category, stock: S });
        const statuses = await inRaceMode(server.deps.database, "lockedSlow", () =>
          Promise.all(
            Array.from({ length: N }, (_, i) =>
              statusOf(addItem(server.deps, actorOf(owner), item.id, cases[i % cases.length]!)),
            ),
          ),
        );
        expect(statuses.filter((s) => s === 200)).toHaveLength(S);
        expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: the same race without FOR UPDATE overbooks, and the invariant check finds it",
    async () => {
      let caught = 0;
      for (let trial = 0; trial < TRIALS && caught === 0; trial++) {
        const item = await makeItem(server, owner, { category, stock: S });
        await inRaceMode(server.deps.database, "unlocked", () =>
          Promise.all(
            Array.from({ length: N }, (_, i) =>
              statusOf(addItem(server.deps, actorOf(owner), item.id, cases[i % cases.length]!)),
            ),
          ),
        );
        const violations = await invariantViolations(server.deps.database, [item.id]);
        if (violations.length > 0) {
          caught++;
          expect(await totalBooked(item.id)).toBeGreaterThan(S);
        }
      }
      expect(caught).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
});

describeOnPostgres("mixed allocation writes under concurrency [postgres]", () => {
  const MIXED_TRIALS = 10;
  const OPS = 24;
  let server: RunningServer;
  let owner: Session;
  let category: number;
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    category = (await makeCategory(server, owner)).id;
  });
  afterAll(() => server.close());

  const lastHistoryId = async () => {
    const r = (await server.deps.database.db.execute(
      sql`select coalesce(max(id), 0)::int as n from history`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };
  const entriesSince = async (id: number) => {
    const r = (await server.deps.database.db.execute(
      sql`select count(*)::int as n from history where id > ${id} and group_id = ${owner.groupId}`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };

  /** A deterministic pseudo-random sequence per trial, so a failure can be replayed. */
  const rng = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };

  /** Items, overlapping cases and a first allocation of each item to each case. */
  async function setUp() {
    const items = [];
    for (let i = 0; i < 3; i++) items.push(await makeItem(server, owner, { category, stock: 4 }));
    const cases = [];
    for (let i = 0; i < 4; i++)
      cases.push(await makeCase(server, owner, { start: at(i * 3), end: at(i * 3 + 8) }));
    const orders: { id: number; itemId: number }[] = [];
    for (const item of items) {
      for (const c of cases.slice(0, 2)) {
        const body = await addUnits(server, owner, item.id, c.id, 1);
        orders.push({ id: body.order_item.id, itemId: item.id });
      }
    }
    return { items, cases, orders };
  }

  type Fixture = Awaited<ReturnType<typeof setUp>>;
  const period = (r: () => number) => {
    const s = Math.floor(r() * 16);
    return { start: at(s), end: at(s + 1 + Math.floor(r() * 8)) };
  };

  /** One random write through HTTP: add, case period change, order item edit or stock edit. */
  function httpOp(f: Fixture, r: () => number): Promise<number> {
    const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
    const kind = r();
    if (kind < 0.4) return add(server, owner, pick(f.items).id, pick(f.cases).id).then((x) => x.status);
    if (kind < 0.6) {
      const c = pick(f.cases);
      const p = period(r);
      return request(server.url)
        .put(`/api/workcases/${c.id}/`)
        .set(bearer(owner))
        .send({ ...c, start_date: p.start, end_date: p.end })
        .then((x) => x.status);
    }
    if (kind < 0.85) {
      const p = period(r);
      return patch(server, owner, pick(f.orders).id, {
        start_date: p.start,
        end_date: p.end,
        order_quantity: 1 + Math.floor(r() * 3),
        note: "",
      }).then((x) => x.status);
    }
    const item = pick(f.items);
    return request(server.url)
      .put(`/api/items/${item.id}/`)
      .set(bearer(owner))
      .send({ ...item, stock_quantity: 1 + Math.floor(r() * 5) })
      .then((x) => x.status);
  }

  it(
    `period changes, allocations, order item edits and stock edits never break the invariant (${MIXED_TRIALS} trials × ${OPS} writes)`,
    async () => {
      const seen = new Map<number, number>();
      for (let trial = 0; trial < MIXED_TRIALS; trial++) {
        const f = await setUp();
        const r = rng(trial + 1);
        const lastEntry = await lastHistoryId();
        const statuses = await Promise.all(Array.from({ length: OPS }, () => httpOp(f, r)));
        for (const s of statuses) seen.set(s, (seen.get(s) ?? 0) + 1);
        expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
        // 履歴: each granted write recorded exactly one entry, each refused one none (rolled back with it).
        expect(await entriesSince(lastEntry)).toBe(statuses.filter((s) => s === 200).length);
        expect(
          await invariantViolations(
            server.deps.database,
            f.items.map((i) => i.id),
          ),
        ).toEqual([]);
      }
      // The races were real: both outcomes happened.
      expect(seen.get(200)).toBeGreaterThan(0);
      expect(seen.get(409)).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: the same mix without FOR UPDATE overbooks, and the invariant check finds it",
    async () => {
      let caught = 0;
      for (let trial = 0; trial < MIXED_TRIALS && caught === 0; trial++) {
        const f = await setUp();
        const r = rng(100 + trial);
        const actor = actorOf(owner);
        const deps = server.deps;
        const pick = <T>(list: T[]) => list[Math.floor(r() * list.length)]!;
        const ops = () =>
          Array.from({ length: OPS }, () => {
            const kind = r();
            if (kind < 0.5) return addItem(deps, actor, pick(f.items).id, pick(f.cases).id);
            const p = period(r);
            if (kind < 0.7) {
              const c = pick(f.cases);
              const input = {
                title: c.title,
                start_date: new Date(p.start),
                end_date: new Date(p.end),
                note: "",
              };
              return updateWorkCase(deps, actor, c.id, input);
            }
            const edit = {
              kind: "edit" as const,
              start_date: new Date(p.start),
              end_date: new Date(p.end),
              order_quantity: 1 + Math.floor(r() * 3),
              note: "",
            };
            return patchOrderItem(deps, actor, pick(f.orders).id, edit);
          });
        await inRaceMode(server.deps.database, "unlocked", () => Promise.all(ops().map(statusOf)));
        if (
          (
            await invariantViolations(
              server.deps.database,
              f.items.map((i) => i.id),
            )
          ).length > 0
        )
          caught++;
      }
      expect(caught).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
});
