import { formatDateTime } from "@zaiko/common/dates";
import { ja } from "@zaiko/common/messages/ja";
import ical, { ICalEventStatus } from "ical-generator";
import type { CalendarCaseRow } from "./calendar.queries";

/** How often a calendar app should read the feed again (REFRESH-INTERVAL, X-PUBLISHED-TTL): a minute. */
export const FEED_TTL_SECONDS = 60;

export interface IcsContext {
  /** The app's address, for the links to the cases. */
  baseUrl: string;
  zone: string;
  /** The calendar's name (X-WR-CALNAME). */
  name: string;
}

const L = ja.calendarFeed;

/**
 * A calendar of cases. Every instant is UTC, so no time zone definitions are needed. The output depends only
 * on the rows (DTSTAMP is the case's creation, SEQUENCE its row version), so the same data gives the same
 * bytes and the feed's ETag means something.
 */
export function casesCalendar(rows: CalendarCaseRow[], ctx: IcsContext): string {
  const cal = ical({
    name: ctx.name,
    prodId: { company: "zaiko-kanri", product: "zaiko-kanri", language: "JA" },
    ttl: FEED_TTL_SECONDS,
  });
  for (const r of rows) {
    const url = `${ctx.baseUrl}/orderitems/${r.id}`;
    const tentative = r.status === "tentative";
    const lines = [
      r.note,
      tentative && r.hold_until_ms !== null
        ? L.holdLine(formatDateTime(new Date(Number(r.hold_until_ms)), ctx.zone) ?? "", r.holder_name ?? "")
        : "",
      L.linkLine(url),
    ].filter((line) => line !== "");
    cal.createEvent({
      id: `workcase-${r.id}@zaiko-kanri`,
      start: new Date(Number(r.start_ms)),
      end: new Date(Number(r.end_ms)),
      stamp: new Date(Number(r.created_ms)),
      summary: tentative ? L.tentativeTitle(r.title) : r.title,
      description: lines.join("\n"),
      url,
      status:
        r.status === "tentative"
          ? ICalEventStatus.TENTATIVE
          : r.status === "cancelled"
            ? ICalEventStatus.CANCELLED
            : ICalEventStatus.CONFIRMED,
      sequence: Number(r.version),
    });
  }
  return cal.toString();
}
