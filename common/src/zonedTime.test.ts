import fc from "fast-check";
import moment from "moment-timezone";
import { instantOfIsoText } from "./isoText";
import { dayInZone, displayInZone, instantInZone, isoWithOffsetInZone, timeOfDayInZone } from "./zonedTime";

/* The Intl functions give moment-timezone's answers (they replace it on the screens' first render). */

const ZONES = ["Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "UTC"];
const HOUR = 3_600_000;

/** Every `step` from 2025-01-01 to 2027-01-01 (UTC), plus a minute either side of each DST change. */
function instants(zone: string, step: number): number[] {
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2027, 0, 1);
  const out: number[] = [];
  for (let t = from; t < to; t += step) out.push(t);
  for (let t = from; t < to; t += HOUR / 2) {
    if (moment.tz(t, zone).utcOffset() !== moment.tz(t + HOUR / 2, zone).utcOffset())
      for (const d of [-60_000, 0, 1, 60_000, HOUR / 2]) out.push(t + d);
  }
  return out;
}

const wallText = (t: number, zone: string) => moment.tz(t, zone).format("YYYY-MM-DDTHH:mm:ss.SSS");

describe.each(ZONES)("in %s", (zone) => {
  it("formats instants as moment-timezone does (display, day, HH:mm, ISO with offset)", () => {
    for (const t of instants(zone, 3 * HOUR + 7 * 60_000)) {
      const m = moment.tz(t, zone);
      expect([displayInZone(t, zone), dayInZone(t, zone), timeOfDayInZone(t, zone)]).toEqual([
        m.clone().locale("ja").format("YYYY年MM月DD日 HH:mm"),
        m.format("YYYY-MM-DD"),
        m.format("HH:mm"),
      ]);
      expect(isoWithOffsetInZone(t, zone)).toBe(moment(new Date(t)).tz(zone).format());
    }
  });

  it("reads timestamps with an offset, with Z and without one (the zone's wall clock) as moment.tz does", () => {
    for (const t of instants(zone, 5 * HOUR + 13 * 60_000)) {
      const wall = wallText(t, zone);
      for (const text of [
        new Date(t).toISOString(),
        moment.tz(t, zone).format(),
        wall,
        wall.slice(0, 16),
        wall.slice(0, 10),
        wall.replace("T", " "),
      ]) {
        const m = moment.tz(text, moment.ISO_8601, zone);
        expect([text, instantInZone(text, zone)]).toEqual([text, m.isValid() ? m.valueOf() : null]);
      }
    }
  });
});

/** ISO-ish texts: the forms moment.ISO_8601 knows, with valid and overflowing fields, and near misses. */
const isoLike = fc
  .tuple(
    fc.constantFrom("", " ", "\t"),
    fc.oneof(
      fc
        .tuple(
          fc.integer({ min: 0, max: 9999 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(
          ([y, mo, d]) =>
            `${String(y).padStart(4, "0")}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`,
        ),
      fc
        .tuple(
          fc.integer({ min: 1900, max: 2100 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(([y, mo, d]) => `${y}${String(mo).padStart(2, "0")}${String(d).padStart(2, "0")}`),
      fc
        .tuple(
          fc.integer({ min: 1900, max: 2100 }),
          fc.integer({ min: 0, max: 54 }),
          fc.integer({ min: 0, max: 8 }),
        )
        .map(([y, w, d]) => `${y}-W${String(w).padStart(2, "0")}${d === 0 ? "" : `-${d}`}`),
      fc
        .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 0, max: 367 }))
        .map(([y, d]) => `${y}-${String(d).padStart(3, "0")}`),
      fc
        .tuple(fc.integer({ min: 1900, max: 2100 }), fc.integer({ min: 0, max: 13 }))
        .map(([y, mo]) => `${y}-${String(mo).padStart(2, "0")}`),
      fc.constantFrom(
        "+002026-11-22",
        "-000001-06-15",
        "+0020261122",
        "2026",
        "202611",
        "2026W473",
        "2026326",
      ),
    ),
    fc.option(
      fc.tuple(
        fc.constantFrom("T", " "),
        fc.integer({ min: 0, max: 25 }),
        fc.option(fc.integer({ min: 0, max: 60 })),
        fc.option(fc.integer({ min: 0, max: 60 })),
        fc.option(fc.stringMatching(/^[.,]\d{1,10}$/)),
      ),
    ),
    fc.option(
      fc.constantFrom(
        "Z",
        " Z",
        "+09:00",
        "-05:00",
        "+0530",
        "+14:00",
        "+14:01",
        "-12:30",
        "+05:60",
        "-00:00",
        "+10",
      ),
    ),
  )
  .map(([lead, date, time, zone]) => {
    if (!time) return `${lead}${date}${zone && Math.random() < 0.2 ? zone : ""}`;
    const [sep, h, mi, s, frac] = time;
    const two = (n: number) => String(n).padStart(2, "0");
    const clock = `${two(h)}${mi === null ? "" : `:${two(mi)}${s === null ? "" : `:${two(s)}${frac ?? ""}`}`}`;
    return `${lead}${date}${sep}${clock}${zone ?? ""}`;
  });

describe("reading ISO 8601 texts", () => {
  it("reads any text as moment.tz(text, moment.ISO_8601, zone), in every zone", () => {
    fc.assert(
      fc.property(fc.oneof(isoLike, fc.string()), fc.constantFrom(...ZONES), (text, zone) => {
        const m = moment.tz(text, moment.ISO_8601, zone);
        // moment-timezone's data stop at 2037 (no DST after it), and before 1970 it has zones' local mean time.
        fc.pre(zone === "UTC" || !m.isValid() || (m.year() >= 1971 && m.year() <= 2036));
        expect(instantInZone(text, zone)).toBe(m.isValid() ? m.valueOf() : null);
      }),
      { numRuns: 5000 },
    );
  });

  it("reads any text as moment(text, moment.ISO_8601, true) (strict, on the device's clock)", () => {
    fc.assert(
      fc.property(fc.oneof(isoLike, fc.string()), (text) => {
        const m = moment(text, moment.ISO_8601, true);
        expect(instantOfIsoText(text)).toBe(m.isValid() ? m.valueOf() : null);
      }),
      { numRuns: 5000 },
    );
  });

  it("finds garbage unreadable, as moment did", () => {
    for (const text of [
      "",
      "garbage",
      "2026-02-30T09:00:00Z",
      "2026-11-22T24:01",
      "2026-11-22T09:00+15:00",
      "2026-13-01",
    ]) {
      expect(instantInZone(text, "Asia/Tokyo")).toBeNull();
      expect(instantOfIsoText(text)).toBeNull();
    }
    expect(instantInZone(new Date(Number.NaN), "Asia/Tokyo")).toBeNull();
  });

  it("refuses the expanded-year week, ordinal and month forms, which lenient moment garbled", () => {
    // moment read "+002026-W47-1" as a day of the year 20; nothing sends such a text.
    expect(moment.tz("+002026-W47-1", moment.ISO_8601, "UTC").year()).toBe(20);
    for (const text of ["+002026-W47-1", "+002026-326", "+002026-11", "+202611"])
      expect(instantInZone(text, "UTC")).toBeNull();
  });
});
