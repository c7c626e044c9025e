import { ja } from "@zaiko/common/messages/ja";
import type { OverdueWarningDto } from "@zaiko/common/orderitems/outages.schema";
import type {
  WarehouseCaseDto,
  WarehouseHireDto,
  WarehouseRowDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import { ExclamationTriangleIcon } from "primereact/icons/exclamationtriangle";
import { Link } from "react-router-dom";
import { OverdueWarningList } from "../../components/OverdueWarningList";
import { formatBusinessDateTime } from "../../lib/dateTime";
import { BoardHires } from "./BoardHires";
import { BoardRow, type RowActions } from "./BoardRow";
import { BoardSetGroup } from "./BoardSetGroup";

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
  /** 外部手配 rows of the day (入荷 / 返却) or, overdue, past their 返却予定; and what their button does. */
  hires?: WarehouseHireDto[];
  onHire?: (hire: WarehouseHireDto) => void;
}

/**
 * The case's rows as its set groups (each over its parts' rows, a row under the first set that has it) and the
 * rows of no set, in the server's orders (docs/sets.md).
 */
function groupsOf(c: WarehouseCaseDto) {
  const placed = new Set<number>();
  const byId = new Map(c.rows.map((r) => [r.id, r]));
  const sets = (c.set_lines ?? []).map((line) => {
    const rows: WarehouseRowDto[] = [];
    for (const part of line.parts) {
      const row = byId.get(part.order_item);
      if (row && !placed.has(row.id)) {
        placed.add(row.id);
        rows.push(row);
      }
    }
    return { line, rows };
  });
  return { sets, alone: c.rows.filter((r) => !placed.has(r.id)) };
}

/** A section of the board (期限超過, today, tomorrow): its cases, each with its rows. */
export function BoardSection({
  id,
  title,
  hint,
  cases,
  overdue = false,
  warnings,
  actions,
  hires = [],
  onHire,
}: Props) {
  const headingId = `wh-${id}`;
  return (
    <section className={`wh-section${overdue ? " wh-section--overdue" : ""}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="wh-section-title">
        {overdue ? <ExclamationTriangleIcon className="app-icon" aria-hidden="true" /> : null}
        {title}
      </h2>
      {hint ? <p className="wh-section-hint">{hint}</p> : null}
      {cases.length === 0 && hires.length === 0 ? <p className="wh-empty">{t.emptyDay}</p> : null}
      <BoardHires hires={hires} overdue={overdue} onHire={onHire} />
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
          <CaseRows c={c} overdue={overdue} actions={actions} />
        </article>
      ))}
    </section>
  );
}

function CaseRows({ c, overdue, actions }: { c: WarehouseCaseDto; overdue: boolean; actions: RowActions }) {
  const { sets, alone } = groupsOf(c);
  return (
    <ul className="wh-rows">
      {sets.map(({ line, rows }) => (
        <BoardSetGroup key={`set-${line.id}`} line={line} rows={rows} overdue={overdue} actions={actions} />
      ))}
      {alone.map((row) => (
        <BoardRow key={row.id} row={row} overdue={overdue} actions={actions} />
      ))}
    </ul>
  );
}
