import fc from "fast-check";
import {
  type Booking,
  checkInvariant,
  earliestFreeHeld,
  firstOverbooking,
  heldPeak,
  hiredPerDay,
  hiredThroughout,
  NO_TURNAROUND,
  netPeaksBetween,
  peaksBetween,
  peakUsage,
  shippableQuantity,
  type Turnaround,
} from "./index";

const RUNS = { numRuns: 1000 };
const b = (start: number, end: number, quantity = 1): Booking => ({ start, end, quantity });

// --- Brute-force model, from the rule's words (docs/subrental.md): on an integer timeline the item has
// stock + hired(τ) units at τ, where hired(τ) adds every hire whose period [arrival, return] contains τ; a
// booking's unit is unavailable at τ when its held period [s − before, e + after] contains τ, and a period asked
// for needs its units over its own held period. Every integer instant is tried. ---
const heldAt = (x: Booking, t: Turnaround, τ: number) =>
  Number(x.start) - t.before <= τ && τ <= Number(x.end) + t.after;
const usedAt = (bookings: readonly Booking[], t: Turnaround, τ: number) =>
  bookings.reduce((sum, x) => sum + (heldAt(x, t, τ) ? x.quantity : 0), 0);
const hiredAt = (hires: readonly Booking[], τ: number) =>
  hires.reduce((sum, h) => sum + (Number(h.start) <= τ && τ <= Number(h.end) ? h.quantity : 0), 0);

function modelNet(
  bookings: readonly Booking[],
  hires: readonly Booking[],
  window: { start: number; end: number },
  t: Turnaround,
) {
  let peak = Number.NEGATIVE_INFINITY;
  for (let τ = window.start - t.before; τ <= window.end + t.after; τ++) {
    peak = Math.max(peak, usedAt(bookings, t, τ) - hiredAt(hires, τ));
  }
  return peak;
}

const T = 40;
const LOW = -20;
const HIGH = T + 20;

function modelFirst(stock: number, bookings: readonly Booking[], hires: readonly Booking[], t: Turnaround) {
  for (let τ = LOW; τ <= HIGH; τ++) {
    const used = usedAt(bookings, t, τ);
    const hired = hiredAt(hires, τ);
    if (used - hired > stock) return { at: τ, used, hired, held: bookings.filter((x) => heldAt(x, t, τ)) };
  }
  return null;
}

function modelEarliest(
  stock: number,
  bookings: readonly Booking[],
  hires: readonly Booking[],
  window: { start: number; end: number },
  wanted: number,
  t: Turnaround,
): number | null {
  const length = window.end - window.start;
  for (let s = window.start; s <= 200; s++) {
    if (modelNet(bookings, hires, { start: s, end: s + length }, t) + wanted <= stock) return s;
  }
  return null;
}

const intervalArb = (maxQ: number) =>
  fc
    .tuple(fc.nat(T), fc.nat(T), fc.integer({ min: 1, max: maxQ }))
    .map(([x, y, q]) => b(Math.min(x, y), Math.max(x, y), q));
const bookingsArb = fc.array(intervalArb(4), { maxLength: 8 });
const hiresArb = fc.array(intervalArb(3), { minLength: 1, maxLength: 4 });
const windowArb = fc
  .tuple(fc.nat(T), fc.nat(T))
  .map(([x, y]) => ({ start: Math.min(x, y), end: Math.max(x, y) }));
const turnaroundArb = fc.oneof(
  fc.constant(NO_TURNAROUND),
  fc.record({ before: fc.nat(6), after: fc.nat(6) }),
);

