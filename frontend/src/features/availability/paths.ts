/** What a timeline shows: an item, a category's items, or a set's parts (docs/sets.md). */
export type TimelineKind = "item" | "category" | "set";

/** The path of a timeline: an item's, a category's or a set's weeks, from a day ("YYYY-MM-DD") when given. */
export function timelinePath(kind: TimelineKind, id: number, from?: string | null): string {
  return `/availability/${kind}/${id}${from ? `?from=${from}` : ""}`;
}

/** The case screen a holder or a bar links to. */
export const casePath = (caseId: number) => `/orderitems/${caseId}`;
