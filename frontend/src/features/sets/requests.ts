import { firstQuery } from "../../lib/screenData";

/** GET /api/sets/ of a group: the set catalogue (setsApi's `groupSets`). */
export const groupSetsUrl = (groupId: number): string => `/api/sets/?groupid=${groupId}`;

/**
 * The catalogue as a screen's first query (lib/screenData.ts): the case screen books sets, and app/routes.tsx
 * adds this to its first queries, so that the answer is in when the screen first renders.
 */
export const groupSetsQuery = (groupId: number) => firstQuery("groupSets", groupId, groupSetsUrl);
