import type { ScreenDataPrefetch } from "../../lib/screenData";
import { orderItemsApi } from "./orderItemsApi";

/**
 * /orderitems/{id}'s queries (the case, its shipped items, the stock, the categories), started on a page
 * load before the page has loaded; with the same arguments as OrderItemsPage's hooks (lib/screenData.ts).
 */
export const prefetchOrderItems: ScreenDataPrefetch = (dispatch, { groupId, params }) => {
  const caseId = Number(params.caseId);
  if (!Number.isInteger(caseId) || caseId <= 0) return;
  const { prefetch } = orderItemsApi.util;
  void dispatch(prefetch("workCase", { caseId, groupId }, {}));
  void dispatch(prefetch("inventorySummary", { caseId, groupId }, {}));
  void dispatch(prefetch("caseOrderItems", caseId, {}));
  void dispatch(prefetch("caseCategories", groupId, {}));
};
