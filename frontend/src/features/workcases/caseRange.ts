import type { WorkCaseDto } from "../../lib/allocation";
import { businessDay } from "../../lib/dateTime";

/**
 * Which cases 案件一覧 shows (issue 36, docs/frontend.md "案件一覧"): a coordinator opens the list to work on
 * what runs now and what comes next, so it opens on `upcoming` (running or starting from today); 今日, 今週
 * and 来週 narrow it to a period, すべて shows the past too. A week runs Monday to Sunday, as a work week does.
 */
export type CaseRange = "upcoming" | "today" | "thisWeek" | "nextWeek" | "all";

export const CASE_RANGES: readonly CaseRange[] = ["upcoming", "today", "thisWeek", "nextWeek", "all"];

/** Calendar days (YYYY-MM-DD, business zone), both inclusive; null is open on that side. */
export interface DaySpan {
  from: string | null;
  to: string | null;
}

const DAY_MS = 86_400_000;
const dayPlus = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The days of `range` around `today` (YYYY-MM-DD in the business zone). */
export function spanOf(range: CaseRange, today: string): DaySpan {
  // 0 = Monday … 6 = Sunday.
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = dayPlus(today, -weekday);
  switch (range) {
    case "upcoming":
      return { from: today, to: null };
    case "today":
      return { from: today, to: today };
    case "thisWeek":
      return { from: monday, to: dayPlus(monday, 6) };
    case "nextWeek":
      return { from: dayPlus(monday, 7), to: dayPlus(monday, 13) };
    case "all":
      return { from: null, to: null };
  }
}

/**
 * The cases that run on at least one day of `span` (start day ≤ span's last day, end day ≥ its first), by
 * calendar day in the business zone. A case with unreadable dates is always shown: it needs mending, and no
 * period can say whether it is current.
 */
export function casesInSpan(cases: WorkCaseDto[], span: DaySpan): WorkCaseDto[] {
  if (span.from === null && span.to === null) return cases;
  return cases.filter((c) => {
    const start = businessDay(c.start_date);
    const end = businessDay(c.end_date);
    if (start === null || end === null) return true;
    return (span.from === null || end >= span.from) && (span.to === null || start <= span.to);
  });
}

/** The range a URL's `?range=` names, or undefined for none or an unknown one. */
export function rangeOfParam(value: string | null): CaseRange | undefined {
  return CASE_RANGES.find((range) => range === value);
}
