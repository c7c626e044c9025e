/**
 * ISO 8601 text read as moment reads it with `moment.ISO_8601` (the same forms, the same overflow rules:
 * 24:00 is the next day's 00:00, 2026-02-29 is unreadable, an offset beyond +14:00 / -12:00 is unreadable),
 * without moment: the screens format the API's timestamps on their first render, and moment with its
 * time-zone data would otherwise be in their first download. Expanded years (±YYYYYY) are read in the full
 * calendar forms only; moment's lenient mode gave other expanded forms a garbled date.
 */

/** A timestamp's fields: the wall clock it names, and its offset when it has one. */
export interface IsoFields {
  /** Epoch ms of the wall clock read as if it were UTC (24:00 already moved to the next day). */
  wallAsUtc: number;
  /** The text's offset east of UTC in minutes; null when it has none (a wall clock in some zone). */
  offsetMinutes: number | null;
  /** The fields before 24:00 was moved (moment adds that day on its own clock: see instantOfIsoText). */
  fields: [
    year: number,
    month: number,
    day: number,
    hour: number,
    minute: number,
    second: number,
    ms: number,
  ];
  nextDay: boolean;
}

const EXTENDED =
  /^\s*((?:[+-]\d{6}|\d{4})-(?:\d\d-\d\d|W\d\d-\d|W\d\d|\d\d\d|\d\d))(?:(T| )(\d\d(?::\d\d(?::\d\d(?:[.,]\d+)?)?)?)([+-]\d\d(?::?\d\d)?|\s*Z)?)?$/;
const BASIC =
  /^\s*((?:[+-]\d{6}|\d{4})(?:\d\d\d\d|W\d\d\d|W\d\d|\d\d\d|\d\d|))(?:(T| )(\d\d(?:\d\d(?:\d\d(?:[.,]\d+)?)?)?)([+-]\d\d(?::?\d\d)?|\s*Z)?)?$/;
const CALENDAR = /^([+-]\d{6}|\d{4})-?(\d\d)-?(\d\d)$/;
const WEEK = /^(\d{4})-?W(\d\d)(?:-?(\d))?$/;
const ORDINAL = /^(\d{4})-?(\d{3})$/;
const YEAR_MONTH = /^(\d{4})-?(\d\d)?$/;
const TIME = /^(\d\d):?(\d\d)?:?(\d\d)?(?:[.,](\d+))?$/;
const OFFSET = /^([+-])(\d\d):?(\d\d)?$/;

const DAY_MS = 86_400_000;

