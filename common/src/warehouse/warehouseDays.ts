import moment from "moment-timezone";

export { dayLabel } from "../dayLabel";

const DATE = "YYYY-MM-DD";

/** Today ("YYYY-MM-DD") in the business zone `zone`. */
export function businessToday(now: Date, zone: string): string {
  return moment.tz(now, zone).format(DATE);
}

/** The calendar day after `day` (both "YYYY-MM-DD"). */
export function nextDay(day: string): string {
  return moment.utc(day, DATE, true).add(1, "day").format(DATE);
}
