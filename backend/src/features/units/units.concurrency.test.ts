import { sql } from "drizzle-orm";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import type { Database } from "../../db/client";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner, statusOf, unique } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { postMovement } from "../orderitems/movements.service";
import { addUnits, at, makeCase } from "../orderitems/orderitems.testkit";
import { track } from "./units.testkit";

/**
 * Two workers scan the same unit onto two cases at once (docs/units.md, "One case at a time"): exactly one
 * wins. The invariant is read from the bindings themselves: per unit, the issues that named it minus the
 * receives that named it, summed over every order item, is 0 or 1 (it is out on one case at most), and the
 * unit's row says the same. The control issues through a naive binder (read the unit without a lock, check
 * it is free, sleep, bind): it must break the invariant in at least one trial, which shows the check would
 * catch a binder that does not lock.
 */
const TRIALS = 6;
const RACE_TIMEOUT = 120_000;

/** Units out on more than one order item by their bindings, or whose row disagrees with the bindings. */
async function unitViolations(database: Database, unitId: number) {
  const r = (await database.db.execute(sql`
    WITH b AS (
      SELECT m.order_item_id,
             sum(CASE WHEN m.kind = 'issue' THEN 1 ELSE -1 END)::int AS out
      FROM movement_units mu JOIN order_item_movements m ON m.id = mu.movement_id
      WHERE mu.unit_id = ${unitId} GROUP BY m.order_item_id)
    SELECT coalesce((SELECT sum(out) FROM b), 0)::int AS out_total,
           (SELECT order_item_id FROM b WHERE out > 0 LIMIT 1) AS bound_on,
           (SELECT out_order_item_id FROM item_units WHERE id = ${unitId}) AS row_on`)) as unknown as {
    rows: { out_total: number; bound_on: number | null; row_on: number | null }[];
  };
  const s = r.rows[0]!;
  return s.out_total > 1 || s.bound_on !== s.row_on ? [s] : [];
}

/** The control: an issue that reads the unit unlocked, checks it is free, waits, then binds it. */
async function naiveIssue(database: Database, groupId: number, orderItemId: number, unitId: number) {
  await database.db.transaction(async (tx) => {
    const r = (await tx.execute(
      sql`SELECT out_order_item_id FROM item_units WHERE id = ${unitId}`,
    )) as unknown as {
      rows: { out_order_item_id: number | null }[];
    };
    if (r.rows[0]!.out_order_item_id !== null) throw Object.assign(new Error("out"), { status: 409 });
    await tx.execute(sql`SELECT pg_sleep(0.05)`);
    const m = (await tx.execute(sql`
      INSERT INTO order_item_movements (group_id, order_item_id, kind, quantity, at, member_name)
      VALUES (${groupId}, ${orderItemId}, 'issue', 1, now(), '') RETURNING id`)) as unknown as {
      rows: { id: number }[];
    };
    await tx.execute(
      sql`INSERT INTO movement_units (movement_id, unit_id, group_id) VALUES (${m.rows[0]!.id}, ${unitId}, ${groupId})`,
    );
    await tx.execute(sql`UPDATE item_units SET out_order_item_id = ${orderItemId} WHERE id = ${unitId}`);
  });
}

describeOnPostgres("units under concurrency [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  /** A tracked item of 2 units, booked 1 on each of two overlapping cases. */
  async function twoCases() {
    const item = await makeItem(server, owner, { stock: 2 });
    const [unit] = await track(server, owner, item.id, unique("C").toUpperCase());
    const lines: number[] = [];
    for (let i = 0; i < 2; i++) {
      const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
      lines.push((await addUnits(server, owner, item.id, kase.id, 1)).order_item.id);
    }
    return { unitId: unit!.id, lines };
  }

  async function race(mode: RaceMode) {
    const { unitId, lines } = await twoCases();
    const actor = actorOf(owner);
    const deps = server.deps;
    const statuses = await inRaceMode(deps.database, mode, () =>
      Promise.all(lines.map((line) => statusOf(postMovement(deps, actor, line, "issue", 1, [unitId])))),
    );
    return { statuses: statuses.sort(), violations: await unitViolations(deps.database, unitId) };
  }

  it(
    `two workers scanning the same unit onto two cases: exactly one wins, over ${TRIALS} trials`,
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { statuses, violations } = await race("lockedSlow");
        expect(statuses).toEqual([200, 409]);
        expect(violations).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "the unit's own row lock keeps one winner even with the allocation locks removed",
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { statuses, violations } = await race("unlocked");
        expect(statuses).toEqual([200, 409]);
        expect(violations).toEqual([]);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "control: a binder that reads the unit without a lock puts it out on both cases",
    async () => {
      let failures = 0;
      for (let trial = 0; trial < TRIALS && failures === 0; trial++) {
        const { unitId, lines } = await twoCases();
        const db = server.deps.database;
        const statuses = await Promise.all(
          lines.map((line) => statusOf(naiveIssue(db, owner.groupId, line, unitId))),
        );
        if ((await unitViolations(db, unitId)).length > 0) failures++;
        expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      }
      expect(failures).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
});
