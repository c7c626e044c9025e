import fc from "fast-check";
import {
  checkedBookings,
  type LineMovement,
  OPEN_END,
  overdueQuantity,
  peakUsage,
  realBookings,
} from "./index";

const T = 30;
const RUNS = { numRuns: 1000 };

/** A line, its movements (issues, then receives of issued units in time order) and now. */
const caseArb = fc
  .record({
    a: fc.nat(T),
    b: fc.nat(T),
    quantity: fc.integer({ min: 1, max: 6 }),
    issuedShare: fc.nat(6),
    receives: fc.array(
      fc.record({
        quantity: fc.integer({ min: 1, max: 3 }),
        at: fc.nat(T + 5),
        disposition: fc.constantFrom("returned", "lost", "broken") as fc.Arbitrary<
          "returned" | "lost" | "broken"
        >,
      }),
      { maxLength: 4 },
    ),
    now: fc.nat(T + 5),
  })
  .map(({ a, b, quantity, issuedShare, receives, now }) => {
    const issued = Math.min(quantity, issuedShare);
    const movements: LineMovement[] = issued > 0 ? [{ kind: "issue", quantity: issued, at: 0 }] : [];
    let left = issued;
    for (const r of [...receives].sort((x, y) => x.at - y.at)) {
      const q = Math.min(left, r.quantity);
      if (q === 0) break;
      left -= q;
      movements.push({ kind: "receive", quantity: q, at: r.at, disposition: r.disposition });
    }
    return { line: { start: Math.min(a, b), end: Math.max(a, b), quantity }, movements, now, issued };
  });

/**
 * The brute-force model: every unit on its own. Units never issued hold the period; a unit returned at r
 * holds [start, r − 1]; lost or broken at r, [start, max(end, r − 1)]; out and not back, the period and (now
 * past the end) every later instant.
 */
function modelUsage(
  c: { line: { start: number; end: number; quantity: number }; movements: LineMovement[]; now: number },
  t: number,
): number {
  const { start, end, quantity } = c.line;
  const issued = c.movements.filter((m) => m.kind === "issue").reduce((s, m) => s + m.quantity, 0);
  const units: ((t: number) => boolean)[] = [];
  for (const m of c.movements) {
    if (m.kind !== "receive") continue;
    const r = m.at as number;
    for (let i = 0; i < m.quantity; i++) {
      units.push(
        m.disposition === "returned"
          ? (x) => start <= x && x <= r - 1
          : (x) => start <= x && x <= Math.max(end, r - 1),
      );
    }
  }
  while (units.length < issued) units.push((x) => start <= x && (x <= end || c.now > end));
  while (units.length < quantity) units.push((x) => start <= x && x <= end);
  return units.filter((held) => held(t)).length;
}

const instants = [...Array.from({ length: T + 12 }, (_, i) => i - 1), OPEN_END];

describe("realBookings (availability follows reality)", () => {
  it("without movements is the plan", () => {
    expect(realBookings({ start: 0, end: 10, quantity: 3 }, [], 20)).toEqual([
      { start: 0, end: 10, quantity: 3 },
    ]);
  });

  it("frees early returns from their receive time and holds overdue units until received", () => {
    const line = { start: 10, end: 20, quantity: 10 };
    const issue: LineMovement = { kind: "issue", quantity: 10, at: 9 };
    const back = realBookings(line, [issue, { kind: "receive", quantity: 9, at: 15 }], 30);
    expect(peakUsage(back, { start: 15, end: 20 })).toBe(1);
    expect(peakUsage(back, { start: 10, end: 14 })).toBe(10);
    // The 1 still out after the end is overdue: it holds every later instant until received.
    expect(peakUsage(back, { start: 1000, end: 1000 })).toBe(1);
    expect(overdueQuantity(line, [issue, { kind: "receive", quantity: 9, at: 15 }], 30)).toBe(1);
    expect(overdueQuantity(line, [issue], 20)).toBe(0);
  });

  it("equals the per-unit model at every instant", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const bookings = realBookings(c.line, c.movements, c.now);
        for (const t of instants) {
          expect(peakUsage(bookings, { start: t, end: t })).toBe(modelUsage(c, t));
        }
        const overdue = c.now > c.line.end ? modelUsage(c, OPEN_END) : 0;
        // Overdue: what the line still holds at the open end.
        expect(overdueQuantity(c.line, c.movements, c.now)).toBe(overdue);
      }),
      RUNS,
    );
  });
});

describe("checkedBookings (what every allocation check reads)", () => {
  it("frees early returns from their receive time, keeps everything else to the plan", () => {
    const line = { start: 10, end: 20, quantity: 10 };
    const issue: LineMovement = { kind: "issue", quantity: 10, at: 9 };
    const early = checkedBookings(line, [issue, { kind: "receive", quantity: 9, at: 15 }]);
    expect(peakUsage(early, { start: 15, end: 20 })).toBe(1);
    expect(peakUsage(early, { start: 10, end: 14 })).toBe(10);
    // Overdue and late units are not usage after the end (a warning: overdueQuantity).
    expect(peakUsage(early, { start: 21, end: OPEN_END })).toBe(0);
    expect(checkedBookings(line, [issue, { kind: "receive", quantity: 10, at: 30 }])).toEqual([
      { start: 10, end: 20, quantity: 10 },
    ]);
  });

  it("equals the per-unit model within the period with time stopped at the start, and nothing outside", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const bookings = checkedBookings(c.line, c.movements);
        for (const t of instants) {
          const inside = c.line.start <= t && t <= c.line.end;
          const model = inside ? modelUsage({ ...c, now: c.line.start }, t) : 0;
          expect(peakUsage(bookings, { start: t, end: t })).toBe(model);
        }
      }),
      { numRuns: 300 },
    );
  });
});
