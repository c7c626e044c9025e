import { sql } from "drizzle-orm";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner, statusOf } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { postMovement } from "./movements.service";
import { reduceItem } from "./orderitems.service";
import { addUnits, at, makeCase } from "./orderitems.testkit";

/**
 * Partial issues and receives racing on PostgreSQL (PGlite runs one transaction at a time). The invariant,
 * read from the movements themselves: never more issued than booked, never more received than issued, and
 * the row's sums equal to its movements. The control runs the same race with the database's lock function
 * replaced by a copy that locks nothing and a short sleep at commit, after the check (allocation.testkit.ts):
 * it must break the invariant in at least one trial, which shows the check would catch a missing lock.
 */
const TRIALS = 8;
const BOOKED = 10;
const CALLS = 8;
const EACH = 2;
const RACE_TIMEOUT = 120_000;

describeOnPostgres("issue and receive by quantity under concurrency [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  /** The order item as its movements say, and as its row says. */
  async function state(id: number) {
    const r = (await server.deps.database.db.execute(sql`
      SELECT o.order_quantity AS booked, o.issued_quantity AS issued_row, o.received_quantity AS received_row,
        coalesce((SELECT sum(quantity) FROM order_item_movements WHERE order_item_id = o.id AND kind = 'issue'), 0)::int AS issued,
        coalesce((SELECT sum(quantity) FROM order_item_movements WHERE order_item_id = o.id AND kind = 'receive'), 0)::int AS received
      FROM order_items o WHERE o.id = ${id}`)) as unknown as {
      rows: { booked: number; issued_row: number; received_row: number; issued: number; received: number }[];
    };
    return r.rows[0]!;
  }
  const broken = (s: Awaited<ReturnType<typeof state>>) =>
    s.issued > s.booked ||
    s.received > s.issued ||
    s.issued !== s.issued_row ||
    s.received !== s.received_row;

  async function bookedItem(n: number) {
    const item = await makeItem(server, owner, { stock: n });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, n);
    return { itemId: item.id, caseId: kase.id, id: order_item.id as number };
  }

  /** CALLS parallel issues of EACH units of BOOKED, then CALLS parallel receives of EACH. */
  async function race(mode: RaceMode) {
    const { id } = await bookedItem(BOOKED);
    const actor = actorOf(owner);
    const deps = server.deps;
    const { issues, receives } = await inRaceMode(deps.database, mode, async () => ({
      issues: await Promise.all(
        Array.from({ length: CALLS }, () => statusOf(postMovement(deps, actor, id, "issue", EACH))),
      ),
      receives: await Promise.all(
        Array.from({ length: CALLS }, () => statusOf(postMovement(deps, actor, id, "receive", EACH))),
      ),
    }));
    return { issues, receives, after: await state(id) };
  }

  it(
    `grants exactly ${BOOKED / EACH} of ${CALLS} parallel issues of ${EACH} (and as many receives), over ${TRIALS} trials`,
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { issues, receives, after } = await race("lockedSlow");
        expect(issues.filter((s) => s === 200)).toHaveLength(BOOKED / EACH);
        expect(issues.filter((s) => s === 409)).toHaveLength(CALLS - BOOKED / EACH);
        expect(receives.filter((s) => s === 200)).toHaveLength(BOOKED / EACH);
        expect(after).toEqual({
          booked: BOOKED,
          issued_row: BOOKED,
          received_row: BOOKED,
          issued: BOOKED,
          received: BOOKED,
        });
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "control: without the row locks the same race records more than was booked or issued",
    async () => {
      let failures = 0;
      for (let trial = 0; trial < TRIALS && failures === 0; trial++) {
        if (broken((await race("unlocked")).after)) failures++;
      }
      expect(failures).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );

  it(
    "'-' racing issues never leaves fewer booked than issued: every answer is 200 or 409",
    async () => {
      for (let trial = 0; trial < TRIALS; trial++) {
        const { itemId, caseId, id } = await bookedItem(BOOKED);
        const actor = actorOf(owner);
        const deps = server.deps;
        const statuses = await inRaceMode(
          deps.database,
          "lockedSlow",
          () =>
            Promise.all(
              Array.from({ length: 12 }, (_, i) =>
                statusOf(
                  i % 2 === 0
                    ? postMovement(deps, actor, id, "issue", 1)
                    : reduceItem(deps, actor, itemId, caseId),
                ),
              ),
            ),
          5,
        );
        expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
        const after = await state(id);
        expect(broken(after)).toBe(false);
        expect(after.booked).toBeGreaterThanOrEqual(after.issued);
      }
    },
    RACE_TIMEOUT,
  );
});
