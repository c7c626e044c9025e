import fc from "fast-check";
import {
  type Booking,
  checkInvariant,
  dailyPeaks,
  dayStarts,
  findShortages,
  type Instant,
  peaksBetween,
  peakUsage,
  shippableQuantity,
  type Window,
} from "./index";

const HOUR = 3_600_000;
const RUNS = { numRuns: 1000 };
const ms = (i: Instant) => (typeof i === "number" ? i : i.getTime());
const at = (iso: string) => new Date(iso).getTime();
const b = (start: Instant, end: Instant, quantity = 1): Booking => ({ start, end, quantity });

// --- Brute-force models: usage evaluated at every boundary instant, clipped to the window. ---
const usageAt = (bookings: readonly Booking[], t: number) =>
  bookings.reduce((sum, x) => (ms(x.start) <= t && t <= ms(x.end) ? sum + x.quantity : sum), 0);

function modelPeak(bookings: readonly Booking[], window: Window): number {
  const [from, to] = [ms(window.start), ms(window.end)];
  if (from > to) return 0;
  const points = [from, to, ...bookings.flatMap((x) => [ms(x.start), ms(x.end)])];
  return Math.max(0, ...points.map((p) => usageAt(bookings, Math.min(to, Math.max(from, p)))));
}

// Day boundaries from Intl (ICU), independent of moment-timezone: the first ms whose local date is ≥ day.
const localDate = (t: number, zone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(t);
const startCache = new Map<string, number>();
function modelDayStart(day: string, zone: string): number {
  const key = `${zone} ${day}`;
  const cached = startCache.get(key);
  if (cached !== undefined) return cached;
  let [lo, hi] = [Date.parse(day) - 15 * HOUR, Date.parse(day) + 15 * HOUR];
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (localDate(mid, zone) >= day) hi = mid;
    else lo = mid;
  }
  startCache.set(key, hi);
  return hi;
}
const addDays = (day: string, n: number) =>
  new Date(Date.parse(day) + n * 24 * HOUR).toISOString().slice(0, 10);

function modelDailyPeaks(bookings: readonly Booking[], weekStart: string, zone: string): number[] {
  return Array.from({ length: 7 }, (_, i) => {
    const start = modelDayStart(addDays(weekStart, i), zone);
    return modelPeak(bookings, { start, end: modelDayStart(addDays(weekStart, i + 1), zone) - 1 });
  });
}

// --- Generators: a small integer timeline so equal instants collide often. ---
const T = 30;
const instantOn = (t: number, asDate: boolean): Instant => (asDate ? new Date(t) : t);
const bookingArb = fc
  .tuple(fc.nat(T), fc.nat(T), fc.integer({ min: 1, max: 5 }), fc.boolean())
  .map(([x, y, q, d]) => b(instantOn(Math.min(x, y), d), instantOn(Math.max(x, y), d), q));
const bookingsArb = fc.array(bookingArb, { maxLength: 10 });
const windowArb = fc
  .tuple(fc.nat(T), fc.nat(T))
  .map(([x, y]) => ({ start: Math.min(x, y), end: Math.max(x, y) }));

describe("peakUsage", () => {
  const noon = at("2024-11-22T12:00:00+09:00");
  const window = { start: noon - 6 * HOUR, end: noon + 6 * HOUR };

  it("counts two bookings touching at one instant as overlapping", () => {
    const touching = [b(noon - HOUR, noon, 2), b(noon, noon + HOUR, 3)];
    expect(peakUsage(touching, window)).toBe(5);
    expect(peakUsage(touching, { start: noon + 1, end: window.end })).toBe(3);
    expect(peakUsage([b(noon - HOUR, noon - 1, 2), b(noon, noon + HOUR, 3)], window)).toBe(3);
  });

  it("counts a booking touching the window at its edge", () => {
    expect(peakUsage([b(window.end, window.end + HOUR, 4)], window)).toBe(4);
    expect(peakUsage([b(window.start - HOUR, window.start, 4)], window)).toBe(4);
  });

  it("counts a booking inside the window and one covering it, not one outside", () => {
    expect(peakUsage([b(noon, noon + 1, 2)], window)).toBe(2);
    expect(peakUsage([b(window.start - HOUR, window.end + HOUR, 3)], window)).toBe(3);
    expect(peakUsage([b(window.end + 1, window.end + HOUR, 9)], window)).toBe(0);
    expect(peakUsage([b(window.start - HOUR, window.start - 1, 9)], window)).toBe(0);
  });

  it("is 0 with no bookings and takes the peak, not the sum, of disjoint bookings", () => {
    expect(peakUsage([], window)).toBe(0);
    expect(peakUsage([b(noon - 2 * HOUR, noon - HOUR, 2), b(noon, noon + HOUR, 3)], window)).toBe(3);
  });

  it("accepts Dates", () => {
    expect(
      peakUsage([b(new Date(noon), new Date(noon), 2)], { start: new Date(noon), end: new Date(noon) }),
    ).toBe(2);
  });

  it("equals the boundary-instant model", () => {
    fc.assert(
      fc.property(bookingsArb, windowArb, (bookings, window) => {
        expect(peakUsage(bookings, window)).toBe(modelPeak(bookings, window));
      }),
      RUNS,
    );
  });
});

