import fc from "fast-check";
import {
  type Booking,
  dailyShippableSets,
  type SetPart,
  shippableQuantity,
  shippableSets,
  unitsForSets,
} from "./index";

const RUNS = { numRuns: 1000 };

// --- Brute-force model: usage at every boundary instant of the window (as availability.test.ts). ---
const usageAt = (bookings: readonly Booking[], t: number) =>
  bookings.reduce((sum, x) => (Number(x.start) <= t && t <= Number(x.end) ? sum + x.quantity : sum), 0);
function modelPeak(bookings: readonly Booking[], from: number, to: number): number {
  const points = [from, to, ...bookings.flatMap((x) => [Number(x.start), Number(x.end)])];
  return Math.max(0, ...points.map((p) => usageAt(bookings, Math.min(to, Math.max(from, p)))));
}
/** Whether `sets` more sets fit: each part's bookings plus its units over the window stay within its stock. */
function setsFit(parts: PartWorld[], window: { start: number; end: number }, sets: number): boolean {
  return parts.every(
    (p) =>
      modelPeak([...p.bookings, { ...window, quantity: p.quantity * sets }], window.start, window.end) <=
      p.stock,
  );
}

interface PartWorld extends SetPart {
  stock: number;
  bookings: Booking[];
}

const booking = fc
  .tuple(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1, max: 6 }))
  .map(([start, length, quantity]): Booking => ({ start, end: start + length, quantity }));
const parts = fc
  .uniqueArray(
    fc.record({
      item: fc.integer({ min: 1, max: 50 }),
      quantity: fc.integer({ min: 1, max: 5 }),
      free: fc.integer({ min: 0, max: 15 }),
      bookings: fc.array(booking, { maxLength: 6 }),
    }),
    { minLength: 1, maxLength: 6, selector: (p) => p.item },
  )
  // The invariant holds before (no instant above stock): stock = the bookings' peak + some free units.
  .map((list): PartWorld[] =>
    list.map(({ free, ...p }) => ({ ...p, stock: modelPeak(p.bookings, -1, 1_000) + free })),
  );
const window = fc
  .tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 40 }))
  .map(([start, length]) => ({ start, end: start + length }));

describe("shippableSets", () => {
  it("is the minimum over the parts of ⌊shippable ÷ per set⌋", () => {
    const pa: SetPart[] = [
      { item: 1, quantity: 2 }, // speakers
      { item: 2, quantity: 1 }, // mixer
      { item: 3, quantity: 4 }, // microphones
    ];
    const free = new Map([
      [1, 5],
      [2, 3],
      [3, 9],
    ]);
    expect(shippableSets(pa, (id) => free.get(id) ?? 0)).toBe(2);
    free.set(3, 7);
    expect(shippableSets(pa, (id) => free.get(id) ?? 0)).toBe(1);
    free.set(1, 1);
    expect(shippableSets(pa, (id) => free.get(id) ?? 0)).toBe(0);
  });

  it("ships no set without parts", () => {
    expect(shippableSets([], () => 10)).toBe(0);
  });

  it("adds up an item listed twice", () => {
    expect(
      unitsForSets(
        [
          { item: 1, quantity: 2 },
          { item: 1, quantity: 1 },
          { item: 2, quantity: 1 },
        ],
        3,
      ),
    ).toEqual(
      new Map([
        [1, 9],
        [2, 3],
      ]),
    );
  });

  it("is the most sets whose parts fit over the window beside the other bookings (brute force)", () => {
    fc.assert(
      fc.property(parts, window, (world, w) => {
        const shippable = new Map(world.map((p) => [p.item, shippableQuantity(p.stock, p.bookings, w)]));
        const n = shippableSets(world, (id) => shippable.get(id)!);
        // n sets fit, n + 1 do not: searched by adding sets one by one and checking every instant.
        let model = 0;
        while (setsFit(world, w, model + 1)) model++;
        expect(n).toBe(model);
        expect(setsFit(world, w, n)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("dailyShippableSets (the weekly view)", () => {
  it("applies the set rule to each day's free units, never below 0", () => {
    const parts: SetPart[] = [
      { item: 1, quantity: 2 },
      { item: 2, quantity: 1 },
    ];
    // Item 1: stock 6, peaks 0,3,4; item 2: stock 4, peaks 0,0,5 (lost units over the stock).
    const free = { 1: [6, 3, 2], 2: [4, 4, -1] } as Record<number, number[]>;
    expect(dailyShippableSets(parts, 3, (item, day) => free[item]?.[day] ?? 0)).toEqual([3, 1, 0]);
    expect(dailyShippableSets([], 3, () => 9)).toEqual([0, 0, 0]);
  });
});
