import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import type { AppDeps } from "../../deps";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner, statusOf } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { connect, record, settle } from "../../test/sockets";
import { claimThenMeet, naiveClaim } from "../../test/sweepFaults";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { addItem } from "../orderitems/orderitems.service";
import { addUnits, at, invariantViolations, makeCase } from "../orderitems/orderitems.testkit";
import { claimDue } from "./holdSweeper.queries";
import { sweepLapsedHolds } from "./holdSweeper.service";
import { lapse, makeHold, setStatus } from "./lifecycle.testkit";
import { changeCaseStatus } from "./workcases.status";

/**
 * Concurrency of the case lifecycle on PostgreSQL (PGlite runs one transaction at a time). Each race has a
 * control that must fail: a sweep that neither locks nor re-reads the status, a reopen and adds without the
 * locks (the database's lock function replaced by a copy that locks nothing: allocation.testkit.ts).
 */
const TIMEOUT = 180_000;

describeOnPostgres("case lifecycle under concurrency (PostgreSQL)", () => {
  let server: RunningServer;
  let owner: Session;
  /** A second app's view of the same database: its own pool, as another process has. */
  let second: AppDeps;
  let closeSecond: () => Promise<void>;
  beforeAll(async () => {
    server = await startTestServer("pg", { config: { holdSweepMaxWaitMs: 0 } });
    owner = await signUpOwner(server);
    const url = (server.deps.database as unknown as { url: string }).url;
    const pool = new Pool({ connectionString: url, max: 4 });
    pool.on("error", () => undefined);
    second = { ...server.deps, database: { ...server.deps.database, db: drizzle(pool) } };
    closeSecond = () => pool.end();
  }, TIMEOUT);
  afterAll(async () => {
    await closeSecond?.();
    await server?.close();
  });

  /** Holds that lapsed a second ago, `n` of them. */
  async function lapsedHolds(n: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const c = await makeHold(server, owner);
      await lapse(server, c.id);
      ids.push(c.id);
    }
    return ids;
  }

  /**
   * Two sweeps on two connection pools, the second run entirely while the first has claimed its cases and
   * not committed: how two processes meet at the worst moment. Returns what each released and how many
   * workcases.upserted each case caused.
   */
  async function twoSweepsMeet(naive: boolean, ids: number[]) {
    const socket = await connect(server, owner.access);
    const seen = record(socket);
    try {
      let fromSecond: number[] = [];
      const secondSweep = async () => {
        fromSecond = await sweepLapsedHolds(second, naive ? naiveClaim() : claimDue);
      };
      const firstClaim = naive ? naiveClaim(secondSweep) : claimThenMeet(claimDue, secondSweep);
      const fromFirst = await sweepLapsedHolds(server.deps, firstClaim);
      await settle(500);
      // The releases only: a hold's own creation event may still arrive after the socket joined.
      const events = (seen.get("workcases.upserted") ?? []) as { workcase: { id: number; status: string } }[];
      const perCase = ids.map(
        (id) => events.filter((e) => e.workcase.id === id && e.workcase.status === "cancelled").length,
      );
      return { fromFirst, fromSecond, perCase };
    } finally {
      socket.close();
    }
  }

  it(
    "two sweeps at once release each lapsed hold exactly once (SKIP LOCKED and the status re-read)",
    async () => {
      const ids = await lapsedHolds(12);
      const { fromFirst, fromSecond, perCase } = await twoSweepsMeet(false, ids);
      expect([...fromFirst, ...fromSecond].sort((a, b) => a - b)).toEqual(ids);
      expect(perCase).toEqual(ids.map(() => 1));
    },
    TIMEOUT,
  );

  it(
    "control: a sweep that reads without a lock and updates by id releases them twice",
    async () => {
      const ids = await lapsedHolds(12);
      const { fromFirst, fromSecond, perCase } = await twoSweepsMeet(true, ids);
      expect(fromFirst.filter((id) => fromSecond.includes(id)).length).toBeGreaterThan(0);
      expect(perCase.some((n) => n > 1)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    "a confirm racing the sweep: the hold is released exactly once, by one of them",
    async () => {
      for (let trial = 0; trial < 5; trial++) {
        const [id] = await lapsedHolds(1);
        // The deadline passed: the confirm releases it itself (409) or finds it released by the sweep (200,
        // unchanged) — in every order, the case is cancelled once.
        const [confirm, swept] = await Promise.all([
          statusOf(
            changeCaseStatus(server.deps, actorOf(owner), id!, { status: "confirmed", hold_until: null }),
          ),
          sweepLapsedHolds(second),
        ]);
        expect([409, 200]).toContain(confirm);
        expect(swept.includes(id!)).toBe(confirm === 200);
      }
    },
    TIMEOUT,
  );

  /** A cancelled case of 3 units and three other cases over the same window, on a 4-unit item. */
  async function reopenRace(mode: RaceMode) {
    const deps = server.deps;
    const item = await makeItem(server, owner, { stock: 4 });
    const cancelled = await makeCase(server, owner, { start: at(0), end: at(10) });
    await addUnits(server, owner, item.id, cancelled.id, 3);
    await setStatus(server, owner, cancelled.id, { status: "cancelled" }).expect(200);
    const others = await Promise.all(
      [0, 1, 2].map(() => makeCase(server, owner, { start: at(5), end: at(15) })),
    );
    const actor = actorOf(owner);
    await inRaceMode(deps.database, mode, () =>
      Promise.all([
        statusOf(changeCaseStatus(deps, actor, cancelled.id, { status: "confirmed", hold_until: null })),
        ...others.map((c) => statusOf(addItem(deps, actor, item.id, c.id))),
      ]),
    );
    return invariantViolations(server.deps.database, [item.id]);
  }

  it(
    "a reopen racing adds on its items never overbooks (10 trials)",
    async () => {
      for (let trial = 0; trial < 10; trial++) {
        expect(await reopenRace("lockedSlow")).toEqual([]);
      }
    },
    TIMEOUT,
  );

  it(
    "control: without the item lock the same race overbooks in some trial, and the check sees it",
    async () => {
      let violations = 0;
      for (let trial = 0; trial < 10 && violations === 0; trial++) {
        violations += (await reopenRace("unlocked")).length;
      }
      expect(violations).toBeGreaterThan(0);
    },
    TIMEOUT,
  );
});
