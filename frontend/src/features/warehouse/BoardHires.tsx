import { ja } from "@zaiko/common/messages/ja";
import type { WarehouseHireDto } from "@zaiko/common/warehouse/warehouse.schema";
import { Button } from "primereact/button";
import { formatBusinessDateTime } from "../../lib/dateTime";

const s = ja.subrentals;

/**
 * 外部手配's rows of a board section (docs/subrental.md): hires arriving (入荷) and going back (返却) that day, or,
 * in the overdue area, hires here past their 返却予定. A 返却 gives back the quantity less the units lost at a
 * customer; lost or broken units are named, with the reminder that the supplier must be told.
 */
export function BoardHires({
  hires,
  overdue = false,
  onHire,
}: {
  hires: readonly WarehouseHireDto[];
  overdue?: boolean;
  onHire?: (hire: WarehouseHireDto) => void;
}) {
  if (hires.length === 0) return null;
  return (
    <article className={`wh-case wh-hires${overdue ? " wh-hires--overdue" : ""}`} aria-label={s.title}>
      <header className="wh-case-head">
        <span className="wh-case-title">{overdue ? s.overdueBoardTitle : s.title}</span>
      </header>
      <ul className="wh-rows">
        {hires.map((hire) => {
          const word = hire.kind === "arrive" ? s.receive : s.giveBack;
          const back = hire.kind === "return" ? (hire.return_quantity ?? hire.quantity) : hire.quantity;
          const losses = s.lossSummary(hire.lost_quantity ?? 0, hire.broken_quantity ?? 0);
          return (
            <li key={`${hire.kind}-${hire.sub_rental_id}`} className="wh-hire-row">
              <span>
                {overdue ? <span className="wh-hire-late">{s.overdue}</span> : null}
                {word}：<strong>{hire.item_title}</strong> × {back}（{hire.supplier_name}）
                {formatBusinessDateTime(hire.at) ?? ""}
                {hire.case_title ? ` ${s.forCase}：${hire.case_title}` : ""}
                {losses ? (
                  <span className="wh-hire-loss">
                    {losses}（{s.tellSupplier(hire.supplier_name)}）
                  </span>
                ) : null}
              </span>
              {onHire ? (
                <Button
                  type="button"
                  size="small"
                  label={word}
                  aria-label={`${hire.item_title}を${word}（${hire.supplier_name}）`}
                  onClick={() => onHire(hire)}
                />
              ) : null}
            </li>
          );
        })}
      </ul>
    </article>
  );
}
