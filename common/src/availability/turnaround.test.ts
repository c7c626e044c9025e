import fc from "fast-check";
import {
  type Booking,
  checkInvariant,
  earliestFreeHeld,
  heldPeak,
  heldPeriod,
  NO_TURNAROUND,
  OPEN_END,
  peakUsage,
  shippableQuantity,
  type Turnaround,
  turnaroundOfMinutes,
  turnaroundReach,
} from "./index";

const HOUR = 3_600_000;
const RUNS = { numRuns: 1000 };
const at = (iso: string) => new Date(iso).getTime();
const b = (start: number, end: number, quantity = 1): Booking => ({ start, end, quantity });

// --- Brute-force model, written from the rule's words rather than from widening: on an integer timeline, a
// unit of a booking [s, e] is unavailable to another case at τ when it is out (s ≤ τ ≤ e), being checked
// after the return (e < τ ≤ e + after) or being prepared before going out (s − before ≤ τ < s). A period asked
// for needs its units over the same instants. Every integer instant of the span is tried. ---
const unavailable = (x: { start: number; end: number }, t: Turnaround, τ: number) =>
  (x.start <= τ && τ <= x.end) ||
  (x.end < τ && τ <= x.end + t.after) ||
  (x.start - t.before <= τ && τ < x.start);

function modelHeldPeak(bookings: readonly Booking[], window: { start: number; end: number }, t: Turnaround) {
  let peak = 0;
  for (let τ = window.start - t.before; τ <= window.end + t.after; τ++) {
    if (!unavailable(window, t, τ)) continue;
    let usage = 0;
    for (const x of bookings) {
      if (unavailable({ start: Number(x.start), end: Number(x.end) }, t, τ)) usage += x.quantity;
    }
    peak = Math.max(peak, usage);
  }
  return peak;
}

/** The first integer start ≥ window.start at which `wanted` units fit for the window's length; null if never. */
function modelEarliest(
  stock: number,
  bookings: readonly Booking[],
  window: { start: number; end: number },
  wanted: number,
  t: Turnaround,
): number | null {
  if (wanted > stock) return null;
  const length = window.end - window.start;
  for (let s = window.start; s <= 200; s++) {
    if (modelHeldPeak(bookings, { start: s, end: s + length }, t) + wanted <= stock) return s;
  }
  return null;
}

const T = 40;
const bookingArb = fc
  .tuple(fc.nat(T), fc.nat(T), fc.integer({ min: 1, max: 4 }))
  .map(([x, y, q]) => b(Math.min(x, y), Math.max(x, y), q));
const bookingsArb = fc.array(bookingArb, { maxLength: 8 });
const windowArb = fc
  .tuple(fc.nat(T), fc.nat(T))
  .map(([x, y]) => ({ start: Math.min(x, y), end: Math.max(x, y) }));
const turnaroundArb = fc.record({ before: fc.nat(6), after: fc.nat(6) });

describe("turnaround (点検・準備時間)", () => {
  const six = at("2026-12-01T18:00:00+09:00");

  it("a return at 18:00 with 2 h after blocks another case until 20:00 inclusive", () => {
    const t = turnaroundOfMinutes(0, 120);
    const back = [b(six - 8 * HOUR, six, 1)];
    expect(heldPeak(back, { start: six + HOUR, end: six + 5 * HOUR }, t)).toBe(1);
    expect(heldPeak(back, { start: six + 2 * HOUR, end: six + 5 * HOUR }, t)).toBe(1);
    expect(heldPeak(back, { start: six + 2 * HOUR + 1, end: six + 5 * HOUR }, t)).toBe(0);
    expect(shippableQuantity(1, back, { start: six + HOUR, end: six + 5 * HOUR }, 0, t)).toBe(0);
  });

  it("adds the next case's preparation to the check: 2 h after and 1 h before need 3 h between", () => {
    const t = turnaroundOfMinutes(60, 120);
    const back = [b(six - 8 * HOUR, six, 1)];
    expect(heldPeak(back, { start: six + 3 * HOUR, end: six + 5 * HOUR }, t)).toBe(1);
    expect(heldPeak(back, { start: six + 3 * HOUR + 1, end: six + 5 * HOUR }, t)).toBe(0);
    expect(earliestFreeHeld(1, back, { start: six + HOUR, end: six + 2 * HOUR }, 1, t)).toBe(
      six + 3 * HOUR + 1,
    );
    expect(turnaroundReach(t)).toBe(3 * HOUR);
  });

  it("keeps an open end open and reads bad minutes as none", () => {
    expect(heldPeriod({ start: 0, end: OPEN_END }, turnaroundOfMinutes(0, 60)).end).toBe(OPEN_END);
    expect(turnaroundOfMinutes(-5, Number.NaN)).toEqual(NO_TURNAROUND);
    expect(turnaroundOfMinutes(null, 30)).toEqual({ before: 0, after: 30 * 60_000 });
  });

  it("without turnaround every rule is the rule without it", () => {
    fc.assert(
      fc.property(bookingsArb, windowArb, (bookings, window) => {
        expect(heldPeak(bookings, window, NO_TURNAROUND)).toBe(peakUsage(bookings, window));
      }),
      RUNS,
    );
  });

  it("heldPeak equals the brute-force model of checked and prepared units", () => {
    fc.assert(
      fc.property(bookingsArb, windowArb, turnaroundArb, (bookings, window, t) => {
        expect(heldPeak(bookings, window, t)).toBe(modelHeldPeak(bookings, window, t));
      }),
      RUNS,
    );
  });

  it("shippableQuantity and checkInvariant apply the same rule", () => {
    fc.assert(
      fc.property(bookingsArb, windowArb, turnaroundArb, fc.nat(10), (bookings, window, t, stock) => {
        expect(shippableQuantity(stock, bookings, window, 0, t)).toBe(
          Math.max(0, stock - modelHeldPeak(bookings, window, t)),
        );
        const overall = modelHeldPeak(bookings, { start: -10, end: T + 10 }, t);
        expect(checkInvariant([{ item_id: 1, title: "x", stock, bookings, turnaround: t }])).toEqual(
          overall > stock ? [{ item_id: 1, title: "x", required: overall, available: stock }] : [],
        );
      }),
      RUNS,
    );
  });

  it("earliestFreeHeld finds the brute-force earliest start", () => {
    fc.assert(
      fc.property(
        bookingsArb,
        windowArb,
        turnaroundArb,
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 1, max: 4 }),
        (bookings, window, t, stock, wanted) => {
          expect(earliestFreeHeld(stock, bookings, window, wanted, t)).toBe(
            modelEarliest(stock, bookings, window, wanted, t),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
