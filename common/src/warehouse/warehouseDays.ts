import moment from "moment-timezone";
import { BUSINESS_TIME_ZONE } from "../dates";

const DATE = "YYYY-MM-DD";
const WEEKDAYS = ["日", "月", "火", "水", "木", "金", "土"];

/** Today ("YYYY-MM-DD") in the business zone. */
export function businessToday(now: Date, zone = BUSINESS_TIME_ZONE): string {
  return moment.tz(now, zone).format(DATE);
}

/** The calendar day after `day` (both "YYYY-MM-DD"). */
export function nextDay(day: string): string {
  return moment.utc(day, DATE, true).add(1, "day").format(DATE);
}

/** "11/22(日)", as the weekly view labels its days. */
export function dayLabel(day: string): string {
  const d = moment.utc(day, DATE, true);
  return `${d.month() + 1}/${d.date()}(${WEEKDAYS[d.day()]})`;
}
