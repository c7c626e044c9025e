import { ja } from "@zaiko/common/messages/ja";
import type { OverdueWarningDto } from "@zaiko/common/orderitems/outages.schema";
import type { WarehouseCaseDto } from "@zaiko/common/warehouse/warehouse.schema";
import { ExclamationTriangleIcon } from "primereact/icons/exclamationtriangle";
import { Link } from "react-router-dom";
import { OverdueWarningList } from "../../components/OverdueWarningList";
import { formatBusinessDateTime } from "../../lib/dateTime";
import { BoardRow, type RowActions } from "./BoardRow";

const t = ja.warehouse;

interface Props {
  id: string;
  title: string;
  hint?: string;
  cases: WarehouseCaseDto[];
  overdue?: boolean;
  /** Per case id: other cases' overdue units leave it short (shown under the case's head). */
  warnings?: ReadonlyMap<number, OverdueWarningDto[]>;
  actions: RowActions;
}

/** A section of the board (期限超過, today, tomorrow): its cases, each with its rows. */
export function BoardSection({ id, title, hint, cases, overdue = false, warnings, actions }: Props) {
  const headingId = `wh-${id}`;
  return (
    <section className={`wh-section${overdue ? " wh-section--overdue" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="wh-section-title">
        {overdue ? <ExclamationTriangleIcon className="app-icon" aria-hidden="true" /> : null}
        {title}
      </h2>
      {hint ? <p className="wh-section-hint">{hint}</p> : null}
      {cases.length === 0 ? <p className="wh-empty">{t.emptyDay}</p> : null}
      {cases.map((c) => (
        <article key={c.id} className="wh-case" aria-label={c.title}>
          <header className="wh-case-head">
            <Link to={`/orderitemslist/${c.id}`} className="wh-case-title">
              {c.title}
            </Link>
            <span className="wh-case-period">
              {ja.orderitems.period(
                formatBusinessDateTime(c.start_date) ?? "",
                formatBusinessDateTime(c.end_date) ?? "",
              )}
            </span>
          </header>
          <OverdueWarningList warnings={warnings?.get(c.id)} compact />
          <ul className="wh-rows">
            {c.rows.map((row) => (
              <BoardRow key={row.id} row={row} overdue={overdue} actions={actions} />
            ))}
          </ul>
        </article>
      ))}
    </section>
  );
}
