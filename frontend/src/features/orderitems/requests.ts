import type { FirstRequests } from "../../lib/earlyRequests";

/** The URLs of the case screen's queries (orderItemsApi), shared with its early requests. */
export const workCaseUrl = (caseId: number, groupId: number): string =>
  `/api/workcases/${caseId}/?group_id=${groupId}`;
export const inventorySummaryUrl = (caseId: number, groupId: number): string =>
  `/api/inventorysummary/${caseId}/summary/?group_id=${groupId}`;
export const caseOrderItemsUrl = (caseId: number): string => `/api/orderitems/?work_case=${caseId}`;
export const caseCategoriesUrl = (groupId: number): string => `/api/categories/?groupid=${groupId}`;

/**
 * What /orderitems/{id} asks for when it opens (the case, its stock, its shipped items, the categories):
 * sent with the page on a page load (lib/earlyRequests.ts).
 */
export const orderItemsFirstRequests: FirstRequests = ({ groupId, params }) => {
  const caseId = Number(params.caseId);
  if (!Number.isInteger(caseId) || caseId <= 0) return [];
  return [
    workCaseUrl(caseId, groupId),
    inventorySummaryUrl(caseId, groupId),
    caseOrderItemsUrl(caseId),
    caseCategoriesUrl(groupId),
  ];
};
