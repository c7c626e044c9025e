import type { ScreenDataPrefetch } from "../../lib/screenData";
import { workcasesApi } from "./workcasesApi";

/**
 * /workcase's request, started on a page load before the page (and its chunk's dependencies) has loaded.
 * A module of its own so that it waits only for the API definitions (lib/screenData.ts).
 */
export const prefetchWorkCaseList: ScreenDataPrefetch = (dispatch, { groupId }) => {
  void dispatch(workcasesApi.util.prefetch("listWorkCases", groupId, {}));
};
