import type { ExportRow, ExportSetPart } from "./exports.queries";

/**
 * A row of the sheet: a set line (its title and number of sets), one of its parts (the part's order item
 * with the units the line needs of it: sets × units per set), or an order item's units booked alone.
 */
export type ExportLine =
  | { kind: "set"; title: string; sets: number; categoryName: string | null }
  | { kind: "part"; row: ExportRow }
  | { kind: "item"; row: ExportRow };

/**
 * The sheet's rows (docs/sets.md, "Pack list and Excel"): every set line of the case first, each followed by
 * its parts, then the selected order items with only what was booked alone, so that a part's rows add up to
 * its order item's quantity. An order item wholly booked through sets has no plain row; its note goes on its
 * first part row instead. A case without set lines gets exactly the selected rows.
 */
export function exportLines(all: ExportRow[], selected: ExportRow[], parts: ExportSetPart[]): ExportLine[] {
  const byItem = new Map(all.map((row) => [row.itemId, row]));
  const need = new Map<number, number>();
  const lines: ExportLine[] = [];
  const firstPartRow = new Map<number, ExportRow>();
  let lineId: number | undefined;
  for (const part of parts) {
    if (part.lineId !== lineId) {
      lineId = part.lineId;
      lines.push({ kind: "set", title: part.lineTitle, sets: part.sets, categoryName: part.setCategoryName });
    }
    const orderItem = byItem.get(part.itemId);
    // Every part of a line has its order item (docs/sets.md); a row the sheet cannot back is left out.
    if (!orderItem) continue;
    const units = part.sets * part.perSet;
    need.set(part.itemId, (need.get(part.itemId) ?? 0) + units);
    const row = { ...orderItem, quantity: units, note: "" };
    if (!firstPartRow.has(part.itemId)) firstPartRow.set(part.itemId, row);
    lines.push({ kind: "part", row });
  }
  for (const row of selected) {
    const alone = row.quantity - (need.get(row.itemId) ?? 0);
    if (alone > 0)
      lines.push({ kind: "item", row: need.has(row.itemId) ? { ...row, quantity: alone } : row });
  }
  for (const [itemId, row] of firstPartRow) {
    const orderItem = byItem.get(itemId)!;
    if (orderItem.quantity <= (need.get(itemId) ?? 0)) row.note = orderItem.note;
  }
  return lines;
}
