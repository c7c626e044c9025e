import { dayLabel } from "@zaiko/common/dayLabel";

const DAY_MS = 24 * 3600 * 1000;

/** The 7 calendar days of the weekly view, starting at the day in the URL. */
export interface Week {
  /** "YYYY-MM-DD" of the first day. */
  start: string;
  /** Labels such as "11/22(日)". */
  days: string[];
  before: string;
  next: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");

/** A calendar date held as UTC midnight, where every day has 24 h (the zone only matters for instants). */
const isoDate = (d: Date) =>
  `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;

/**
 * Reads `/api/items/{y}/{m}/{d}/`: digits only and a real calendar date (2026/2/30 and month 13 are
 * refused). Returns undefined when the parts do not make a date.
 */
export function parseWeek(
  y: string | undefined,
  m: string | undefined,
  d: string | undefined,
): Week | undefined {
  if (!/^[0-9]{1,4}$/.test(y ?? "") || !/^[0-9]{1,2}$/.test(m ?? "") || !/^[0-9]{1,2}$/.test(d ?? ""))
    return undefined;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  // Years before 1000 would print with fewer than 4 digits elsewhere; nobody books stock in them.
  if (year < 1000 || month < 1 || month > 12 || day < 1) return undefined;
  const first = new Date(Date.UTC(year, month - 1, day));
  if (first.getUTCFullYear() !== year || first.getUTCMonth() !== month - 1 || first.getUTCDate() !== day)
    return undefined;
  const at = (offset: number) => new Date(first.getTime() + offset * DAY_MS);
  return {
    start: isoDate(first),
    days: Array.from({ length: 7 }, (_, i) => dayLabel(isoDate(at(i)))),
    before: isoDate(at(-7)),
    next: isoDate(at(7)),
  };
}
