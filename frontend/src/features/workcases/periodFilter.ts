import type { WorkCaseDto } from "../../lib/allocation";
import { businessDay, pickedDay } from "../../lib/dateTime";

/**
 * 期間検索 (spec §5): keeps cases whose start day ≤ the chosen day ≤ end day, by calendar day in
 * Asia/Tokyo, inclusive. Cases with unreadable dates never match a chosen day.
 */
export function filterByDay(cases: WorkCaseDto[], day: Date | null): WorkCaseDto[] {
  if (!day) return cases;
  const chosen = pickedDay(day);
  return cases.filter((c) => {
    const start = businessDay(c.start_date);
    const end = businessDay(c.end_date);
    return start !== null && end !== null && start <= chosen && chosen <= end;
  });
}
