import fc from "fast-check";
import { earliestFree } from "./earliestFree";
import { peakUsage } from "./peak";
import type { Booking } from "./types";

const T = 40;
const bookingArb = fc
  .tuple(fc.nat(T), fc.nat(T), fc.integer({ min: 1, max: 4 }))
  .map(([x, y, q]): Booking => ({ start: Math.min(x, y), end: Math.max(x, y), quantity: q }));

describe("earliestFree", () => {
  it("is the window's start when free, the instant after a holder ends otherwise, null above the stock", () => {
    const bookings = [
      { start: 0, end: 10, quantity: 2 },
      { start: 5, end: 20, quantity: 1 },
    ];
    expect(earliestFree(3, bookings, { start: 30, end: 35 }, 3)).toBe(30);
    expect(earliestFree(3, bookings, { start: 0, end: 6 }, 1)).toBe(11);
    expect(earliestFree(3, bookings, { start: 0, end: 6 }, 3)).toBe(21);
    expect(earliestFree(3, bookings, { start: 0, end: 6 }, 4)).toBeNull();
  });

  it("equals the first instant of a brute-force search on a small timeline", () => {
    fc.assert(
      fc.property(
        fc.array(bookingArb, { maxLength: 8 }),
        fc.nat(8),
        fc.nat(T),
        fc.nat(10),
        fc.integer({ min: 0, max: 6 }),
        (bookings, stock, start, length, wanted) => {
          const fits = (t: number) => peakUsage(bookings, { start: t, end: t + length }) + wanted <= stock;
          let model: number | null = null;
          if (wanted <= stock) {
            for (let t = start; t <= 2 * T + 2; t++) {
              if (fits(t)) {
                model = t;
                break;
              }
            }
          }
          expect(earliestFree(stock, bookings, { start, end: start + length }, wanted)).toBe(model);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
