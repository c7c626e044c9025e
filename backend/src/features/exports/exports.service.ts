import { ja } from "@zaiko/common/messages/ja";
import { readSnapshot } from "../../db/readSnapshot";
import { readTogether } from "../../db/readTogether";
import { httpError } from "../../lib/httpError";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { hiresOfCase } from "../subrentals";
import {
  type ExportCase,
  type ExportRow,
  findCaseInGroup,
  orderItemsOfCase,
  setLinePartsOfCase,
} from "./exports.queries";
import { type ExportLine, exportLines } from "./sheetRows.presenter";

/**
 * Picks and orders the case's rows by the client's ids: unknown or foreign ids are ignored, a repeated id
 * counts once. No ids means every row in the default order (end_date descending).
 */
export function selectRows(rows: ExportRow[], ids: number[]): ExportRow[] {
  if (ids.length === 0) return rows;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const picked: ExportRow[] = [];
  for (const id of ids) {
    const row = byId.get(id);
    if (!row) continue;
    picked.push(row);
    byId.delete(id);
  }
  return picked;
}

/**
 * The case (of the caller's group) and the sheet's rows: its set lines with their parts, then the selected
 * order items' units booked alone (docs/sets.md); 404 when the case is not the group's.
 */
export async function caseForExport(
  deps: ReadDeps,
  actor: AuthUser,
  caseId: number,
  ids: number[],
): Promise<{ workCase: ExportCase; lines: ExportLine[] }> {
  // One snapshot: a + or − of a set committed between two reads would otherwise show its units twice or
  // not at all (a part's order item read before it, the set line after it: a phantom row booked alone).
  const { workCase, ordered, parts, hires } = await readSnapshot(deps.database.db, async (tx) => {
    const workCase = await findCaseInGroup(tx, actor.groupId, caseId);
    if (!workCase) throw httpError(404, ja.errors.notFound);
    const [ordered, parts, hires] = await readTogether(tx, [
      () => orderItemsOfCase(tx, actor.groupId, caseId),
      () => setLinePartsOfCase(tx, actor.groupId, caseId),
      () => hiresOfCase(tx, actor.groupId, caseId),
    ]);
    return { workCase, ordered, parts, hires };
  });
  // Units hired for the case (外部手配, docs/subrental.md): 「外部手配：{取引先}」 in the item's note cell.
  const suppliers = new Map<number, string[]>();
  for (const h of hires) {
    const names = suppliers.get(h.itemId) ?? [];
    if (!names.includes(h.supplierName)) names.push(h.supplierName);
    suppliers.set(h.itemId, names);
  }
  const rows = ordered.map((row) => {
    const hired = (suppliers.get(row.itemId) ?? []).map(ja.subrentals.packLine);
    return hired.length === 0
      ? row
      : { ...row, note: [row.note, ...hired].filter((n) => n !== "").join("\n") };
  });
  return { workCase, lines: exportLines(rows, selectRows(rows, ids), parts) };
}