describe("hired stock (外部手配)", () => {
  it("a hire covers a booking only over the period the units are with us", () => {
    // Stock 1, a case books 2 over [10, 20]; 1 hired over [10, 20] covers it, over [10, 19] it does not.
    const booking = [b(10, 20, 2)];
    expect(heldPeak(booking, { start: 10, end: 20 }, NO_TURNAROUND, [b(10, 20, 1)])).toBe(1);
    expect(
      checkInvariant([{ item_id: 1, title: "x", stock: 1, bookings: booking, hired: [b(10, 20, 1)] }]),
    ).toEqual([]);
    expect(
      checkInvariant([{ item_id: 1, title: "x", stock: 1, bookings: booking, hired: [b(10, 19, 1)] }]),
    ).toEqual([{ item_id: 1, title: "x", required: 2, available: 1 }]);
    // The first instant it breaks is the instant after the hired unit goes back.
    expect(firstOverbooking(1, booking, NO_TURNAROUND, [b(10, 19, 1)])).toEqual({
      at: 20,
      usage: 2,
      held: booking,
      hired: 0,
    });
  });

  it("a hire must also cover the booking's turnaround", () => {
    const booking = [b(10, 20, 2)];
    const t = { before: 2, after: 3 };
    expect(heldPeak(booking, { start: 10, end: 20 }, t, [b(10, 20, 1)])).toBe(2);
    expect(heldPeak(booking, { start: 10, end: 20 }, t, [b(8, 23, 1)])).toBe(1);
  });

  it("more hired than used lets more be shipped than the own stock", () => {
    expect(shippableQuantity(2, [b(0, 5, 1)], { start: 0, end: 5 }, 0, NO_TURNAROUND, [b(0, 9, 3)])).toBe(4);
    expect(hiredThroughout([b(0, 9, 3), b(3, 4, 1)], { start: 0, end: 5 })).toBe(3);
  });

  it("heldPeak equals the brute-force model of stock plus hired units", () => {
    fc.assert(
      fc.property(bookingsArb, hiresArb, windowArb, turnaroundArb, (bookings, hires, window, t) => {
        expect(heldPeak(bookings, window, t, hires)).toBe(modelNet(bookings, hires, window, t));
      }),
      RUNS,
    );
  });

  it("without hires every rule is the rule without them", () => {
    fc.assert(
      fc.property(bookingsArb, windowArb, (bookings, window) => {
        expect(heldPeak(bookings, window, NO_TURNAROUND, [])).toBe(peakUsage(bookings, window));
      }),
      RUNS,
    );
  });

  it("shippableQuantity, checkInvariant and firstOverbooking apply the same rule", () => {
    fc.assert(
      fc.property(
        bookingsArb,
        hiresArb,
        windowArb,
        turnaroundArb,
        fc.nat(6),
        (bookings, hires, window, t, stock) => {
          expect(shippableQuantity(stock, bookings, window, 0, t, hires)).toBe(
            Math.max(0, stock - modelNet(bookings, hires, window, t)),
          );
          const first = modelFirst(stock, bookings, hires, t);
          const shortages = checkInvariant([
            { item_id: 1, title: "x", stock, bookings, turnaround: t, hired: hires },
          ]);
          expect(shortages.length).toBe(first ? 1 : 0);
          const found = firstOverbooking(stock, bookings, t, hires);
          if (!first) {
            expect(found).toBeNull();
            return;
          }
          expect(found).toEqual({ at: first.at, usage: first.used, hired: first.hired, held: first.held });
          // The shortage's numbers are the worst instant's: its usage against the stock and the units hired then.
          const [s] = shortages;
          expect(s!.required - s!.available).toBe(
            modelNet(bookings, hires, { start: LOW, end: HIGH }, t) - stock,
          );
        },
      ),
      RUNS,
    );
  });

  it("earliestFreeHeld finds the brute-force earliest start with hired units", () => {
    fc.assert(
      fc.property(
        bookingsArb,
        hiresArb,
        windowArb,
        turnaroundArb,
        fc.integer({ min: 0, max: 5 }),
        fc.integer({ min: 1, max: 4 }),
        (bookings, hires, window, t, stock, wanted) => {
          expect(earliestFreeHeld(stock, bookings, window, wanted, t, hires)).toBe(
            modelEarliest(stock, bookings, hires, window, wanted, t),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("per day: net peaks and hired units equal the model's, and equal peaksBetween without hires", () => {
    const bounds = [0, 10, 20, 30, 41];
    fc.assert(
      fc.property(bookingsArb, hiresArb, (bookings, hires) => {
        const model = bounds.slice(0, -1).map((from, i) => {
          let net = Number.NEGATIVE_INFINITY;
          let hired = 0;
          for (let τ = from; τ < bounds[i + 1]!; τ++) {
            net = Math.max(net, usedAt(bookings, NO_TURNAROUND, τ) - hiredAt(hires, τ));
            hired = Math.max(hired, hiredAt(hires, τ));
          }
          return { net, hired };
        });
        expect(netPeaksBetween(bookings, hires, bounds)).toEqual(model.map((m) => m.net));
        expect(hiredPerDay(hires, bounds)).toEqual(model.map((m) => m.hired));
        expect(netPeaksBetween(bookings, [], bounds)).toEqual(peaksBetween(bookings, bounds));
      }),
      RUNS,
    );
  });
});