describe("dailyPeaks", () => {
  it("splits Tokyo days at local midnight and counts a booking ending at midnight on both days", () => {
    const day = (iso: string) => at(`${iso}+09:00`);
    const bookings = [
      b(day("2024-11-22T00:00:00"), day("2024-11-22T23:59:59.999"), 1),
      b(day("2024-11-23T09:00:00"), day("2024-11-24T00:00:00"), 2),
      b(day("2024-11-23T12:00:00"), day("2024-11-23T13:00:00"), 3),
      b(day("2024-11-23T14:00:00"), day("2024-11-23T15:00:00"), 3),
    ];
    expect(dailyPeaks(bookings, "2024-11-22", "Asia/Tokyo")).toEqual([1, 5, 2, 0, 0, 0, 0]);
    expect(dailyPeaks([], "2024-11-22", "Asia/Tokyo")).toEqual([0, 0, 0, 0, 0, 0, 0]);
  });

  it("follows New York's 23 h and 25 h days", () => {
    // 00:30 EDT on 11 March: a fixed -05:00 offset would put it on 10 March.
    const spring = [b(at("2024-03-11T04:30:00Z"), at("2024-03-11T04:30:00Z"), 1)];
    expect(dailyPeaks(spring, "2024-03-09", "America/New_York")).toEqual([0, 0, 1, 0, 0, 0, 0]);
    // 23:30 EST on 3 November: a fixed -04:00 offset would put it on 4 November.
    const autumn = [b(at("2024-11-04T04:30:00Z"), at("2024-11-04T04:30:00Z"), 1)];
    expect(dailyPeaks(autumn, "2024-11-02", "America/New_York")).toEqual([0, 1, 0, 0, 0, 0, 0]);
    expect(dayStarts("2024-03-10", 2, "America/New_York")).toEqual([
      at("2024-03-10T05:00:00Z"),
      at("2024-03-11T04:00:00Z"),
    ]);
  });

  it("refuses a malformed date or an unknown zone", () => {
    expect(() => dailyPeaks([], "2024-13-01", "Asia/Tokyo")).toThrow(RangeError);
    expect(() => dailyPeaks([], "2024-11-22", "Mars/Olympus")).toThrow(RangeError);
  });

  const zones = ["Asia/Tokyo", "America/New_York", "America/Sao_Paulo"];
  const weeks = ["2024-03-08", "2024-03-10", "2024-11-01", "2024-11-03", "2018-11-01", "2024-11-22"];
  it("equals a per-day model built on Intl day boundaries", () => {
    const arb = fc.constantFrom(...weeks).chain((week) => {
      const base = Date.parse(week);
      // Whole hours from a UTC midnight hit every boundary of these zones; ±1 ms probes both sides.
      const instant = fc
        .tuple(fc.integer({ min: -30, max: 8 * 24 + 30 }), fc.constantFrom(-1, 0, 0, 0, 1))
        .map(([h, d]) => base + h * HOUR + d);
      const booking = fc
        .tuple(instant, instant, fc.integer({ min: 1, max: 5 }))
        .map(([x, y, q]) => b(Math.min(x, y), Math.max(x, y), q));
      return fc.tuple(fc.constant(week), fc.constantFrom(...zones), fc.array(booking, { maxLength: 8 }));
    });
    fc.assert(
      fc.property(arb, ([week, zone, bookings]) => {
        expect(dailyPeaks(bookings, week, zone)).toEqual(modelDailyPeaks(bookings, week, zone));
      }),
      RUNS,
    );
  });
});

