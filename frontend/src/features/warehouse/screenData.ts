import type { ScreenDataPrefetch } from "../../lib/screenData";
import { boardDate } from "./requests";
import { warehouseApi } from "./warehouseApi";

/** /warehouse's query, started on a page load before the page has loaded (lib/screenData.ts). */
export const prefetchWarehouseBoard: ScreenDataPrefetch = (dispatch, { search }) => {
  void dispatch(warehouseApi.util.prefetch("warehouseBoard", boardDate(search), {}));
};
