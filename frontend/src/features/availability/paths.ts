/** The path of a timeline: an item's or a category's weeks, from a day ("YYYY-MM-DD") when given. */
export function timelinePath(kind: "item" | "category", id: number, from?: string | null): string {
  return `/availability/${kind}/${id}${from ? `?from=${from}` : ""}`;
}

/** The case screen a holder or a bar links to. */
export const casePath = (caseId: number) => `/orderitems/${caseId}`;
