import { fixedOffsetMs, zonedFormatter } from "./today";

/**
 * Timestamps read and shown in a time zone without moment (today.ts says why): the screens format the
 * API's timestamps on their first render, and moment with its zone data would be in their first download.
 * Intl knows every IANA zone and its DST rules; the texts are moment-timezone's (zonedTime.test.ts
 * compares them). `dates.ts` keeps the moment versions the server uses.
 *
 * Read are the timestamps the app writes: RFC 3339 date-times (2026-11-22T09:00:00+09:00, …Z, with or
 * without a fraction of a second), and a calendar day or a wall clock without an offset, which is the
 * zone's. Other ISO 8601 forms (week or ordinal dates, the basic format, 24:00) are unreadable here.
 */

const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** A timestamp's wall clock (as if it were UTC) and its offset in minutes (null: none, the zone's clock). */
function readTimestamp(text: string): { wallAsUtc: number; offsetMinutes: number | null } | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (year < 1000 || month > 11 || day < 1 || day > daysInMonth(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  // Cut, not rounded, to the millisecond, as moment does.
  const ms = m[7] === undefined ? 0 : Math.trunc(Number(`0.${m[7]}`) * 1000);
  let offsetMinutes: number | null = null;
  const offset = m[8];
  if (offset === "Z") offsetMinutes = 0;
  else if (offset !== undefined) {
    const hours = Number(offset.slice(1, 3));
    const minutes = offset.length > 3 ? Number(offset.slice(-2)) : 0;
    if (minutes > 59) return null;
    offsetMinutes = (offset[0] === "-" ? -1 : 1) * (hours * 60 + minutes);
  }
  return { wallAsUtc: Date.UTC(year, month, day, hour, minute, second, ms), offsetMinutes };
}

const wallClockParts = (zone: string) =>
  zonedFormatter("instantWallClock", zone, {
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });

/** The zone's offset east of UTC at instant `t`, in ms: arithmetic where it is fixed (today.ts), else Intl's. */
function zoneOffsetMs(zone: string, t: number): number {
  return fixedOffsetMs(zone, t) ?? intlOffsetMs(zone, t);
}

/** The zone's offset east of UTC at instant `t`, in ms, from Intl (ICU's zone data). */
export function intlOffsetMs(zone: string, t: number): number {
  const part: Record<string, number> = {};
  for (const p of wallClockParts(zone).formatToParts(t)) part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
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
 * Epoch ms of a timestamp: a text with an offset is that instant, one without is `zone`'s wall clock;
 * a Date is its instant. Null when unreadable.
 */
export function instantInZone(value: string | Date, zone: string): number | null {
  if (value instanceof Date) {
    const t = value.getTime();
    return Number.isNaN(t) ? null : t;
  }
  const read = readTimestamp(value);
  if (!read) return null;
  return read.offsetMinutes === null
    ? instantOfWallClock(read.wallAsUtc, zone)
    : read.wallAsUtc - read.offsetMinutes * MINUTE_MS;
}

/**
 * The wall clock of instant `t` in `zone`, in a Date's UTC fields (what the Excel export writes: Excel's
 * dates have no zone, and exceljs reads a Date's UTC fields).
 */
export const wallClockIn = (t: number, zone: string): Date => new Date(t + zoneOffsetMs(zone, t));

const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const dayOf = (w: Date) => `${pad(w.getUTCFullYear(), 4)}-${pad(w.getUTCMonth() + 1)}-${pad(w.getUTCDate())}`;
const minuteOf = (w: Date) => `${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;

/** YYYY年MM月DD日 HH:mm of instant `t` in `zone` (DISPLAY_FORMAT in dates.ts). */
export function displayInZone(t: number, zone: string): string {
  const w = wallClockIn(t, zone);
  return `${pad(w.getUTCFullYear(), 4)}年${pad(w.getUTCMonth() + 1)}月${pad(w.getUTCDate())}日 ${minuteOf(w)}`;
}

/** YYYY-MM-DD of instant `t` in `zone`. */
export const dayInZone = (t: number, zone: string): string => dayOf(wallClockIn(t, zone));

/** HH:mm of instant `t` in `zone`. */
export const timeOfDayInZone = (t: number, zone: string): string => minuteOf(wallClockIn(t, zone));

/**
 * Instant `t` as ISO 8601 with `zone`'s offset, to the second, as moment-timezone's format() writes it:
 * 2026-11-22T09:00:00+09:00, or …Z while the zone is on UTC (London in winter).
 */
export function isoWithOffsetInZone(t: number, zone: string): string {
  const offset = Math.round(zoneOffsetMs(zone, t) / MINUTE_MS);
  const w = new Date(t + offset * MINUTE_MS);
  const clock = `${dayOf(w)}T${minuteOf(w)}:${pad(w.getUTCSeconds())}`;
  if (offset === 0) return `${clock}Z`;
  const abs = Math.abs(offset);
  return `${clock}${offset < 0 ? "-" : "+"}${pad(Math.trunc(abs / 60))}:${pad(abs % 60)}`;
}
