import type { UnitDto, UnitStatus } from "@zaiko/common/units/units.schema";
import { iso } from "../../lib/iso";
import type { UnitRow } from "./units.queries";

/** Where the unit is now, from its row (docs/units.md). */
export function unitStatus(row: UnitRow): UnitStatus {
  if (row.retiredAt !== null) return "retired";
  if (row.outOrderItemId !== null) return "out";
  if (row.outageMovementId !== null) return row.outageKind === "broken" ? "broken" : "lost";
  return "in";
}

/** The only shape of a unit that leaves the server. */
export function presentUnit(row: UnitRow): UnitDto {
  const status = unitStatus(row);
  return {
    id: row.id,
    item: row.itemId,
    item_title: row.itemTitle,
    category_name: row.categoryName,
    tag: row.tag,
    serial: row.serial,
    memo: row.memo,
    status,
    out:
      status === "out"
        ? {
            order_item: row.outOrderItemId!,
            work_case: row.outCaseId!,
            work_case_title: row.outCaseTitle ?? "",
          }
        : null,
    outage:
      status === "lost" || status === "broken"
        ? {
            id: row.outageMovementId!,
            kind: status,
            at: iso(row.outageAt!),
            work_case_title: row.outageCaseTitle ?? "",
          }
        : null,
    repairs: Number(row.repairs),
    retired_at: row.retiredAt === null ? null : iso(row.retiredAt),
    created: iso(row.createdAt),
    version: Number(row.version),
  };
}
