import { type Booking, outageBookings } from "@zaiko/common/availability/index";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { itemOutages, orderItemMovements, orderItems, subRentals, suppliers } from "../db/schema";
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
const period = fc.tuple(instant, instant).map(([a, b]) => ({ start: Math.min(a, b), end: Math.max(a, b) }));

/** A report (lost or broken, open or resolved), its line's period, and maybe the hire it names. */
const caseArb = fc.record({
  at: instant,
  resolvedAfter: fc.option(fc.integer({ min: 1, max: 6 * HOUR }), { nil: null }),
  quantity: fc.integer({ min: 1, max: 3 }),
  disposition: fc.constantFrom("lost", "broken") as fc.Arbitrary<"lost" | "broken">,
  line: period,
  hire: fc.option(
    fc.record({
      period,
      status: fc.constantFrom("requested", "received", "returned", "cancelled") as fc.Arbitrary<
        "requested" | "received" | "returned" | "cancelled"
      >,
      returnedAt: instant,
    }),
    { nil: null },
  ),
});

const sorted = (list: Booking[]) =>
  list
    .map((b) => `${Number(b.start)}..${Number(b.end)}×${b.quantity}`)
    .sort()
    .join(" ");

/**
 * The SQL definition of what a lost or broken report holds (the view item_outages, migrations 0010 and 0023)
 * against the rule it implements (`outageBookings`, common/availability/outages.ts): own reports after their
 * line, hired ones clipped to their hire (the return ending it when earlier), to the millisecond.
 */
describeOnDatabases("item_outages equals outageBookings", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it("for random reports, own and hired, at boundary instants", async () => {
    const owner = await signUpOwner(server);
    const item = await makeItem(server, owner, { stock: 100 });
    const kase = await makeCase(server, owner, {
      start: new Date(BASE).toISOString(),
      end: new Date(BASE + 12 * HOUR).toISOString(),
    });
    const db = server.deps.database.db;
    const [supplier] = await db
      .insert(suppliers)
      .values({ groupId: owner.groupId, name: "取引先" })
      .returning({ id: suppliers.id });
    await fc.assert(
      fc.asyncProperty(caseArb, async (c) => {
        const resolvedAt = c.resolvedAfter === null ? null : c.at + c.resolvedAfter;
        const [line] = await db
          .insert(orderItems)
          .values({
            groupId: owner.groupId,
            workCaseId: kase.id,
            itemId: item.id,
            orderQuantity: 3,
            startDate: new Date(c.line.start),
            endDate: new Date(c.line.end),
            issuedQuantity: 3,
            receivedQuantity: c.quantity,
          })
          .returning({ id: orderItems.id });
        let hireId: number | null = null;
        if (c.hire) {
          const [row] = await db
            .insert(subRentals)
            .values({
              groupId: owner.groupId,
              supplierId: supplier!.id,
              itemId: item.id,
              quantity: 3,
              startDate: new Date(c.hire.period.start),
              endDate: new Date(c.hire.period.end),
              status: c.hire.status,
              returnedAt: c.hire.status === "returned" ? new Date(c.hire.returnedAt) : null,
            })
            .returning({ id: subRentals.id });
          hireId = row!.id;
        }
        try {
          await db.insert(orderItemMovements).values({
            groupId: owner.groupId,
            orderItemId: line!.id,
            kind: "receive",
            quantity: c.quantity,
            at: new Date(c.at),
            memberName: "",
            disposition: c.disposition,
            repairDue: c.disposition === "broken" ? new Date(BASE) : null,
            resolvedAt: resolvedAt === null ? null : new Date(resolvedAt),
            subRentalId: hireId,
          });
          const rows = await db
            .select({
              start: itemOutages.startDate,
              end: itemOutages.endDate,
              quantity: itemOutages.quantity,
            })
            .from(itemOutages)
            .where(eq(itemOutages.orderItemId, line!.id));
          const hireEnd =
            c.hire?.status === "returned"
              ? Math.min(c.hire.period.end, c.hire.returnedAt)
              : c.hire?.period.end;
          const expected = outageBookings(
            { at: c.at, resolvedAt, quantity: c.quantity },
            c.line,
            c.hire ? { start: c.hire.period.start, end: hireEnd! } : null,
          );
          expect(
            sorted(
              rows.map((r) => ({ start: r.start.getTime(), end: r.end.getTime(), quantity: r.quantity })),
            ),
          ).toBe(sorted(expected));
        } finally {
          await db.delete(orderItems).where(eq(orderItems.id, line!.id));
          if (hireId !== null) await db.delete(subRentals).where(eq(subRentals.id, hireId));
        }
      }),
      { numRuns: 40 },
    );
  }, 120_000);
});
