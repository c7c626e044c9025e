import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { iso, isoOrNull } from "../../lib/iso";
import type { OrderItemRow } from "./orderitems.queries";

/** The only shape of an order item that leaves the server (REST and socket payloads alike). */
export function presentOrderItem(row: OrderItemRow): OrderItemDto {
  return {
    id: row.id,
    items: {
      id: row.itemId,
      title: row.itemTitle,
      category_name: row.categoryName,
      unit_tracked: row.unitTracked,
    },
    work_case: row.workCaseId,
    order_quantity: row.orderQuantity,
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    issue: isoOrNull(row.issue),
    receive: isoOrNull(row.receive),
    note: row.note,
    category: row.categoryName,
    version: Number(row.version),
    issued_quantity: row.issuedQuantity,
    received_quantity: row.receivedQuantity,
    units_out: row.unitsOut,
  };
}
