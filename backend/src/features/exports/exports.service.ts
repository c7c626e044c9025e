import { ja } from "@zaiko/common/messages/ja";
import { httpError } from "../../lib/httpError";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { type ExportCase, type ExportRow, findCaseInGroup, orderItemsOfCase } from "./exports.queries";

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

/** The case (of the caller's group) and the rows to export; 404 when the case is not the group's. */
export async function caseForExport(
  deps: ReadDeps,
  actor: AuthUser,
  caseId: number,
  ids: number[],
): Promise<{ workCase: ExportCase; rows: ExportRow[] }> {
  const db = deps.database.db;
  const workCase = await findCaseInGroup(db, actor.groupId, caseId);
  if (!workCase) throw httpError(404, ja.errors.notFound);
  const rows = await orderItemsOfCase(db, actor.groupId, caseId);
  return { workCase, rows: selectRows(rows, ids) };
}
