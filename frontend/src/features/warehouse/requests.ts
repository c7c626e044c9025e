import { isCalendarDay } from "@zaiko/common/warehouse/warehouse.schema";
import type { FirstRequests } from "../../lib/earlyRequests";

/** The board's day: ?date=YYYY-MM-DD when it names a day, else null (today and tomorrow). */
export function boardDate(search: URLSearchParams): string | null {
  const raw = search.get("date");
  return raw && isCalendarDay(raw) ? raw : null;
}

/** GET /api/warehouse/ for a day (null: today), the board's query (warehouseApi) and its early request. */
export const warehouseBoardUrl = (date: string | null): string =>
  date === null ? "/api/warehouse/" : `/api/warehouse/?date=${date}`;

/** What /warehouse asks for when it opens: sent with the page on a page load (lib/earlyRequests.ts). */
export const warehouseFirstRequests: FirstRequests = ({ search }) => [warehouseBoardUrl(boardDate(search))];
