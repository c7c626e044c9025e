import { isCalendarDay } from "@zaiko/common/warehouse/warehouse.schema";
import { type FirstQueries, firstQuery } from "../../lib/screenData";

/** The board's day: ?date=YYYY-MM-DD when it names a day, else null (today and tomorrow). */
export function boardDate(search: URLSearchParams): string | null {
  const raw = search.get("date");
  return raw && isCalendarDay(raw) ? raw : null;
}

/** GET /api/warehouse/ for a day (null: today), the board's query (warehouseApi's `query`). */
export const warehouseBoardUrl = (date: string | null): string =>
  date === null ? "/api/warehouse/" : `/api/warehouse/?date=${date}`;

/** GET /api/warehouse/overdue/ for a day (null: today), the overdue warnings' query (warehouseApi's `query`). */
export const warehouseOverdueUrl = (date: string | null): string =>
  date === null ? "/api/warehouse/overdue/" : `/api/warehouse/overdue/?date=${date}`;

/** The board of a day: WarehousePage's hook takes its argument from here (lib/screenData.ts). */
export const boardQuery = (search: URLSearchParams) =>
  firstQuery("warehouseBoard", boardDate(search), warehouseBoardUrl);

/**
 * The board's overdue warnings of the same day. Asked after the first render, their pending and fulfilled
 * states re-rendered the whole board twice at once.
 */
export const overdueQuery = (search: URLSearchParams) =>
  firstQuery("warehouseOverdue", boardDate(search), warehouseOverdueUrl);

/** /warehouse's first queries at a page load. */
export const warehouseFirstQueries: FirstQueries = ({ search }) => [boardQuery(search), overdueQuery(search)];
