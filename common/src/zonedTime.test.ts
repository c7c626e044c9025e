import moment from "moment-timezone";
import { dayInZone, displayInZone, instantInZone, isoWithOffsetInZone, timeOfDayInZone } from "./zonedTime";

/* The Intl functions give moment-timezone's answers (they replace it on the screens' first render). */

const ZONES = ["Asia/Tokyo", "America/New_York", "Europe/London", "Australia/Lord_Howe", "UTC"];
const HOUR = 3_600_000;

/** Every `step` from 2025-01-01 to 2027-01-01 (UTC), plus instants either side of each DST change. */
function instants(zone: string, step: number): number[] {
  const from = Date.UTC(2025, 0, 1);
  const to = Date.UTC(2027, 0, 1);
  const out: number[] = [];
  for (let t = from; t < to; t += step) out.push(t);
  // The zone's offset changes (moment-timezone's Zone object: `untils` are the ends of its periods).
  for (const change of moment.tz.zone(zone)?.untils ?? [])
    if (change > from && change < to)
      for (const d of [-HOUR, -60_000, -1, 0, 60_000, HOUR]) out.push(change + d);
  return out;
}

describe.each(ZONES)("in %s", (zone) => {
  it("formats instants as moment-timezone does (display, day, HH:mm, ISO with offset)", () => {
    for (const t of instants(zone, 13 * HOUR + 7 * 60_000)) {
      const m = moment.tz(t, zone);
      expect([displayInZone(t, zone), dayInZone(t, zone), timeOfDayInZone(t, zone)]).toEqual([
        m.clone().locale("ja").format("YYYY年MM月DD日 HH:mm"),
        m.format("YYYY-MM-DD"),
        m.format("HH:mm"),
      ]);
      expect(isoWithOffsetInZone(t, zone)).toBe(moment(new Date(t)).tz(zone).format());
    }
  });

  it("reads the app's timestamps (with an offset, with Z, or the zone's wall clock) as moment.tz does", () => {
    for (const t of instants(zone, 19 * HOUR + 13 * 60_000)) {
      const wall = moment.tz(t, zone).format("YYYY-MM-DDTHH:mm:ss.SSS");
      for (const text of [
        new Date(t).toISOString(),
        moment.tz(t, zone).format(),
        moment.tz(t, zone).format("YYYY-MM-DDTHH:mm:ss.SSSSSSZZ"),
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

describe("unreadable timestamps", () => {
  it("are null, so that the screens show 日付データが不正です", () => {
    for (const text of [
      "",
      "garbage",
      " 2026-11-22T09:00:00Z",
      "2026-02-29T09:00:00Z",
      "2026-02-30",
      "2026-13-01",
      "2026-11-22T25:00",
      "2026-11-22T09:60",
      "2026-11-22T09:00+09:60",
      "2026-11-22T09:00:00+09:00 trailing",
      "22/11/2026",
    ])
      expect([text, instantInZone(text, "Asia/Tokyo")]).toEqual([text, null]);
    expect(instantInZone(new Date(Number.NaN), "Asia/Tokyo")).toBeNull();
  });

  it("include the ISO 8601 forms the app never writes (moment read them)", () => {
    for (const text of ["2026-W47-1", "2026-326", "20261122T090000Z", "2026-11-22T24:00"]) {
      expect(moment.tz(text, moment.ISO_8601, "UTC").isValid()).toBe(true);
      expect(instantInZone(text, "UTC")).toBeNull();
    }
  });
});
