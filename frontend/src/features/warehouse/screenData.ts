import { isCalendarDay } from "@zaiko/common/warehouse/warehouse.schema";
import type { ScreenDataPrefetch } from "../../lib/screenData";
import { warehouseApi } from "./warehouseApi";

/** The board's day: ?date=YYYY-MM-DD when it names a day, else null (today and tomorrow). */
export function boardDate(search: URLSearchParams): string | null {
  const raw = search.get("date");
  return raw && isCalendarDay(raw) ? raw : null;
}

/** /warehouse's request, started on a page load before the page has loaded (lib/screenData.ts). */
export const prefetchWarehouseBoard: ScreenDataPrefetch = (dispatch, { search }) => {
  void dispatch(warehouseApi.util.prefetch("warehouseBoard", boardDate(search), {}));
};
