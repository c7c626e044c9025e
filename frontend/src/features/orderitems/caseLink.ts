import type { WorkCaseDto } from "../../lib/allocation";

/** The query parameter that carries the case (as JSON) to the shipped item list (spec §2). */
export const CASE_QUERY_PARAM = "workcase";

/** /orderitemslist/{caseId}?workcase=<the case as JSON>. */
export function orderItemsListHref(caseId: number, workcase: WorkCaseDto | undefined): string {
  const base = `/orderitemslist/${caseId}`;
  return workcase ? `${base}?${CASE_QUERY_PARAM}=${encodeURIComponent(JSON.stringify(workcase))}` : base;
}
