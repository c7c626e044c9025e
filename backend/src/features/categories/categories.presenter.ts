import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";

/** The only shape of a category that leaves the server. */
export function presentCategory(row: {
  id: number;
  name: string;
  groupId: number;
  version: number;
  turnaroundBeforeMinutes: number;
  turnaroundAfterMinutes: number;
}): CategoryDto {
  return {
    id: row.id,
    category: row.name,
    group: row.groupId,
    version: row.version,
    turnaround_before_minutes: row.turnaroundBeforeMinutes,
    turnaround_after_minutes: row.turnaroundAfterMinutes,
  };
}
