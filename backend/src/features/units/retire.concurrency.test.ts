import type { UnitDto } from "@zaiko/common/units/units.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import { lockAllocation, lockItems } from "../../allocation/locks.queries";
import type { Database } from "../../db/client";
import { sqlState } from "../../lib/pgErrors";
import type { RunningServer } from "../../server";
import { actorOf, bearer, type Session, signUpOwner, statusOf, unique } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { addItem } from "../orderitems/orderitems.service";
import { addUnits, at, makeCase } from "../orderitems/orderitems.testkit";
import { resolveUnit, retireUnit } from "./units.service";
import { track } from "./units.testkit";

/**
 * 廃棄 (retire: stock − 1) and 発見 of a unit against the bookings of its item (docs/units.md, "Locks"):
 *
 * - a retire racing a case's '+' of the item never leaves a booking uncovered (the SQL invariant over bookings
 *   and outages): exactly one of the two wins when only one fits; the control, the same race with
 *   lock_allocation's row locks removed (allocation.testkit.ts), grants both in some trial;
 * - a lost unit's retire / 発見 takes its locks in the one order (the report's case, then the item): while a
 *   case edit holds that case, it waits without holding the item, so it cannot close a cycle with the edit
 *   (which holds the case and then locks the item). The probe, another transaction locking the item
 *   NOWAIT, gets it; the control, a transaction taking the old order (item, then case), makes the probe fail.
 */
const TRIALS = 6;
const RACE_TIMEOUT = 120_000;
const SLOW_COMMIT_MS = 150;

