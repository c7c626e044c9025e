import { checkInvariant, turnaroundOfMinutes } from "@zaiko/common/availability/index";
import { sql } from "drizzle-orm";
import { rowsOf } from "../db/rawSql";
import { updateCategory } from "../features/categories/categories.service";
import { makeCategory, makeItem } from "../features/items/items.testkit";
import { addItem } from "../features/orderitems/orderitems.service";
import { makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { actorOf, type Session, signUpOwner, statusOf } from "../test/api";
import { describeOnPostgres } from "../test/databases";
import { startTestServer } from "../test/testServer";
import { inRaceMode, type RaceMode } from "./allocation.testkit";

/**
 * A category's turnaround (点検・準備時間) lengthened while cases book its item right after an existing booking,
 * on PostgreSQL (PGlite runs one transaction at a time). Either may win, never both: the lengthened check
 * would leave the units of the later case no time to be checked. The control removes the locks
 * (allocation.testkit.ts: lock_allocation without its row locks, a sleep at the +'s commit after its check)
 * and must break the invariant in some trial, which shows the check below would catch a missing lock.
 */
const TRIALS = 15;
const RACE_TIMEOUT = 120_000;
const tokyo = (local: string) => new Date(`${local}+09:00`).toISOString();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeOnPostgres("turnaround edits racing the + [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  /**
   * One case starting 1 h after the first case's end: a 2 h check leaves it no room. One + only, so that a
   * violation can come from nothing but the + and the turnaround edit passing each other.
   */
  let later: number[];
  let first: number;

  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    first = (
      await makeCase(server, owner, { start: tokyo("2030-06-01T10:00"), end: tokyo("2030-06-01T18:00") })
    ).id;
    later = [];
    for (const start of ["19:00"]) {
      const c = await makeCase(server, owner, {
        start: tokyo(`2030-06-01T${start}`),
        end: tokyo("2030-06-01T23:00"),
      });
      later.push(c.id);
    }
  });
  afterAll(() => server.close());

  /** The item's bookings held with its category's turnaround as committed, above its stock at some instant. */
  async function heldViolations(itemId: number) {
    const [item] = await rowsOf<{ stock: number; before: number; after: number; title: string }>(
      server.deps.database.db,
      sql`SELECT i.stock_quantity AS stock, i.title, c.turnaround_before_minutes AS before,
                 c.turnaround_after_minutes AS after
          FROM items i JOIN categories c ON c.id = i.category_id WHERE i.id = ${itemId}`,
    );
    const bookings = await rowsOf<{ start: string; end: string; quantity: number }>(
      server.deps.database.db,
      sql`SELECT start_date AS start, end_date AS end, quantity FROM order_item_bookings WHERE item_id = ${itemId}`,
    );
    return checkInvariant([
      {
        item_id: itemId,
        title: item!.title,
        stock: item!.stock,
        bookings: bookings.map((b) => ({
          start: new Date(b.start),
          end: new Date(b.end),
          quantity: b.quantity,
        })),
        turnaround: turnaroundOfMinutes(item!.before, item!.after),
      },
    ]);
  }

  /** One trial: a fresh category and item (stock 1) booked by the first case, then the race. */
  async function trial(mode: RaceMode, n: number) {
    const category = await makeCategory(server, owner);
    const item = await makeItem(server, owner, { category: category.id, stock: 1 });
    await addItem(server.deps, actorOf(owner), item.id, first);
    const actor = actorOf(owner);
    const statuses = await inRaceMode(server.deps.database, mode, () =>
      Promise.all([
        ...later.map((caseId) => statusOf(addItem(server.deps, actor, item.id, caseId))),
        // Lands at different points of the +'s transactions from trial to trial.
        sleep(n % 8).then(() =>
          statusOf(
            updateCategory(server.deps, actor, category.id, {
              category: category.category,
              turnaround_after_minutes: 120,
              turnaround_before_minutes: undefined,
            }),
          ),
        ),
      ]),
    );
    return { statuses, violations: await heldViolations(item.id) };
  }

  it(
    `never lets both a + after the return and a 2 h check through, over ${TRIALS} trials`,
    async () => {
      for (let n = 0; n < TRIALS; n++) {
        const { statuses, violations } = await trial("lockedSlow", n);
        expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
        expect(violations).toEqual([]);
        // The later case got the unit (the check was refused) or the check won (the + was refused): never both.
        const [added, checkSet] = statuses;
        expect([added, checkSet].filter((s) => s === 200)).toHaveLength(1);
      }
    },
    RACE_TIMEOUT,
  );

  it(
    "CONTROL: without the locks the same race overbooks with the turnaround, and the check finds it",
    async () => {
      let caught = 0;
      for (let n = 0; n < 30 && caught === 0; n++) {
        const { violations } = await trial("unlocked", n);
        if (violations.length > 0) caught++;
      }
      expect(caught).toBeGreaterThan(0);
    },
    RACE_TIMEOUT,
  );
});
