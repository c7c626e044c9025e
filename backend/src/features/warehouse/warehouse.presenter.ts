import type { WarehouseCaseDto, WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { iso, isoOrNull } from "../../lib/iso";
import type { BoardRow } from "./warehouse.queries";

/** A board row as it leaves the server; the flags say which movement falls within its section's day. */
export function presentBoardRow(row: BoardRow, outgoing: boolean, returning: boolean): WarehouseRowDto {
  return {
    id: row.id,
    item: { id: row.itemId, title: row.itemTitle, category_name: row.categoryName },
    order_quantity: row.orderQuantity,
    start_date: iso(row.startDate),
    end_date: iso(row.endDate),
    issue: isoOrNull(row.issue),
    receive: isoOrNull(row.receive),
    version: row.version,
    issued_quantity: row.issuedQuantity,
    received_quantity: row.receivedQuantity,
    lost_quantity: row.lostQuantity,
    broken_quantity: row.brokenQuantity,
    outgoing,
    returning,
  };
}

/** The case a group of board rows belongs to (its own period, which the rows' periods may differ from). */
export function presentBoardCase(row: BoardRow, rows: WarehouseRowDto[]): WarehouseCaseDto {
  return {
    id: row.workCaseId,
    title: row.caseTitle,
    start_date: iso(row.caseStart),
    end_date: iso(row.caseEnd),
    rows,
  };
}
