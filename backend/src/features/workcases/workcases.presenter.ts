import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { iso } from "../../lib/iso";
import type { WorkCaseView } from "./workcases.queries";

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
    version: Number(row.version),
    status: row.status,
    hold_until: row.holdUntil ? iso(row.holdUntil) : null,
    held_by: row.heldBy,
    held_by_name: row.heldBy === null ? null : row.heldByName,
  };
}
