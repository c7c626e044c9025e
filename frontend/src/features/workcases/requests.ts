import { type FirstQueries, firstQuery } from "../../lib/screenData";

/** GET /api/workcaselist/ of a group: the list screen's query (workcasesApi's `query`). */
export const workCaseListUrl = (groupId: number): string => `/api/workcaselist/?groupid=${groupId}`;

/** The group's case list: WorkCaseListPage's hook takes its argument from here (lib/screenData.ts). */
export const caseListQuery = (groupId: number) => firstQuery("listWorkCases", groupId, workCaseListUrl);

/** /workcase's first queries at a page load. */
export const workCaseListFirstQueries: FirstQueries = ({ groupId }) => [caseListQuery(groupId)];
