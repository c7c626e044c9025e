import { sql } from "drizzle-orm";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import type { RunningServer } from "../../server";
import { activate, actorOf, login, type Session, signUpOwner, signUpStaff, statusOf } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { addItem, reduceItem } from "../orderitems/orderitems.service";
import { add, at, invariantViolations, makeCase } from "../orderitems/orderitems.testkit";
import { addSet } from "./setLines.service";
import { makeSet, addSet as postAddSet } from "./sets.testkit";

/**
 * Sets and their parts booked at once (PostgreSQL only: PGlite runs one transaction at a time). A set of 2
 * speakers and 1 mixer; every call books on its own case, and all the cases share the instant at(10), so
 * across them at most the stock fits. The control runs the same race with the locks removed from the test's
 * own database (allocation.testkit.ts: lock_allocation without its row locks, a sleep at commit) and must
 * overbook in some trial, so the invariant check below would catch a missing lock.
 */
const TRIALS = 8;
const CALLS = 10;
/** Speakers and mixers of each trial: the speakers, the mixers or neither the tighter part. */
const STOCKS: [number, number][] = [
  [5, 4],
  [8, 2],
  [4, 9],
  [0, 3],
];
const RACE_TIMEOUT = 120_000;
const MIXED_RACE_COMMIT_SLEEP_MS = 100;
const CONTROL_COMMIT_SLEEP_MS = 400;