describeOnPostgres("retiring units while cases book the item [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  const post = (path: string, body: object) =>
    request(server.url).post(path).set(bearer(owner)).send(body).expect(200);

  /** Reports `unit` lost on a case of long ago: its outage holds 1 from now until found or written off. */
  async function loseUnit(itemId: number, unit: UnitDto) {
    const kase = await makeCase(server, owner, { start: at(-100_000), end: at(-99_990) });
    const { order_item } = await addUnits(server, owner, itemId, kase.id, 1);
    await post(`/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [unit.id] });
    await post(`/api/orderitems/${order_item.id}/receive/`, { quantity: 0, lost: 1, lost_units: [unit.id] });
    return kase;
  }

  /**
   * A tracked item of 6 units: one lost (its outage holds 1 over the cases' period), 4 booked on a case, so one
   * unit is free there. Racing: a '+' on another case over that period, the retire of a unit in the
   * warehouse (each needs the free unit) and the retire of the lost one (stock − 1 and its outage closed: the
   * same room as before).
   */
  async function race(mode: RaceMode) {
    const item = await makeItem(server, owner, { stock: 6 });
    const units = await track(server, owner, item.id, unique("R").toUpperCase());
    await loseUnit(item.id, units[0]!);
    const booked = await makeCase(server, owner, { start: at(0), end: at(10) });
    await addUnits(server, owner, item.id, booked.id, 4);
    const other = await makeCase(server, owner, { start: at(5), end: at(15) });
    const actor = actorOf(owner);
    const deps = server.deps;
    const [plus, retireFree, retireLost] = await inRaceMode(
      deps.database,
      mode,
      () =>
        Promise.all([
          statusOf(addItem(deps, actor, item.id, other.id)),
          statusOf(retireUnit(deps, actor, units[5]!.id)),
          statusOf(retireUnit(deps, actor, units[0]!.id)),
        ]),
      // A retire reads more before its check than a '+' (one statement): the commit waits long enough for
      // both to have checked before either commits.
      SLOW_COMMIT_MS,
    );
    return { plus, retireFree, retireLost, violations: await uncovered(deps.database, item.id) };
  }

  /**
   * Instants where the item's bookings and outages need more than it has: more than its stock, or more than
   * its units in service (a lost update of the stock leaves a stock that counts units that are gone). The SQL
   * of orderitems.testkit.ts#invariantViolations, with the units as a second bound.
   */
  async function uncovered(database: Database, itemId: number) {
    const r = (await database.db.execute(sql`
      WITH holds AS (
        SELECT o.item_id, o.start_date, o.end_date, o.quantity FROM order_item_bookings o
        JOIN work_cases w ON w.id = o.work_case_id AND w.status <> 'cancelled' WHERE o.item_id = ${itemId}
        UNION ALL SELECT item_id, start_date, end_date, quantity FROM item_outages WHERE item_id = ${itemId}
      ),
      instants AS (SELECT start_date AS t FROM holds UNION SELECT end_date FROM holds)
      SELECT p.t AS at, sum(h.quantity)::int AS usage, i.stock_quantity AS stock,
             (SELECT count(*)::int FROM item_units u WHERE u.item_id = i.id AND u.retired_at IS NULL) AS units
      FROM instants p JOIN holds h ON h.start_date <= p.t AND p.t <= h.end_date
      JOIN items i ON i.id = ${itemId}
      GROUP BY p.t, i.id, i.stock_quantity`)) as unknown as {
      rows: { at: Date; usage: number; stock: number; units: number }[];
    };
    return r.rows.filter((v) => v.usage > Math.min(v.stock, v.units));
  }

  it(
    `a unit retired while a case books its item: exactly one of them gets the free unit, over ${TRIALS} trials`,
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { plus, retireFree, retireLost, violations } = await race("lockedSlow");
        expect([plus, retireFree].sort()).toEqual([200, 409]);
        expect(retireLost).toBe(200);
        expect(violations).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "control: without the row locks the retire and the '+' both win and a booking is left uncovered",
    async () => {
      let failures = 0;
      for (let trial = 0; trial < TRIALS && failures === 0; trial++) {
        if ((await race("unlocked")).violations.length > 0) failures++;
      }
      expect(failures).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );

  /** Runs `during` while another transaction holds the case FOR UPDATE (as a period change does). */
  async function whileCaseHeld<T>(database: Database, caseId: number, during: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held!: () => void;
    const isHeld = new Promise<void>((resolve) => {
      held = resolve;
    });
    const holder = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT id FROM work_cases WHERE id = ${caseId} FOR UPDATE`);
      held();
      await released;
    });
    await isHeld;
    try {
      return await during();
    } finally {
      release();
      await holder;
    }
  }

  /** Waits until some transaction of this database waits for a row lock. */
  async function someoneWaits(database: Database) {
    for (let i = 0; i < 200; i++) {
      const r = (await database.db.execute(sql`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`)) as unknown as {
        rows: { n: number }[];
      };
      if (r.rows[0]!.n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error("nobody waits for the case");
  }

  /** Whether another transaction can lock the item row now (true: nobody holds it). */
  async function itemIsFree(database: Database, itemId: number): Promise<boolean> {
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT id FROM items WHERE id = ${itemId} FOR UPDATE NOWAIT`);
      });
      return true;
    } catch (err) {
      if (sqlState(err) === "55P03") return false;
      throw err;
    }
  }

  /**
   * A lost unit; `write` starts while its report's case is held FOR UPDATE: answers whether the item stayed
   * free while the write waited, and the write's status once the case is let go.
   */
  async function probe(write: (unit: UnitDto, caseId: number, itemId: number) => Promise<unknown>) {
    const item = await makeItem(server, owner, { stock: 3 });
    const units = await track(server, owner, item.id, unique("L").toUpperCase());
    const kase = await loseUnit(item.id, units[0]!);
    const database = server.deps.database;
    let pending!: Promise<number>;
    const free = await whileCaseHeld(database, kase.id, async () => {
      pending = statusOf(write(units[0]!, kase.id, item.id));
      await someoneWaits(database);
      return itemIsFree(database, item.id);
    });
    return { free, status: await pending };
  }

  it("a lost unit's retire and 発見 wait for its report's case before they lock the item", async () => {
    const actor = actorOf(owner);
    expect(await probe((unit) => retireUnit(server.deps, actor, unit.id))).toEqual({
      free: true,
      status: 200,
    });
    expect(await probe((unit) => resolveUnit(server.deps, actor, unit.id))).toEqual({
      free: true,
      status: 200,
    });
  });

  it("control: a write that locks the item before the case holds it while it waits (the probe sees it)", async () => {
    const result = await probe((_unit, caseId, itemId) =>
      server.deps.database.db.transaction(async (tx) => {
        await lockItems(tx, owner.groupId, [itemId]);
        await lockAllocation(tx, owner.groupId, { caseId, caseMode: "share" });
      }),
    );
    expect(result).toEqual({ free: false, status: 200 });
  });
});
