import type { ScreenDataPrefetch } from "../../lib/screenData";
import { workcasesApi } from "./workcasesApi";

/** /workcase's query, started on a page load before the page has loaded (lib/screenData.ts). */
export const prefetchWorkCaseList: ScreenDataPrefetch = (dispatch, { groupId }) => {
  void dispatch(workcasesApi.util.prefetch("listWorkCases", groupId, {}));
};
