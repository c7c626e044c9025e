import { formatDateTime } from "@zaiko/common/dates";
import { ja } from "@zaiko/common/messages/ja";
import { toCsv } from "../../lib/csv";
import { HttpError } from "../../lib/httpError";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { findItem } from "../items";
import { presentUnit } from "./units.presenter";
import { unitsOfGroup } from "./units.queries";

const U = ja.units;

/** The words of a unit's state in the CSV (as the item screen shows it). */
function stateWord(u: ReturnType<typeof presentUnit>): string {
  switch (u.status) {
    case "in":
      return U.stateIn;
    case "out":
      return U.stateOut(u.out?.work_case_title ?? "");
    case "lost":
      return U.stateLost;
    case "broken":
      return U.stateBroken;
    case "retired":
      return U.stateRetired;
  }
}

/** GET /api/units/export/[?item=]: every unit of the group (or of one item), UTF-8 with BOM, CRLF. */
export async function unitsCsv(deps: ReadDeps & ZoneDeps, actor: AuthUser, itemId?: number): Promise<string> {
  const db = deps.database.db;
  if (itemId !== undefined && !(await findItem(db, actor.groupId, itemId))) {
    throw new HttpError(404, { detail: ja.errors.notFound });
  }
  const rows = (await unitsOfGroup(db, actor.groupId, itemId)).map(presentUnit);
  return toCsv(
    [...U.csvHeader],
    rows.map((u) => [
      u.tag,
      u.item_title,
      u.category_name,
      u.serial,
      u.memo,
      stateWord(u),
      u.out?.work_case_title ?? "",
      u.repairs,
      formatDateTime(u.created, deps.config.timeZone) ?? "",
    ]),
  );
}
