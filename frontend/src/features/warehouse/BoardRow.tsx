import { ja } from "@zaiko/common/messages/ja";
import type { WarehouseRowDto } from "@zaiko/common/warehouse/warehouse.schema";
import { type MovableRow, type MovementKind, MovementProgress } from "../../components/movements";
import { PlainButton } from "../../components/plain/PlainButton";
import { businessTimeOfDay, formatBusinessDateTime } from "../../lib/dateTime";

const t = ja.warehouse;

export type TimingKind = "issue" | "receive";

/** What a row needs from the page: in-flight toggles, scan hits, and the toggle itself. */
export interface RowActions {
  /** "<id>:issue" / "<id>:receive" of the toggles in flight. */
  pending: ReadonlySet<string>;
  /** Order item ids the last scan found. */
  found: ReadonlySet<number>;
  onToggle: (row: WarehouseRowDto, kind: TimingKind) => void;
  /** Opens the quantity dialog (出庫 or 入庫 of some units). */
  onOpenMovement: (row: MovableRow, kind: MovementKind) => void;
}

/** HH:mm in the business zone. */
export const timeOf = businessTimeOfDay;

function Status({ row }: { row: WarehouseRowDto }) {
  if (row.receive) return <span className="wh-status wh-status--received">{t.received}</span>;
  if (row.issue) return <span className="wh-status wh-status--issued">{t.issued}</span>;
  return <span className="wh-status wh-status--waiting">{t.notIssued}</span>;
}

/** One shipped item: title, quantity, when it moves, its status and the two big toggles. */
export function BoardRow({
  row,
  overdue,
  actions,
}: { row: WarehouseRowDto; overdue: boolean } & { actions: RowActions }) {
  const issued = Boolean(row.issue);
  const received = Boolean(row.receive);
  const found = actions.found.has(row.id);
  const issueLabel = issued ? t.unissue : t.issue;
  const receiveLabel = received ? t.unreceive : t.receive;
  return (
    <li
      className={`wh-row${found ? " wh-row--found" : ""}${overdue && !received ? " wh-row--overdue" : ""}`}
      data-row-id={row.id}
      aria-current={found ? "true" : undefined}
    >
      <div className="wh-row-main">
        <span className="wh-row-title">{row.item.title}</span>
        <span className="wh-row-qty">{t.quantity(row.order_quantity)}</span>
        <span className="wh-row-category">{row.item.category_name}</span>
      </div>
      <div className="wh-row-when">
        {overdue ? (
          <span className="wh-when wh-when--late">
            {t.dueSince(formatBusinessDateTime(row.end_date) ?? "")}
          </span>
        ) : (
          <>
            {row.outgoing ? (
              <span className="wh-when wh-when--out">{t.outgoingAt(timeOf(row.start_date))}</span>
            ) : null}
            {row.returning ? (
              <span className="wh-when wh-when--in">{t.returningAt(timeOf(row.end_date))}</span>
            ) : null}
          </>
        )}
        <Status row={row} />
        <MovementProgress
          row={{
            id: row.id,
            title: row.item.title,
            order_quantity: row.order_quantity,
            issued_quantity: row.issued_quantity,
            received_quantity: row.received_quantity,
          }}
          onOpen={actions.onOpenMovement}
        />
      </div>
      {/* PlainButton: PrimeReact's Button markup without its per-instance work, two on every row. */}
      <div className="wh-row-actions">
        <PlainButton
          className={issued ? "p-button-secondary p-button-outlined wh-toggle" : "wh-toggle"}
          label={issueLabel}
          loading={actions.pending.has(`${row.id}:issue`)}
          ariaLabel={t.toggleLabel(issueLabel, row.item.title)}
          onClick={() => actions.onToggle(row, "issue")}
        />
        <PlainButton
          className={
            received ? "p-button-secondary p-button-outlined wh-toggle" : "p-button-success wh-toggle"
          }
          label={receiveLabel}
          loading={actions.pending.has(`${row.id}:receive`)}
          ariaLabel={t.toggleLabel(receiveLabel, row.item.title)}
          onClick={() => actions.onToggle(row, "receive")}
        />
      </div>
    </li>
  );
}
