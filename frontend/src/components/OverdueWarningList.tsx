import { ja } from "@zaiko/common/messages/ja";
import type { OverdueWarningDto } from "@zaiko/common/orderitems/outages.schema";
import { ExclamationTriangleIcon } from "primereact/icons/exclamationtriangle";
import { displayDateTime } from "../lib/dateTime";
import "./allocation.css";

const t = ja.outages;

/**
 * The overdue warning (延滞, docs/lifecycle.md) as 案件詳細, the shipped item list and the warehouse board show
 * it: the case's items other cases have not brought back after their end leave short. Nothing when none.
 */
export function OverdueWarningList({
  warnings,
  compact = false,
}: {
  warnings: readonly OverdueWarningDto[] | undefined;
  compact?: boolean;
}) {
  if (!warnings || warnings.length === 0) return null;
  return (
    <div className={`overdue-warning${compact ? " overdue-warning--compact" : ""}`} role="alert">
      <ExclamationTriangleIcon className="app-icon" aria-hidden="true" />
      <div>
        <strong>{t.overdueTitle}</strong>
        <ul>
          {warnings.map((w) => (
            <li key={w.item_id}>
              {t.overdueLine(w.title, w.required, w.available)}
              <ul>
                {w.overdue.map((o) => (
                  <li key={o.case_id}>
                    {t.overdueFrom(o.case_title, o.quantity, displayDateTime(o.end_date))}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
