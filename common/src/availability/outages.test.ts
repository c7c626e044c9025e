import { outageBookings } from "./outages";
import { OPEN_END } from "./reality";

/**
 * What a lost or broken report holds (docs/lifecycle.md part 3, docs/subrental.md): the examples of a hired report
 * found or repaired, beside an own one. The property test against the SQL view is allocation/itemOutages.test.ts.
 */
describe("outageBookings", () => {
  const line = { start: 100, end: 200 };
  const hire = { start: 50, end: 400 };

  it("an own report holds from the case's end until found, or for good while open", () => {
    expect(outageBookings({ at: 150, resolvedAt: null, quantity: 1 }, line)).toEqual([
      { start: 201, end: OPEN_END, quantity: 1 },
    ]);
    expect(outageBookings({ at: 150, resolvedAt: 300, quantity: 1 }, line)).toEqual([
      { start: 201, end: 299, quantity: 1 },
    ]);
  });

  it("a hired report found inside the hire's period stops holding then; the hire's units count again", () => {
    expect(outageBookings({ at: 150, resolvedAt: null, quantity: 2 }, line, hire)).toEqual([
      { start: 201, end: 400, quantity: 2 },
    ]);
    expect(outageBookings({ at: 150, resolvedAt: 300, quantity: 2 }, line, hire)).toEqual([
      { start: 201, end: 299, quantity: 2 },
    ]);
  });

  it("a hired report found after the hire ended held it to the end; found before the case ended, nothing", () => {
    expect(outageBookings({ at: 150, resolvedAt: 500, quantity: 1 }, line, hire)).toEqual([
      { start: 201, end: 400, quantity: 1 },
    ]);
    expect(outageBookings({ at: 150, resolvedAt: 180, quantity: 1 }, line, hire)).toEqual([]);
  });

  it("a hired report made before the case, found inside it, holds only before the case", () => {
    expect(outageBookings({ at: 60, resolvedAt: 150, quantity: 1 }, line, hire)).toEqual([
      { start: 60, end: 99, quantity: 1 },
    ]);
  });
});
