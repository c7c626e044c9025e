import type {
  WarehouseCaseDto,
  WarehouseRowDto,
  WarehouseSetLineDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import { iso, isoOrNull } from "../../lib/iso";
import type { BoardRow, BoardSetPart } from "./warehouse.queries";

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
    ...(row.unitsOut ? { units_out: row.unitsOut } : {}),
    outgoing,
    returning,
  };
}

/** The case a group of board rows belongs to (its own period, which the rows' periods may differ from). */
export function presentBoardCase(
  row: BoardRow,
  rows: WarehouseRowDto[],
  setParts: readonly BoardSetPart[] = [],
): WarehouseCaseDto {
  const dto: WarehouseCaseDto = {
    id: row.workCaseId,
    title: row.caseTitle,
    start_date: iso(row.caseStart),
    end_date: iso(row.caseEnd),
    rows,
  };
  const lines = presentSetLines(setParts, new Set(rows.map((r) => r.id)));
  if (lines.length > 0) dto.set_lines = lines;
  return dto;
}

/** The case's set lines (rows of `setParts`, in the query's order) with a part among the section's rows. */
function presentSetLines(
  setParts: readonly BoardSetPart[],
  shown: ReadonlySet<number>,
): WarehouseSetLineDto[] {
  const lines = new Map<number, WarehouseSetLineDto>();
  for (const p of setParts) {
    let line = lines.get(p.lineId);
    if (!line) {
      line = { id: p.lineId, title: p.title, quantity: p.sets, parts: [] };
      lines.set(p.lineId, line);
    }
    line.parts.push({
      order_item: p.orderItemId,
      item: p.itemId,
      title: p.itemTitle,
      quantity: p.sets * p.perSet,
    });
  }
  return [...lines.values()].filter((line) => line.parts.some((p) => shown.has(p.order_item)));
}
