import fc from "fast-check";
import {
  type Booking,
  checkInvariant,
  firstOverbooking,
  NO_TURNAROUND,
  type Turnaround,
  turnaroundOfMinutes,
} from "./index";

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso).getTime();

/** A booking of a case, as the refusal path passes them (the case id rides along untouched). */
interface CaseBooking extends Booking {
  caseId: number;
}

// --- Brute-force model, from the rule's words: on an integer timeline a unit of a booking [s, e] is held at τ
// when s − before ≤ τ ≤ e + after. Every integer instant is tried in order; the first whose held units exceed
// the stock is the answer, with the bookings held at it. ---
const heldAt = (x: Booking, t: Turnaround, τ: number) =>
  Number(x.start) - t.before <= τ && τ <= Number(x.end) + t.after;

function modelFirst(stock: number, bookings: readonly CaseBooking[], t: Turnaround) {
  for (let τ = -20; τ <= T + 20; τ++) {
    const held = bookings.filter((x) => heldAt(x, t, τ));
    const usage = held.reduce((sum, x) => sum + x.quantity, 0);
    if (usage > stock) return { at: τ, usage, held };
  }
  return null;
}

const T = 40;
const bookingArb = fc
  .tuple(fc.nat(T), fc.nat(T), fc.integer({ min: 1, max: 4 }), fc.nat(9))
  .map(([x, y, quantity, caseId]) => ({ start: Math.min(x, y), end: Math.max(x, y), quantity, caseId }));
const bookingsArb = fc.array(bookingArb, { maxLength: 8 });
const turnaroundArb = fc.record({ before: fc.nat(6), after: fc.nat(6) });

describe("firstOverbooking", () => {
  it("names both cases when a 19:00 case meets an 18:00 return within a 2 h check", () => {
    const six = at("2030-05-10T18:00:00+09:00");
    const day = { start: six - 8 * HOUR, end: six, quantity: 1, caseId: 1 };
    const night = { start: six + HOUR, end: six + 4 * HOUR, quantity: 1, caseId: 2 };
    expect(firstOverbooking(1, [day, night], NO_TURNAROUND)).toBeNull();
    expect(firstOverbooking(1, [day, night], turnaroundOfMinutes(0, 120))).toEqual({
      at: six + HOUR,
      usage: 2,
      held: [day, night],
    });
  });

  it("names the first instant, not the highest peak, and only the bookings held then", () => {
    const a = { start: 0, end: 10, quantity: 2, caseId: 1 };
    const b = { start: 5, end: 6, quantity: 1, caseId: 2 };
    const c = { start: 20, end: 30, quantity: 3, caseId: 3 };
    const d = { start: 20, end: 25, quantity: 3, caseId: 4 };
    expect(firstOverbooking(2, [c, d, a, b])).toEqual({ at: 5, usage: 3, held: [a, b] });
  });

  it("counts bookings touching at one instant together (closed periods)", () => {
    const a = { start: 0, end: 10, quantity: 1, caseId: 1 };
    const b = { start: 10, end: 20, quantity: 1, caseId: 2 };
    expect(firstOverbooking(1, [b, a])).toEqual({ at: 10, usage: 2, held: [b, a] });
  });

  it("equals the brute-force model, and finds an instant exactly when checkInvariant refuses", () => {
    fc.assert(
      fc.property(bookingsArb, turnaroundArb, fc.nat(8), (bookings, t, stock) => {
        const found = firstOverbooking(stock, bookings, t);
        expect(found).toEqual(modelFirst(stock, bookings, t));
        const refused = checkInvariant([{ item_id: 1, title: "x", stock, bookings, turnaround: t }]);
        expect(found !== null).toBe(refused.length > 0);
      }),
      { numRuns: 1000 },
    );
  });
});
