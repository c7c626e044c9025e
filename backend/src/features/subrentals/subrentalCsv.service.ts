import { formatDateTime } from "@zaiko/common/dates";
import { ja } from "@zaiko/common/messages/ja";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { listSubRentals } from "./subrentals.queries";

/**
 * The monthly CSV (docs/subrental.md): every sub-rental of the group whose period meets the month, by start —
 * supplier, item, quantity, period, case, cost memo, status, and the hired units lost and broken at a customer
 * (the supplier charges for them). Cancelled ones are listed (the supplier may charge).
 */
export async function subRentalCsvRows(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  range: { from: Date; to: Date },
): Promise<string[][]> {
  const rows = await listSubRentals(deps.database.db, actor.groupId, range);
  const zone = deps.config.timeZone;
  return rows
    .reverse()
    .map(({ row, supplierName, itemTitle, caseTitle, lostQuantity, brokenQuantity }) => [
      supplierName,
      itemTitle,
      String(row.quantity),
      formatDateTime(row.startDate, zone) ?? "",
      formatDateTime(row.endDate, zone) ?? "",
      row.workCaseId === null ? "" : (caseTitle ?? ""),
      row.costMemo,
      ja.subrentals.statuses[row.status],
      String(Number(lostQuantity)),
      String(Number(brokenQuantity)),
    ]);
}
