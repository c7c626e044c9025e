import { DAY_MAX, DAY_MIN, ID_MAX, INSTANT_MAX_MS, INSTANT_MIN_MS } from "@zaiko/common/input";
import { STOCK_MAX } from "@zaiko/common/limits";
import fc from "fast-check";
import { at } from "../../features/orderitems/orderitems.testkit";

/**
 * The values the generated requests are made of: plausible ones, the extreme ends of every range the API
 * reads (instants, days, quantities, ids, text lengths) and just past them, and nasty ones.
 */

const iso = (ms: number) => new Date(ms).toISOString();

/** Instants at and just past both ends of the instant range, and written in ways that stretch it. */
export const extremeInstants = [
  iso(INSTANT_MIN_MS),
  iso(INSTANT_MIN_MS - 1),
  iso(INSTANT_MAX_MS),
  iso(INSTANT_MAX_MS + 1),
  "9999-12-31T23:59:59-14:00",
  "9998-12-31T23:59:59-14:00",
  "1900-01-01T00:00:00+14:00",
  "0000-01-01T00:00:00Z",
  "0001-01-01T00:00:00Z",
  "2030-02-30T00:00:00Z",
  "2030-04-01T24:00:00Z",
  "2030-04-01T00:00:00+25:00",
  "2030-04-01",
];

/** Days at and just past both ends of the day range, and ones that are no day. */
export const extremeDays = [
  DAY_MIN,
  "1899-12-31",
  DAY_MAX,
  "9999-01-01",
  "9999-12-31",
  "0000-01-01",
  "2030-02-30",
  "2030-13-01",
  "2030-4-1",
  "20300401",
  "",
];

/** Quantities and counts at the ends of their ranges, and numbers written loosely. */
export const extremeQuantities: unknown[] = [
  0,
  1,
  STOCK_MAX,
  STOCK_MAX + 1,
  ID_MAX,
  ID_MAX + 1,
  2 ** 53,
  -1,
  1.5,
  "0x10",
  "0b11",
  "0o7",
  "1e1",
  "+1",
  "1.0",
  " \n2\n",
  " 2 ",
  "２",
];

export const nastyString = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "a\u0000b",
    "\uD800",
    "x\uDC00y",
    "🎤",
    "'; DROP TABLE items; --",
    "<script>alert(1)</script>",
    "=SUM(A1)",
    "x".repeat(200),
    "x".repeat(201),
    "y".repeat(2000),
    "y".repeat(2001),
    "2147483648",
    "-1",
    "1e3",
    " 12 ",
    "true",
    "２",
  ),
  fc.constantFrom(...extremeInstants, ...extremeDays),
  fc.string({ maxLength: 20, unit: "binary" }).map((s) => s.replace(/\uFFFD/g, "")),
  // A plausible text with one character no stored text may hold.
  fc
    .tuple(
      fc.constantFrom("マイク", "案件", "山田"),
      fc.constantFrom("\u0000", "\uD800", "\uDFFF", "\u0000\u0000"),
    )
    .map(([t, c]) => `${t}${c}`),
);
export const nastyNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31), 1e308, STOCK_MAX, STOCK_MAX + 1),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const nastyScalar = fc.oneof(nastyString, nastyNumber, fc.constantFrom(null, true, false));
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyScalar },
  { weight: 1, arbitrary: fc.constantFrom(...extremeQuantities) },
  { weight: 1, arbitrary: fc.array(nastyScalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom("id", "x", "group"), nastyScalar, { maxKeys: 2 }) },
);

/** Mostly a plausible value, sometimes a nasty one, sometimes absent (undefined drops the key). */
export const field = (plausible: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { weight: 5, arbitrary: plausible },
    { weight: 2, arbitrary: nasty },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

export const title = fc
  .tuple(fc.constantFrom("マイク", "スピーカー", "照明", "ケーブル", "Par"), fc.nat(30))
  .map(([t, n]) => `${t}${n}`);
/** An instant in the month the fuzz's cases live in, or (rarely) one at the ends of the range. */
export const date = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 24 * 30 }).map(at) },
  { weight: 1, arbitrary: fc.constantFrom(...extremeInstants) },
);
/** An instant around now: issue and receive times before, at and after the movements of today. */
export const nearNow = fc
  .integer({ min: -72, max: 72 })
  .map((h) => new Date(Date.now() + h * 3_600_000).toISOString());
export const day = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 40 }).map((d) => at(d * 24).slice(0, 10)) },
  { weight: 1, arbitrary: fc.constantFrom(...extremeDays) },
);
export const stock = fc.integer({ min: 0, max: 20 });
export const quantity = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 4 }) },
  { weight: 1, arbitrary: fc.constantFrom(...extremeQuantities) },
);
