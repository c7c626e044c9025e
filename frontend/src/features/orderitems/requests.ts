import { type FirstQueries, firstQuery } from "../../lib/screenData";

/** The case a page works on, with the group the server compares (spec §7 `group_id`). */
export interface CaseArg {
  caseId: number;
  groupId: number;
}

/** The URLs of the case screen's queries (orderItemsApi's `query`), from each endpoint's argument. */
export const workCaseUrl = ({ caseId, groupId }: CaseArg): string =>
  `/api/workcases/${caseId}/?group_id=${groupId}`;
export const inventorySummaryUrl = ({ caseId, groupId }: CaseArg): string =>
  `/api/inventorysummary/${caseId}/summary/?group_id=${groupId}`;
export const caseOrderItemsUrl = (caseId: number): string => `/api/orderitems/?work_case=${caseId}`;
export const caseCategoriesUrl = (groupId: number): string => `/api/categories/?groupid=${groupId}`;
export const caseSetLinesUrl = (caseId: number): string => `/api/setlines/?work_case=${caseId}`;

/**
 * What /orderitems/{id} asks for when it opens (the case, its stock, its shipped items, the categories, its
 * sets; app/routes.tsx adds the set catalogue, features/sets):
 * OrderItemsPage's hooks take their arguments from here, and a page load sends them early
 * (lib/screenData.ts).
 */
export function caseScreenQueries(caseId: number, groupId: number) {
  const caseArg: CaseArg = { caseId, groupId };
  return {
    workCase: firstQuery("workCase", caseArg, workCaseUrl),
    inventorySummary: firstQuery("inventorySummary", caseArg, inventorySummaryUrl),
    caseOrderItems: firstQuery("caseOrderItems", caseId, caseOrderItemsUrl),
    caseCategories: firstQuery("caseCategories", groupId, caseCategoriesUrl),
    // Asked after the first render, they (with the catalogue) re-rendered the whole screen at once twice.
    caseSetLines: firstQuery("caseSetLines", caseId, caseSetLinesUrl),
  };
}

/** The case id of a route's `:caseId`, or null when it names no case. */
export function caseIdOf(param: string | undefined): number | null {
  const caseId = Number(param);
  return Number.isInteger(caseId) && caseId > 0 ? caseId : null;
}

/** /orderitems/{id}'s first queries at a page load. */
export const orderItemsFirstQueries: FirstQueries = ({ groupId, params }) => {
  const caseId = caseIdOf(params.caseId);
  return caseId === null ? [] : Object.values(caseScreenQueries(caseId, groupId));
};
