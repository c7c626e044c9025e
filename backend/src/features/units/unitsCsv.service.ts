import { formatDateTime } from "@zaiko/common/dates";
import { ja } from "@zaiko/common/messages/ja";
import { unitStatusText } from "@zaiko/common/units/unitStatus";
import { toCsv } from "../../lib/csv";
import { HttpError } from "../../lib/httpError";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { findItem } from "../items";
import { presentUnit } from "./units.presenter";
import { unitsOfGroup } from "./units.queries";

const U = ja.units;

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
      unitStatusText(u),
      u.out?.work_case_title ?? "",
      u.repairs,
      formatDateTime(u.created, deps.config.timeZone) ?? "",
    ]),
  );
}
