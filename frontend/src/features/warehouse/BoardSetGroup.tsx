import { ja } from "@zaiko/common/messages/ja";
import type { WarehouseRowDto, WarehouseSetLineDto } from "@zaiko/common/warehouse/warehouse.schema";
import { PlainButton } from "../../components/plain/PlainButton";
import type { ScanLine } from "../units";
import { BoardRow, type RowActions } from "./BoardRow";
import { setMoveKey } from "./useSetMove";

const t = ja.warehouse;

/** The set's tracked parts (their rows carry `units_out`), each with what one tap issues: sets × per set. */
function trackedParts(line: WarehouseSetLineDto, rows: WarehouseRowDto[]): ScanLine[] {
  return line.parts.flatMap((part) => {
    const row = rows.find((r) => r.id === part.order_item);
    return row?.units_out ? [{ ...row, count: part.quantity }] : [];
  });
}

/**
 * A set booked on the case (docs/sets.md): its title, number of sets and what one tap moves (each part's units
 * for the sets), the two buttons that issue or receive the whole set in one request, then its parts' rows with
 * their own toggles (part by part, a lost part reported on its row as for any item).
 */
export function BoardSetGroup({
  line,
  rows,
  overdue,
  actions,
}: {
  line: WarehouseSetLineDto;
  rows: WarehouseRowDto[];
  overdue: boolean;
  actions: RowActions;
}) {
  const headingId = `wh-set-${line.id}-${rows[0]?.id ?? 0}`;
  const button = (kind: "issue" | "receive", label: string, className: string) => (
    <PlainButton
      className={className}
      label={label}
      loading={actions.pending.has(setMoveKey(line.id, kind))}
      ariaLabel={t.toggleLabel(label, line.title)}
      onClick={() => {
        // A tracked part names its units (docs/units.md): the set's issue asks for them in the same step.
        const tracked = kind === "issue" ? trackedParts(line, rows) : [];
        if (tracked.length > 0 && actions.onSetUnitScan) actions.onSetUnitScan(line, tracked);
        else actions.onSetMove?.(line, kind);
      }}
    />
  );
  return (
    <li className="wh-set" aria-labelledby={headingId}>
      <div className="wh-set-head">
        <div className="wh-set-main">
          <span className="wh-set-title" id={headingId}>
            {line.title}
          </span>
          <span className="wh-row-qty">{t.sets(line.quantity)}</span>
          <span className="wh-set-parts">{t.setParts(line.parts)}</span>
        </div>
        <div className="wh-row-actions">
          {button("issue", t.setIssue, "wh-toggle")}
          {button("receive", t.setReceive, "p-button-success wh-toggle")}
        </div>
      </div>
      <ul className="wh-rows wh-set-rows">
        {rows.map((row) => (
          <BoardRow key={row.id} row={row} overdue={overdue} actions={actions} />
        ))}
      </ul>
    </li>
  );
}
