import type { FirstRequests } from "../../lib/earlyRequests";

/** GET /api/workcaselist/ of a group: the list screen's query (workcasesApi) and its early request. */
export const workCaseListUrl = (groupId: number): string => `/api/workcaselist/?groupid=${groupId}`;

/** What /workcase asks for when it opens: sent with the page on a page load (lib/earlyRequests.ts). */
export const workCaseListFirstRequests: FirstRequests = ({ groupId }) => [workCaseListUrl(groupId)];
