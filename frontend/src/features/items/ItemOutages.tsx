import { ja } from "@zaiko/common/messages/ja";
import type { OutageDto } from "@zaiko/common/orderitems/outages.schema";
import { Button } from "primereact/button";
import { useState } from "react";
import { businessDay, displayDateTime } from "../../lib/dateTime";
import { serverDetail } from "../../lib/errors";
import { useItemOutagesQuery, useResolveOutageMutation } from "./outagesApi";

const t = ja.outages;

const kindLabel = (o: OutageDto) => (o.kind === "lost" ? t.lostKind : t.brokenKind);

/** 外部手配：{取引先} for hired units (docs/subrental.md); null for the item's own. */
const hiredMark = (o: OutageDto) =>
  o.sub_rental === null ? null : ja.subrentals.packLine(o.supplier_name ?? "");

/**
 * The item detail's units out of service (紛失・故障, docs/lifecycle.md): how many can be used now, each open
 * report with who reported it when (and the repair date), and its 発見 / 修理完了 action. Live. Hired units
 * (外部手配, docs/subrental.md) are listed with their supplier and the same action, but are not counted out of the
 * item's own stock: they lower their hire only.
 */
export function ItemOutages({ itemId, stock }: { itemId: number; stock: number }) {
  const outages = useItemOutagesQuery(itemId, { refetchOnMountOrArgChange: true });
  const [resolve, { isLoading }] = useResolveOutageMutation();
  const [error, setError] = useState<string | null>(null);
  const list = outages.data ?? [];
  const out = list.reduce((sum, o) => sum + (o.sub_rental === null ? o.quantity : 0), 0);
  return (
    <section className="item-outages" aria-label={t.title}>
      <h3>{t.title}</h3>
      {/* Not a second dl: the detail's own list ends with the created date (its last dd). */}
      <div className="item-outage-counts">
        <span>{t.outOfService}</span>
        <strong data-testid="item-out-of-service">{outages.data ? `${out}` : "…"}</strong>
        <span>{t.availableNow}</span>
        <strong data-testid="item-available-now">{outages.data ? `${Math.max(0, stock - out)}` : "…"}</strong>
      </div>
      {outages.isError ? <p role="alert">{t.fetchFailed}</p> : null}
      {outages.data && list.length === 0 ? <p className="item-outages-none">{t.none}</p> : null}
      {list.length > 0 ? (
        <ul className="item-outages-list">
          {list.map((o) => {
            const action = o.kind === "lost" ? t.found : t.repaired;
            const hired = hiredMark(o);
            const name = `${(o.kind === "lost" ? t.foundLabel : t.repairedLabel)(
              kindLabel(o),
              o.quantity,
              o.work_case_title,
            )}${hired ? `・${hired}` : ""}`;
            return (
              <li key={o.id}>
                <div>
                  <strong>{t.line(kindLabel(o), o.quantity, o.work_case_title)}</strong>
                  {hired ? <div className="item-outages-hired">{hired}</div> : null}
                  <div className="item-outages-meta">
                    {t.reported(displayDateTime(o.at), o.member_name || ja.movements.unknownMember)}
                    {o.repair_due ? `・${t.repairDue(businessDay(o.repair_due) ?? "")}` : null}
                  </div>
                </div>
                <Button
                  type="button"
                  label={action}
                  aria-label={name}
                  size="small"
                  severity="success"
                  outlined
                  disabled={isLoading}
                  onClick={() => {
                    setError(null);
                    resolve({ id: o.id, itemId })
                      .unwrap()
                      .catch((err) => setError(serverDetail(err) ?? t.resolveFailed));
                  }}
                />
              </li>
            );
          })}
        </ul>
      ) : null}
      {error ? (
        <p className="mv-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
