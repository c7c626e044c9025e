import type { OutageDto } from "@zaiko/common/orderitems/outages.schema";
import { iso, isoOrNull } from "../../lib/iso";
import type { OutageRow } from "./outages.queries";

/** A lost or broken report as it leaves: the item's outage list and the answer of its resolution. */
export function presentOutage(r: OutageRow): OutageDto {
  return {
    id: r.id,
    order_item: r.orderItemId,
    item: r.itemId,
    work_case: r.workCaseId,
    work_case_title: r.workCaseTitle,
    kind: r.disposition === "broken" ? "broken" : "lost",
    quantity: r.quantity,
    at: iso(r.at),
    member: r.memberId,
    member_name: r.memberName,
    repair_due: isoOrNull(r.repairDue),
    resolved_at: isoOrNull(r.resolvedAt),
    resolved_by: r.resolvedBy,
    resolved_by_name: r.resolvedByName,
    sub_rental: r.subRentalId,
    supplier_name: r.supplierName,
  };
}
