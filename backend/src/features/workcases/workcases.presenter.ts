import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { iso } from "../../lib/iso";
import type { WorkCaseRow } from "./workcases.queries";

/** The only shape of a work case that leaves the server (REST and socket payloads alike). */
export function presentWorkCase(row: WorkCaseRow): WorkCaseDto {
  return {
    id: row.id,
    title: row.title,
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    note: row.note,
    created: iso(row.createdAt),
    group: row.groupId,
  };
}