/** Date.UTC, but years 0–99 are those years (not 1900–1999), as moment's createUTCDate. */
export function utcMs(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  if (y >= 0 && y < 100) {
    const date = new Date(Date.UTC(y + 400, mo, d, h, mi, s, ms));
    date.setUTCFullYear(y);
    return date.getTime();
  }
  return Date.UTC(y, mo, d, h, mi, s, ms);
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const daysInMonth = (y: number, mo: number) =>
  mo === 1 ? (isLeap(y) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo]!;
const weekday = (y: number, mo: number, d: number) => new Date(utcMs(y, mo, d)).getUTCDay();

/** Year, month (0-based) and day of ISO week `week`, day `day` (1 = Monday) of week-year `y`; null on overflow. */
function fromIsoWeek(y: number, week: number, day: number): [number, number, number] | null {
  // Week 1 holds 4 January; a year has 53 weeks when it starts on a Thursday, or on a Wednesday in a leap year.
  const jan1 = weekday(y, 0, 1);
  const weeks = jan1 === 4 || (jan1 === 3 && isLeap(y)) ? 53 : 52;
  if (week < 1 || week > weeks || day < 1 || day > 7) return null;
  const mondayOfWeek1 = 4 - ((weekday(y, 0, 4) + 6) % 7);
  const date = new Date(utcMs(y, 0, mondayOfWeek1 + (week - 1) * 7 + (day - 1)));
  return [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
}

function readDate(text: string): { date: [number, number, number]; allowsTime: boolean } | null {
  let m = CALENDAR.exec(text);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
    if (mo < 0 || mo > 11 || d < 1 || d > daysInMonth(y, mo)) return null;
    return { date: [y, mo, d], allowsTime: true };
  }
  if (/^[+-]/.test(text)) return null;
  m = WEEK.exec(text);
  if (m) {
    const date = fromIsoWeek(Number(m[1]), Number(m[2]), m[3] === undefined ? 1 : Number(m[3]));
    return date && { date, allowsTime: m[3] !== undefined };
  }
  m = ORDINAL.exec(text);
  if (m) {
    const [y, dayOfYear] = [Number(m[1]), Number(m[2])];
    if (dayOfYear < 1 || dayOfYear > (isLeap(y) ? 366 : 365)) return null;
    const date = new Date(utcMs(y, 0, dayOfYear));
    return { date: [y, date.getUTCMonth(), date.getUTCDate()], allowsTime: true };
  }
  m = YEAR_MONTH.exec(text);
  if (m) {
    const mo = m[2] === undefined ? 0 : Number(m[2]) - 1;
    return mo < 0 || mo > 11 ? null : { date: [Number(m[1]), mo, 1], allowsTime: false };
  }
  return null;
}

/**
 * The fields of an ISO 8601 text; null when moment would call it invalid. `strict` is moment's strict
 * mode, which refuses white space before the text and before a Z.
 */
export function readIsoText(text: string, strict: boolean): IsoFields | null {
  const match = EXTENDED.exec(text) ?? BASIC.exec(text);
  if (!match) return null;
  if (strict && (/^\s/.test(text) || /^\s+Z$/.test(match[4] ?? ""))) return null;
  const date = readDate(match[1]!);
  if (!date || (match[3] !== undefined && !date.allowsTime)) return null;
  let [h, mi, s, ms] = [0, 0, 0, 0];
  if (match[3] !== undefined) {
    const t = TIME.exec(match[3])!;
    [h, mi, s] = [Number(t[1]), Number(t[2] ?? 0), Number(t[3] ?? 0)];
    // moment's own arithmetic, so that a long fraction is cut at the same millisecond.
    ms = t[4] === undefined ? 0 : Math.trunc(Number(`0.${t[4]}`) * 1000);
  }
  const nextDay = h === 24 && mi === 0 && s === 0 && ms === 0;
  if ((h > 23 && !nextDay) || mi > 59 || s > 59) return null;
  let offsetMinutes: number | null = null;
  const zone = match[4]?.trim();
  if (zone) {
    if (zone === "Z") offsetMinutes = 0;
    else {
      const o = OFFSET.exec(zone)!;
      const minutes = Number(o[2]) * 60 + Number(o[3] ?? 0);
      if (Number(o[3] ?? 0) > 59 || minutes > (o[1] === "+" ? 14 * 60 : 12 * 60)) return null;
      offsetMinutes = o[1] === "+" ? minutes : -minutes;
    }
  }
  const [y, mo, d] = date.date;
  const wallAsUtc = utcMs(y, mo, d, nextDay ? 0 : h, mi, s, ms) + (nextDay ? DAY_MS : 0);
  return { wallAsUtc, offsetMinutes, fields: [y, mo, d, nextDay ? 0 : h, mi, s, ms], nextDay };
}

/**
 * Epoch ms of an ISO 8601 text as `moment(text, moment.ISO_8601, true)` reads it: a text without an
 * offset is this device's wall clock. Null when unreadable (or beyond the range of a Date).
 */
export function instantOfIsoText(text: string): number | null {
  const iso = readIsoText(text, true);
  if (!iso) return null;
  const [y, mo, d, h, mi, s, ms] = iso.fields;
  let date: Date;
  if (iso.offsetMinutes !== null) {
    date = new Date(utcMs(y, mo, d, h, mi, s, ms) - iso.offsetMinutes * 60_000);
  } else {
    date = new Date(y >= 0 && y < 100 ? y + 400 : y, mo, d, h, mi, s, ms);
    if (y >= 0 && y < 100 && Number.isFinite(date.getFullYear())) date.setFullYear(y);
  }
  // moment moves 24:00 to the next day on the local calendar (23 or 25 hours on a day of a DST change).
  if (iso.nextDay) date.setDate(date.getDate() + 1);
  const time = date.getTime();
  return Number.isNaN(time) ? null : time;
}
