import { ja } from "@zaiko/common/messages/ja";
import type { UnitDto } from "@zaiko/common/units/units.schema";

const U = ja.units;

export type UnitScanKind = "issue" | "receive";

/** The line whose units are scanned: a board row or an order item of the shipped item list. */
export interface ScanLine {
  id: number;
  item: { id: number; title: string };
  order_quantity: number;
  issued_quantity: number;
  received_quantity: number;
  /** How many units this scan moves when not what is left on the line (a set's part: sets × units per set). */
  count?: number;
}
export type Disposition = "returned" | "lost" | "broken";
export interface UnitRead {
  unit: UnitDto;
  disposition: Disposition;
}

/**
 * Whether a scanned unit may join the list of a line's 出庫 / 入庫 (docs/units.md): the refusal in words, or
 * null. Several lines (a set's tracked parts) take each the units of its item. The server checks the same
 * again when the list is sent.
 */
export function refusalOf(
  lines: ScanLine | readonly ScanLine[],
  kind: UnitScanKind,
  reads: readonly UnitRead[],
  unit: UnitDto,
): string | null {
  const all = Array.isArray(lines) ? lines : [lines as ScanLine];
  const row = all.find((l) => l.item.id === unit.item);
  if (!row) return U.notThisItem(unit.tag, all.map((l) => l.item.title).join("、"));
  if (reads.some((r) => r.unit.id === unit.id)) return U.alreadyScanned(unit.tag);
  if (kind === "issue") {
    if (unit.status === "retired") return U.retiredUnit(unit.tag);
    if (unit.status === "out") return U.outElsewhere(unit.out?.work_case_title ?? "");
    if (unit.status === "lost") return U.lostNow(unit.tag);
    if (unit.status === "broken") return U.brokenNow(unit.tag);
    const left = unitsToScan(row, kind);
    if (reads.filter((r) => r.unit.item === row.item.id).length >= left) return U.tooMany(left);
    return null;
  }
  if (unit.out?.order_item === row.id) return null;
  if (unit.status === "out") return U.outElsewhere(unit.out?.work_case_title ?? "");
  return U.notOutHere(unit.tag);
}

/** How many units the scan is for: what is left to issue, or what is out on the line. */
export const unitsToScan = (row: ScanLine, kind: UnitScanKind) =>
  row.count ??
  (kind === "issue" ? row.order_quantity - row.issued_quantity : row.issued_quantity - row.received_quantity);

/** The body of POST /api/orderitems/{id}/issue/ or …/receive/ for the units read. */
export function unitMoveBody(kind: UnitScanKind, reads: readonly UnitRead[], repairDue: string | null) {
  const ids = (d: Disposition) => reads.filter((r) => r.disposition === d).map((r) => r.unit.id);
  if (kind === "issue") return { quantity: reads.length, units: ids("returned") };
  const broken = ids("broken");
  return {
    quantity: ids("returned").length,
    units: ids("returned"),
    lost: ids("lost").length,
    lost_units: ids("lost"),
    broken: broken.length,
    broken_units: broken,
    ...(broken.length > 0 ? { repair_due: repairDue } : {}),
  };
}
