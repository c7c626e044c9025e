import { readIsoText, utcMs } from "./isoText";
import { zonedFormatter } from "./today";

/**
 * Instants shown in a time zone, without moment (today.ts says why): the same texts as moment-timezone's
 * `moment.tz(value, moment.ISO_8601, zone).format(...)`, computed with Intl, which knows every IANA zone
 * and its DST rules. `dates.ts` keeps the moment versions the server uses.
 */

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const MAX_MS = 8.64e15;

const wallClockParts = (zone: string) =>
  zonedFormatter("instantWallClock", zone, {
    hourCycle: "h23",
    era: "short",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });

/** The zone's offset east of UTC at instant `t`, in ms (whole seconds, as the zone data has them). */
export function zoneOffsetMs(zone: string, t: number): number {
  const part: Record<string, string> = {};
  for (const p of wallClockParts(zone).formatToParts(t)) part[p.type] = p.value;
  const yearOfEra = Number(part.year);
  // Years before 1 are written 1 BC, 2 BC, …: year 0, -1, … on moment's (proleptic, astronomical) calendar.
  const year = part.era === "BC" || part.era === "B" ? 1 - yearOfEra : yearOfEra;
  const wall = utcMs(
    year,
    Number(part.month) - 1,
    Number(part.day),
    Number(part.hour),
    Number(part.minute),
    Number(part.second),
  );
  return wall - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * The instant of a wall clock (given as if it were UTC) in `zone`, as moment-timezone resolves it: a time
 * that a DST change skips moves forward by the change (02:30 becomes 03:30), a time that happens twice is
 * the first of the two.
 */
export function instantOfWallClock(wallAsUtc: number, zone: string): number {
  const before = zoneOffsetMs(zone, wallAsUtc - DAY_MS);
  const after = zoneOffsetMs(zone, wallAsUtc + DAY_MS);
  const candidates = [wallAsUtc - before, wallAsUtc - after].filter(
    (t) => zoneOffsetMs(zone, t) === wallAsUtc - t,
  );
  // None in a skipped hour: the offset before the change, which lands after it.
  return candidates.length > 0 ? Math.min(...candidates) : wallAsUtc - before;
}

/**
 * Epoch ms of a timestamp in `zone` as `moment.tz(value, moment.ISO_8601, zone)` reads it: a text with an
 * offset is that instant, one without is the zone's wall clock; a Date is its instant. Null when unreadable.
 */
export function instantInZone(value: string | Date, zone: string): number | null {
  if (value instanceof Date) {
    const t = value.getTime();
    return Number.isNaN(t) ? null : t;
  }
  const iso = readIsoText(value, false);
  if (!iso || Number.isNaN(iso.wallAsUtc)) return null;
  // Intl refuses instants beyond a Date's range (±8.64e15 ms); a wall clock a day from that edge is unreadable.
  if (iso.offsetMinutes === null && Math.abs(iso.wallAsUtc) > MAX_MS - 2 * DAY_MS) return null;
  const t =
    iso.offsetMinutes === null
      ? instantOfWallClock(iso.wallAsUtc, zone)
      : iso.wallAsUtc - iso.offsetMinutes * MINUTE_MS;
  return Math.abs(t) > MAX_MS ? null : t;
}

/** The wall clock of instant `t` in `zone`: its fields, read from a Date's UTC fields. */
export function wallClockIn(t: number, zone: string): Date {
  return new Date(t + zoneOffsetMs(zone, t));
}

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, "0");

/** A year as moment's YYYY writes it: at least four digits, a minus sign before year 0. */
const year4 = (y: number) => (y < 0 ? "-" : "") + pad(y, 4);

/** YYYY年MM月DD日 HH:mm of instant `t` in `zone` (DISPLAY_FORMAT in dates.ts). */
export function displayInZone(t: number, zone: string): string {
  const w = wallClockIn(t, zone);
  return `${year4(w.getUTCFullYear())}年${pad(w.getUTCMonth() + 1)}月${pad(w.getUTCDate())}日 ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/** YYYY-MM-DD of instant `t` in `zone`. */
export function dayInZone(t: number, zone: string): string {
  const w = wallClockIn(t, zone);
  return `${year4(w.getUTCFullYear())}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
}

/** HH:mm of instant `t` in `zone`. */
export function timeOfDayInZone(t: number, zone: string): string {
  const w = wallClockIn(t, zone);
  return `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/**
 * Instant `t` as ISO 8601 with `zone`'s offset, to the second, as moment-timezone's format() writes it:
 * 2026-11-22T09:00:00+09:00, or …Z while the zone is on UTC (London in winter).
 */
export function isoWithOffsetInZone(t: number, zone: string): string {
  const offset = Math.round(zoneOffsetMs(zone, t) / MINUTE_MS);
  const w = new Date(t + offset * MINUTE_MS);
  const sign = offset < 0 ? "-" : "+";
  const date = `${year4(w.getUTCFullYear())}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
  const time = `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}:${pad(w.getUTCSeconds())}`;
  if (offset === 0) return `${date}T${time}Z`;
  return `${date}T${time}${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}
