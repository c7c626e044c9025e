import { ja } from "@zaiko/common/messages/ja";
import type { SubRentalDto } from "@zaiko/common/subrentals/subrentals.schema";
import { displayDateTime } from "../../lib/dateTime";
import { useListSubRentalsQuery } from "./subrentalsApi";
import "./subrentals.css";

const t = ja.subrentals;

const overdue = (row: SubRentalDto) => row.status === "received" && Date.parse(row.end_date) < Date.now();

/**
 * アイテム詳細's 外部手配 (docs/subrental.md): the item's hires — supplier, quantity, period, status, and the units
 * lost or broken at a customer — newest first; live (the list refetches on every sub-rental event of the group).
 */
export function ItemHires({ itemId }: { itemId: number }) {
  const { data } = useListSubRentalsQuery({ item: itemId });
  if (!data) return null;
  return (
    <section className="item-hires" aria-labelledby={`item-hires-${itemId}`}>
      <h3 id={`item-hires-${itemId}`}>{t.itemHires}</h3>
      {data.length === 0 ? (
        <p>{t.itemHiresNone}</p>
      ) : (
        <ul className="subrental-list">
          {data.map((row) => {
            const losses = t.lossSummary(row.lost_quantity, row.broken_quantity);
            return (
              <li key={row.id} className={`subrental-row subrental-${row.status}`}>
                <div className="subrental-main">
                  <strong>{row.supplier_name}</strong> × {row.quantity}
                  <span className="subrental-status">{t.statuses[row.status]}</span>
                  {overdue(row) ? <span className="subrental-overdue">{t.overdue}</span> : null}
                </div>
                <div>
                  {displayDateTime(row.start_date)} 〜 {displayDateTime(row.end_date)}
                  {row.case_title ? `　${t.forCase}：${row.case_title}` : ""}
                </div>
                {losses ? (
                  <div className="subrental-alert">
                    {losses}（{t.tellSupplier(row.supplier_name)}）
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
