import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import type { WorkCaseView } from "./workcases.queries";

/** Timestamps leave the server as ISO strings in UTC. */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** The only shape of a work case that leaves the server (REST and socket payloads alike). */
export function presentWorkCase(row: WorkCaseView): WorkCaseDto {
  return {
    id: row.id,
    title: row.title,
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    note: row.note,
    created: iso(row.createdAt),
    group: row.groupId,
    status: row.status,
    hold_until: row.holdUntil ? iso(row.holdUntil) : null,
    held_by: row.heldBy,
    held_by_name: row.heldBy === null ? null : row.heldByName,
  };
}
