import { ja } from "./messages/ja";

/**
 * The label of a calendar day, "11/22(日)", as the weekly view's columns and the warehouse board name their
 * days. `day` is "YYYY-MM-DD" (a calendar date: no zone is involved). No moment: the server's weekly view
 * labels seven days per request.
 */
export function dayLabel(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return `${m}/${d}(${ja.calendar.weekdays[date.getUTCDay()]})`;
}
