import { checkInvariant, type Shortage } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import { sql } from "drizzle-orm";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import { rowsOf } from "../../db/rawSql";
import type { AuthUser } from "../../middlewares/auth";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { postMovement, undoLatestMovement } from "../orderitems/movements.service";
import { addItem } from "../orderitems/orderitems.service";
import { at, makeCase } from "../orderitems/orderitems.testkit";
import { postReceive, resolve } from "../orderitems/outages.service";
import { createSubRental } from "./subrentals.service";
import { createSupplier } from "./suppliers.service";

/**
 * Reports of hired units lost or broken (外部手配, docs/subrental.md "Lost and broken hired units") racing the '+'
 * of an overlapping case, on PostgreSQL (PGlite runs one transaction at a time). A hired report lowers its hire
 * from the end of its case until the hire ends, so it takes the units a later case inside the hire would book:
 * either may win, never both. The item has 1 unit of its own and 4 hired over [at(0), at(20)]; four cases
 * [at(0), at(10)] have one unit each out; case B [at(12), at(18)] adds units while the four report theirs lost
 * or broken. Over B's period 5 units exist, each granted report or '+' takes one.
 *
 * The check is the one availability rule (common/availability checkInvariant with the hires) over what is
 * committed: order_item_bookings, item_outages as bookings, sub_rentals as hired units. The control removes the
 * locks (allocation.testkit.ts: lock_allocation without its row locks, a sleep at each commit after its check)
 * and must break the invariant in some trial, which shows the check below would catch a missing lock.
 */
const STOCK = 1;
const HIRED = 4;
/** The units over B's period: what the granted reports and '+' share. */
const UNITS = STOCK + HIRED;
const ADDS = UNITS;
const TRIALS = 12;
const CONTROL_TRIALS = 30;
const RACE_TIMEOUT = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Outcome {
  status: number;
  error?: unknown;
}

/** What a service call ended with: 200, or the HttpError's status and `error` (500 for anything else). */
const outcomeOf = (p: Promise<unknown>): Promise<Outcome> =>
  p.then(
    () => ({ status: 200 }),
    (err: { status?: number; body?: { error?: unknown } }) => ({
      status: err.status ?? 500,
      error: err.body?.error ?? String(err),
    }),
  );
const granted = (outcomes: Outcome[]) => outcomes.filter((o) => o.status === 200).length;

