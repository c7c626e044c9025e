import { dayLabel } from "@zaiko/common/dayLabel";
import { readDay } from "@zaiko/common/input";

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
 * Reads `/api/items/{y}/{m}/{d}/`: digits only and a real calendar date within the API's day range
 * (common/input.ts; 2026/2/30 and month 13 are refused). Says why when the parts make no day it reads.
 */
export function parseWeek(
  y: string | undefined,
  m: string | undefined,
  d: string | undefined,
): Week | "invalid" | "range" {
  if (!/^[0-9]{1,4}$/.test(y ?? "") || !/^[0-9]{1,2}$/.test(m ?? "") || !/^[0-9]{1,2}$/.test(d ?? ""))
    return "invalid";
  const day = readDay(`${pad(Number(y), 4)}-${pad(Number(m), 2)}-${pad(Number(d), 2)}`);
  if (day === "range") return "range";
  if (day === "invalid" || day === "missing") return "invalid";
  const first = new Date(`${day}T00:00:00Z`);
  const at = (offset: number) => new Date(first.getTime() + offset * DAY_MS);
  return {
    start: day,
    days: Array.from({ length: 7 }, (_, i) => dayLabel(isoDate(at(i)))),
    before: isoDate(at(-7)),
    next: isoDate(at(7)),
  };
}
