import type { WarehouseBoardDto } from "@zaiko/common/warehouse/warehouse.schema";
import { caseLists } from "./boardUpdates";

/** What a scanner or a person typed, compared loosely: full-width forms, case and outer spaces ignored. */
export function normalizeScan(value: string): string {
  return value.normalize("NFKC").trim().toLocaleLowerCase("ja");
}

/**
 * The order item ids whose item a scan names: an item id (digits), or an item title. Exact matches win
 * (a barcode carries the whole title or id); when there is none, titles containing the text match, so a
 * person can type part of a name.
 */
export function matchScan(board: WarehouseBoardDto, raw: string): number[] {
  const q = normalizeScan(raw);
  if (q === "") return [];
  const rows = caseLists(board).flatMap((list) => list.flatMap((c) => c.rows));
  const unique = (ids: number[]) => [...new Set(ids)];
  const exact = rows.filter((r) => String(r.item.id) === q || normalizeScan(r.item.title) === q);
  if (exact.length > 0) return unique(exact.map((r) => r.id));
  return unique(rows.filter((r) => normalizeScan(r.item.title).includes(q)).map((r) => r.id));
}

/**
 * How many rows of the board show these order items: one order item can show twice (out today, back
 * tomorrow; overdue and due today), and the scan result counts what is highlighted.
 */
export function countScanRows(board: WarehouseBoardDto, ids: ReadonlySet<number>): number {
  return caseLists(board)
    .flatMap((list) => list.flatMap((c) => c.rows))
    .filter((r) => ids.has(r.id)).length;
}