describeOnPostgres("hired loss reports and their 発見 racing the + [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  let actor: AuthUser;
  let supplier: number;
  /** The cases whose unit comes back lost or broken (hired), one unit each. */
  let out: number[];
  /** The case inside the hire, after theirs, whose '+' the reports race. */
  let later: number;

  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    actor = actorOf(owner);
    supplier = (await createSupplier(server.deps, actor, { name: "取引先A", contact: "", memo: "" })).id;
    out = [];
    for (let i = 0; i < HIRED; i++)
      out.push((await makeCase(server, owner, { start: at(0), end: at(10) })).id);
    later = (await makeCase(server, owner, { start: at(12), end: at(18) })).id;
  });
  afterAll(() => server.close());

  /** The item's bookings and outages against its stock + its hires as committed: the shortages at some instant. */
  async function violations(itemId: number): Promise<Shortage[]> {
    const db = server.deps.database.db;
    const [item] = await rowsOf<{ stock: number; title: string }>(
      db,
      sql`SELECT stock_quantity AS stock, title FROM items WHERE id = ${itemId}`,
    );
    const bookings = await rowsOf<{ start: string; end: string; quantity: number }>(
      db,
      sql`SELECT o.start_date AS start, o.end_date AS end, o.quantity FROM order_item_bookings o
          JOIN work_cases w ON w.id = o.work_case_id AND w.status <> 'cancelled' WHERE o.item_id = ${itemId}
          UNION ALL
          SELECT start_date, end_date, quantity FROM item_outages WHERE item_id = ${itemId}`,
    );
    const hires = await rowsOf<{ start: string; end: string; quantity: number }>(
      db,
      sql`SELECT start_date AS start,
                 CASE WHEN status = 'returned' THEN least(end_date, returned_at) ELSE end_date END AS end, quantity
          FROM sub_rentals WHERE item_id = ${itemId} AND status <> 'cancelled'`,
    );
    const dated = (r: { start: string; end: string; quantity: number }) => ({
      start: new Date(r.start),
      end: new Date(r.end),
      quantity: r.quantity,
    });
    return checkInvariant([
      {
        item_id: itemId,
        title: item!.title,
        stock: item!.stock,
        bookings: bookings.map(dated),
        hired: hires.map(dated),
      },
    ]);
  }

  /** A fresh item (1 own unit, 4 hired over [at(0), at(20)]) with one unit out on each of the four cases. */
  async function setUp() {
    const item = await makeItem(server, owner, { stock: STOCK });
    const hire = await createSubRental(server.deps, actor, {
      supplier,
      item: item.id,
      quantity: HIRED,
      start_date: new Date(at(0)),
      end_date: new Date(at(20)),
      work_case: null,
      cost_memo: "",
    });
    const lines: number[] = [];
    for (const caseId of out) {
      const line = (await addItem(server.deps, actor, item.id, caseId)).order_item!.id;
      await postMovement(server.deps, actor, line, "issue", 1);
      lines.push(line);
    }
    /** The line's one unit reported lost (or broken) as the hire's. */
    const report = (line: number, kind: "lost" | "broken") =>
      postReceive(server.deps, actor, line, {
        quantity: 0,
        lost: kind === "lost" ? 1 : 0,
        broken: kind === "broken" ? 1 : 0,
        repair_due: kind === "broken" ? new Date(at(30)) : null,
        sub_rental: hire.id,
      });
    const add = () => addItem(server.deps, actor, item.id, later);
    return { itemId: item.id, lines, report, add };
  }

  /** The report movement of a line (its outage's id). */
  async function reportOf(line: number): Promise<number> {
    const [row] = await rowsOf<{ id: number }>(
      server.deps.database.db,
      sql`SELECT id FROM order_item_movements WHERE order_item_id = ${line} AND disposition <> 'returned'`,
    );
    return row!.id;
  }

  /**
   * Race 1: the four reports (lost in some trials, broken in others) against five '+' on B. Who reaches the item's
   * lock first changes from trial to trial: the reports first (B gets 1), the '+' first (every report refused: its
   * units are booked by B), or mixed.
   */
  async function reportsTrial(mode: RaceMode, n: number) {
    const t = await setUp();
    const kind = n % 2 === 0 ? "lost" : "broken";
    const [reportDelay, addDelay] = (
      [
        [0, 8],
        [8, 0],
        [0, 0],
      ] as const
    )[n % 3]!;
    const outcomes = await inRaceMode(
      server.deps.database,
      mode,
      () =>
        Promise.all([
          ...t.lines.map((line) => sleep(reportDelay).then(() => outcomeOf(t.report(line, kind)))),
          ...Array.from({ length: ADDS }, () => sleep(addDelay).then(() => outcomeOf(t.add()))),
        ]),
      50,
    );
    const reports = outcomes.slice(0, HIRED);
    const adds = outcomes.slice(HIRED);
    return { reports, adds, violations: await violations(t.itemId) };
  }

  /**
   * Race 2: 発見 / 修理完了 and the undo of a 発見 among reports and '+'. Before it, three units are reported (lost,
   * broken, lost) and the third found: B has 5 − 2 = 3 units. Then at once: the lost unit found and the broken
   * one repaired (each frees one unit over B's period), the found report taken back (undo: the report is deleted,
   * which frees nothing more — nothing un-resolves a report) then its unit, out on its case again, reported lost
   * again (holds one again), the fourth unit reported lost, and five '+' on B. Resolving and undoing only free
   * units; what takes them again is a report or a '+', and those must not both go through on the same unit.
   */
  async function resolveTrial(mode: RaceMode, n: number) {
    const t = await setUp();
    const [lost, broken, found, fourth] = t.lines as [number, number, number, number];
    await t.report(lost, "lost");
    await t.report(broken, "broken");
    await t.report(found, "lost");
    await resolve(server.deps, actor, await reportOf(found));
    const [lostReport, brokenReport] = [await reportOf(lost), await reportOf(broken)];
    // The '+' on B pass one another's lock on B's order item one at a time; the fourth report lands at different
    // points of that line from trial to trial.
    const fourthDelay = [0, 20, 45, 70][n % 4]!;
    const outcomes = await inRaceMode(
      server.deps.database,
      mode,
      () =>
        Promise.all([
          outcomeOf(resolve(server.deps, actor, lostReport)),
          outcomeOf(resolve(server.deps, actor, brokenReport)),
          // Taken back, then lost again: after the undo the unit is out on its case again.
          outcomeOf(undoLatestMovement(server.deps, actor, found)).then(async (undone) => [
            undone,
            await outcomeOf(t.report(found, "lost")),
          ]),
          sleep(fourthDelay).then(() => outcomeOf(t.report(fourth, "lost"))),
          ...Array.from({ length: ADDS }, () => sleep(n % 3).then(() => outcomeOf(t.add()))),
        ]),
      50,
    );
    const [resolvedLost, resolvedBroken, [undone, again], fourthReport, ...adds] = outcomes as [
      Outcome,
      Outcome,
      [Outcome, Outcome],
      Outcome,
      ...Outcome[],
    ];
    return {
      frees: [resolvedLost, resolvedBroken, undone],
      reports: [again, fourthReport],
      adds,
      violations: await violations(t.itemId),
    };
  }

  it(
    `hired reports and the + never take the same unit, over ${TRIALS} trials`,
    async () => {
      let reportRefused = 0;
      let reportGranted = 0;
      for (let n = 0; n < TRIALS; n++) {
        const { reports, adds, violations: found } = await reportsTrial("lockedSlow", n);
        if (process.env.SHOW_RACE) console.info(n, reports, adds);
        expect([...reports, ...adds].filter((o) => o.status !== 200 && o.status !== 409)).toEqual([]);
        expect(found).toEqual([]);
        // Each granted report or '+' takes one of the 5 units over B's period, so exactly 5 go through.
        expect(granted(reports) + granted(adds)).toBe(UNITS);
        // A refused report is the shortage (its units are booked by B), a refused '+' the allocation's.
        for (const r of reports.filter((o) => o.status === 409)) expect(r.error).toBe(ja.outages.shortage);
        for (const a of adds.filter((o) => o.status === 409)) expect(a.error).toBe(ja.allocation.shortage);
        reportRefused += reports.length - granted(reports);
        reportGranted += granted(reports);
      }
      // Both orders happened: reports refused because B had booked the units, and reports through.
      expect(reportRefused).toBeGreaterThan(0);
      expect(reportGranted).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: without the locks a hired report and the + take the same unit, and the check finds it",
    async () => {
      let caught: Awaited<ReturnType<typeof reportsTrial>> | undefined;
      for (let n = 0; n < CONTROL_TRIALS && !caught; n++) {
        const trial = await reportsTrial("unlocked", n);
        if (trial.violations.length > 0) caught = trial;
      }
      expect(caught).toBeDefined();
      const { reports, adds, violations: found } = caught!;
      if (process.env.SHOW_RACE) console.info(found, reports, adds);
      // The right reason: more reports and '+' went through than B's period has units, a report among them
      // (the '+' alone, 5 for 5 units, cannot overbook).
      expect(granted(reports)).toBeGreaterThan(0);
      expect(granted(reports) + granted(adds)).toBeGreaterThan(UNITS);
      expect(found[0]).toMatchObject({ required: granted(reports) + granted(adds), available: UNITS });
    },
    RACE_TIMEOUT,
  );

  it(
    `発見 / 修理完了 and the undo of a 発見 racing reports and the +: never overbooked, over ${TRIALS} trials`,
    async () => {
      for (let n = 0; n < TRIALS; n++) {
        const { frees, reports, adds, violations: found } = await resolveTrial("lockedSlow", n);
        if (process.env.SHOW_RACE) console.info(n, frees, reports, adds);
        // Resolving and taking a report back only free units: never refused.
        expect(frees.map((o) => o.status)).toEqual([200, 200, 200]);
        expect([...reports, ...adds].filter((o) => o.status !== 200 && o.status !== 409)).toEqual([]);
        expect(found).toEqual([]);
        expect(granted(reports) + granted(adds)).toBeLessThanOrEqual(UNITS);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: without the locks the same race overbooks, and the check finds it",
    async () => {
      let caught: Awaited<ReturnType<typeof resolveTrial>> | undefined;
      for (let n = 0; n < CONTROL_TRIALS && !caught; n++) {
        const trial = await resolveTrial("unlocked", n);
        if (trial.violations.length > 0) caught = trial;
      }
      expect(caught).toBeDefined();
      const { frees, reports, adds, violations: found } = caught!;
      if (process.env.SHOW_RACE) console.info(found, frees, reports, adds);
      expect(granted(reports)).toBeGreaterThan(0);
      expect(granted(reports) + granted(adds)).toBeGreaterThan(UNITS);
    },
    RACE_TIMEOUT,
  );
});
