import { type Booking, checkedBookings, type LineMovement } from "@zaiko/common/availability/index";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { orderItemBookings, orderItemMovements, orderItems } from "../db/schema";
import { makeItem } from "../features/items/items.testkit";
import { makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { signUpOwner } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";

const HOUR = 3_600_000;
const BASE = Date.parse("2031-01-01T00:00:00Z");
/** An instant on a small grid of hours, a millisecond either side too (the view's boundaries are exact). */
const instant = fc
  .record({ h: fc.nat(12), d: fc.constantFrom(-1, 0, 1) })
  .map(({ h, d }) => BASE + h * HOUR + d);

/** An order item (start ≤ end, quantity) and movements as the tally allows them: issues, then receives. */
const lineArb = fc
  .record({
    a: instant,
    b: instant,
    quantity: fc.integer({ min: 1, max: 6 }),
    issued: fc.nat(6),
    receives: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 3 }),
        at: instant,
        disposition: fc.constantFrom("returned", "lost", "broken") as fc.Arbitrary<
          "returned" | "lost" | "broken"
        >,
      }),
      { maxLength: 4 },
    ),
  })
  .map(({ a, b, quantity, issued, receives }) => {
    const out = Math.min(quantity, issued);
    const movements: LineMovement[] =
      out > 0 ? [{ kind: "issue", quantity: out, at: Math.min(a, b) - HOUR }] : [];
    let left = out;
    for (const r of [...receives].sort((x, y) => x.at - y.at)) {
      const q = Math.min(left, r.quantity);
      if (q === 0) break;
      left -= q;
      movements.push({ kind: "receive", quantity: q, at: r.at, disposition: r.disposition });
    }
    return { line: { start: Math.min(a, b), end: Math.max(a, b), quantity }, movements };
  });

/** Bookings as the quantity held over each period (the rule may split one period's units into parts). */
function byPeriod(bookings: Booking[]): Record<string, number> {
  const held: Record<string, number> = {};
  for (const b of bookings) {
    if (b.quantity === 0) continue;
    const period = `${Number(b.start)}..${Number(b.end)}`;
    held[period] = (held[period] ?? 0) + b.quantity;
  }
  return held;
}

/**
 * The SQL definition of what an order item holds (the view order_item_bookings, migration 0013) against the
 * rule it implements (`checkedBookings`, common/availability/reality.ts): the same bookings, to the
 * millisecond, for random order items and movements written straight into the tables.
 */
describeOnDatabases("order_item_bookings equals checkedBookings", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it("for random order items, issues and receives (returned, lost, broken) at boundary instants", async () => {
    const owner = await signUpOwner(server);
    const item = await makeItem(server, owner, { stock: 100 });
    const kase = await makeCase(server, owner, {
      start: new Date(BASE).toISOString(),
      end: new Date(BASE + 12 * HOUR).toISOString(),
    });
    const db = server.deps.database.db;
    await fc.assert(
      fc.asyncProperty(lineArb, async ({ line, movements }) => {
        const issued = movements.filter((m) => m.kind === "issue").reduce((s, m) => s + m.quantity, 0);
        const received = movements.filter((m) => m.kind === "receive").reduce((s, m) => s + m.quantity, 0);
        const [row] = await db
          .insert(orderItems)
          .values({
            groupId: owner.groupId,
            workCaseId: kase.id,
            itemId: item.id,
            orderQuantity: line.quantity,
            startDate: new Date(line.start),
            endDate: new Date(line.end),
            issuedQuantity: issued,
            receivedQuantity: received,
          })
          .returning({ id: orderItems.id });
        const id = row!.id;
        try {
          for (const m of movements) {
            await db.insert(orderItemMovements).values({
              groupId: owner.groupId,
              orderItemId: id,
              kind: m.kind,
              quantity: m.quantity,
              at: new Date(m.at),
              memberName: "",
              disposition: m.disposition ?? "returned",
            });
          }
          const rows = await db
            .select({
              start: orderItemBookings.startDate,
              end: orderItemBookings.endDate,
              quantity: orderItemBookings.quantity,
            })
            .from(orderItemBookings)
            .where(and(eq(orderItemBookings.orderItemId, id), sql`${orderItemBookings.quantity} > 0`));
          const fromView = rows.map((r) => ({
            start: r.start.getTime(),
            end: r.end.getTime(),
            quantity: r.quantity,
          }));
          expect(byPeriod(fromView)).toEqual(byPeriod(checkedBookings(line, movements)));
        } finally {
          await db.delete(orderItemMovements).where(eq(orderItemMovements.orderItemId, id));
          await db.delete(orderItems).where(eq(orderItems.id, id));
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