describeOnPostgres("sets under concurrency [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let category: number;
  let cases: number[];
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    const s = await signUpStaff(server, owner.groupId);
    await activate(server, owner, s.id);
    staff = await login(server, s.email, s.password);
    category = (await makeCategory(server, owner)).id;
    cases = [];
    for (let i = 0; i < CALLS; i++) {
      cases.push((await makeCase(server, owner, { start: at(i), end: at(10 + i) })).id);
    }
  });
  afterAll(() => server.close());

  async function world(speakers: number, mixers: number) {
    const speaker = await makeItem(server, owner, { category, stock: speakers });
    const mixer = await makeItem(server, owner, { category, stock: mixers });
    const set = await makeSet(server, owner, category, [
      [speaker.id, 2],
      [mixer.id, 1],
    ]);
    return { speaker: speaker.id, mixer: mixer.id, set: set.id };
  }
  const booked = async (itemId: number) => {
    const r = (await server.deps.database.db.execute(
      sql`select coalesce(sum(order_quantity), 0)::int as n from order_items where item_id = ${itemId}`,
    )) as unknown as { rows: { n: number }[] };
    return r.rows[0]!.n;
  };
  /** Parts whose order item holds less than its case's set lines need (the grouping out of step). */
  const partsBelowNeed = async () => {
    const r = (await server.deps.database.db.execute(sql`
      SELECT p.item_id, l.work_case_id FROM case_set_lines l
      JOIN case_set_line_parts p ON p.line_id = l.id
      LEFT JOIN order_items o ON o.work_case_id = l.work_case_id AND o.item_id = p.item_id
      GROUP BY p.item_id, l.work_case_id, o.order_quantity
      HAVING coalesce(o.order_quantity, 0) < sum(l.quantity * p.quantity)`)) as unknown as {
      rows: unknown[];
    };
    return r.rows;
  };

  it(
    `grants exactly min(calls, ⌊speakers ÷ 2⌋, mixers) of ${CALLS} parallel addset calls from two members`,
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const [speakers, mixers] = STOCKS[trial % STOCKS.length]!;
        const w = await world(speakers, mixers);
        const results = await Promise.all(
          cases.map((caseId, i) => postAddSet(server, i % 2 ? staff : owner, w.set, caseId)),
        );
        const granted = Math.min(CALLS, Math.floor(speakers / 2), mixers);
        expect(results.filter((r) => r.status === 200)).toHaveLength(granted);
        expect(results.filter((r) => r.status === 409)).toHaveLength(CALLS - granted);
        expect(await booked(w.speaker)).toBe(granted * 2);
        expect(await booked(w.mixer)).toBe(granted);
        expect(await invariantViolations(server.deps.database, [w.speaker, w.mixer])).toEqual([]);
      }
      expect(await partsBelowNeed()).toEqual([]);
    },
    RACE_TIMEOUT,
  );

  /**
   * Half the calls book a set, half a speaker alone, through the services, in the given mode. Each commit
   * sleeps 100 ms: a set's '+' reads the bookings after several round trips and writes its parts in a few more,
   * so with the 20 ms of the other races a quiet machine could finish one call's read after another's commit in
   * every trial, and the control then found nothing to catch.
   */
  const mixedRace = (
    w: { speaker: number; set: number },
    mode: RaceMode,
    commitSleepMs = MIXED_RACE_COMMIT_SLEEP_MS,
  ) =>
    inRaceMode(
      server.deps.database,
      mode,
      () =>
        Promise.all(
          cases.map((caseId, i) =>
            statusOf(
              i % 2
                ? addSet(server.deps, actorOf(owner), w.set, caseId)
                : addItem(server.deps, actorOf(staff), w.speaker, caseId),
            ),
          ),
        ),
      commitSleepMs,
    );

  it(
    "never books more of a part than exists when sets and the part alone race, even with a slow commit",
    async () => {
      for (let trial = 0; trial < 5; trial++) {
        const w = await world(5, 5);
        const statuses = await mixedRace(w, "lockedSlow");
        expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
        expect(await invariantViolations(server.deps.database, [w.speaker, w.mixer])).toEqual([]);
        expect(await booked(w.speaker)).toBeLessThanOrEqual(5);
      }
      // Over HTTP as well: parts alone and sets at once.
      const w = await world(5, 5);
      await Promise.all(
        cases.map((caseId, i) =>
          i % 2 ? postAddSet(server, owner, w.set, caseId) : add(server, staff, w.speaker, caseId),
        ),
      );
      expect(await invariantViolations(server.deps.database, [w.speaker, w.mixer])).toEqual([]);
      expect(await partsBelowNeed()).toEqual([]);
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: the same race without the locks overbooks a part, and the invariant check finds it",
    async () => {
      let caught = 0;
      for (let trial = 0; trial < 10 && caught === 0; trial++) {
        const w = await world(5, 5);
        // A wider window than the locked race's: in one CI run on a machine busy with the rest of the suite,
        // none of ten trials with 100 ms overbooked (calls slowed past the window, it seems, so they did not
        // overlap), and a control that misses proves nothing; the locked race needs no such width.
        await mixedRace(w, "unlocked", CONTROL_COMMIT_SLEEP_MS);
        if ((await invariantViolations(server.deps.database, [w.speaker, w.mixer])).length > 0) {
          caught++;
          expect(await booked(w.speaker)).toBeGreaterThan(5);
        }
      }
      expect(caught).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
  /**
   * On every case one set and one speaker alone; then each case's '+' of a set and '−' of the speaker at once.
   * Both write the speaker's one order item: serialized they end at 3 + 2 − 1 = 4, the sets' need. Unserialized,
   * one writes over the other from a stale read (a lost update): 5 when the set's write lands last, or 2 — below
   * the sets' need — when the '−' does.
   */
  const setAndReduceRace = async (mode: RaceMode) => {
    // Every case's period overlaps every other's, so the stock must hold the worst order: every set's '+'
    // committed before any '−', 5 speakers and 2 mixers on each case at once. With less, a '+' is rightly
    // refused in that order (one loaded CI run met it with 40 speakers for 10 cases).
    const w = await world(cases.length * 5, cases.length * 2);
    for (const caseId of cases) {
      await postAddSet(server, owner, w.set, caseId).expect(200);
      await add(server, owner, w.speaker, caseId).expect(200);
    }
    const statuses = await inRaceMode(server.deps.database, mode, () =>
      Promise.all(
        cases.flatMap((caseId) => [
          statusOf(addSet(server.deps, actorOf(owner), w.set, caseId)),
          statusOf(reduceItem(server.deps, actorOf(staff), w.speaker, caseId)),
        ]),
      ),
    );
    const r = (await server.deps.database.db.execute(
      sql`select order_quantity::int as n from order_items where item_id = ${w.speaker}`,
    )) as unknown as { rows: { n: number }[] };
    return { statuses, speakers: r.rows.map((x) => x.n) };
  };

  it(
    "a set's '+' and a part's '−' on the same case at once leave the part at its sets' need (5 trials)",
    async () => {
      for (let trial = 0; trial < 5; trial++) {
        const { statuses, speakers } = await setAndReduceRace("lockedSlow");
        expect(statuses.filter((s) => s !== 200)).toEqual([]);
        expect(speakers).toEqual(cases.map(() => 4));
        expect(await partsBelowNeed()).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: without the locks the same race loses a write (a speaker not at 4, or below its sets' need)",
    async () => {
      let caught = 0;
      for (let trial = 0; trial < 10 && caught === 0; trial++) {
        const { speakers } = await setAndReduceRace("unlocked");
        // The locked race's two checks: each speaker order item at exactly 4, none below its sets' need.
        if (speakers.some((n) => n !== 4) || (await partsBelowNeed()).length > 0) caught++;
      }
      expect(caught).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
});