describe("peaksBetween", () => {
  it("equals peakUsage over each day, whatever the bookings (zero, negative and NaN quantities included)", () => {
    const anyBooking = fc
      .tuple(fc.integer({ min: -5, max: T + 5 }), fc.integer({ min: -5, max: T + 5 }))
      .chain(([x, y]) =>
        fc
          .oneof(fc.integer({ min: -2, max: 5 }), fc.constant(Number.NaN))
          .map((q) => b(Math.min(x, y), Math.max(x, y), q)),
      );
    const boundsArb = fc
      .uniqueArray(fc.nat(T), { minLength: 1, maxLength: 9 })
      .map((xs) => xs.sort((x, y) => x - y));
    fc.assert(
      fc.property(fc.array(anyBooking, { maxLength: 10 }), boundsArb, (bookings, bounds) => {
        const perDay = bounds
          .slice(0, -1)
          .map((start, i) => peakUsage(bookings, { start, end: bounds[i + 1]! - 1 }));
        expect(peaksBetween(bookings, bounds)).toEqual(perDay);
      }),
      RUNS,
    );
  });
});

describe("shippableQuantity", () => {
  it("is stock minus the peak, never below 0", () => {
    const bookings = [b(0, 10, 2), b(10, 20, 1)];
    expect(shippableQuantity(5, bookings, { start: 0, end: 20 })).toBe(2);
    expect(shippableQuantity(5, bookings, { start: 11, end: 20 })).toBe(4);
    expect(shippableQuantity(2, bookings, { start: 0, end: 20 })).toBe(0);
    expect(shippableQuantity(0, [], { start: 0, end: 20 })).toBe(0);
  });

  it("equals max(0, stock − model) and is never negative", () => {
    fc.assert(
      fc.property(fc.nat(20), bookingsArb, windowArb, (stock, bookings, window) => {
        const shippable = shippableQuantity(stock, bookings, window);
        expect(shippable).toBeGreaterThanOrEqual(0);
        expect(shippable).toBe(Math.max(0, stock - modelPeak(bookings, window)));
      }),
      RUNS,
    );
  });

  it("counts ownQuantity as a booking over the whole window", () => {
    fc.assert(
      fc.property(fc.nat(20), bookingsArb, windowArb, fc.nat(5), (stock, bookings, window, own) => {
        const withOwn = [...bookings, b(window.start, window.end, own)];
        expect(shippableQuantity(stock, bookings, window, own)).toBe(
          shippableQuantity(stock, withOwn, window),
        );
      }),
      RUNS,
    );
  });
});

describe("findShortages and checkInvariant", () => {
  it("reports the items whose peak exceeds stock", () => {
    const items = [
      { item_id: 1, title: "テント", stock: 3, bookings: [b(0, 10, 2), b(10, 20, 2)] },
      { item_id: 2, title: "椅子", stock: 4, bookings: [b(0, 10, 2), b(11, 20, 2)] },
      { item_id: 3, title: "机", stock: 0, bookings: [] },
    ];
    expect(findShortages(3, items[0]!.bookings)).toEqual({ peak: 4, ok: false });
    expect(checkInvariant(items)).toEqual([{ item_id: 1, title: "テント", required: 4, available: 3 }]);
  });

  it("agrees with usage(t) ≤ stock checked at every instant of the timeline", () => {
    const item = fc.record({
      item_id: fc.nat(),
      title: fc.string(),
      stock: fc.nat(15),
      bookings: bookingsArb,
    });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (items) => {
        const instants = Array.from({ length: T + 1 }, (_, t) => t);
        const failing = items.filter((it) => instants.some((t) => usageAt(it.bookings, t) > it.stock));
        for (const it of items) {
          const peak = Math.max(0, ...instants.map((t) => usageAt(it.bookings, t)));
          expect(findShortages(it.stock, it.bookings)).toEqual({ peak, ok: peak <= it.stock });
        }
        expect(checkInvariant(items).map((s) => s.item_id)).toEqual(failing.map((it) => it.item_id));
      }),
      RUNS,
    );
  });
});
