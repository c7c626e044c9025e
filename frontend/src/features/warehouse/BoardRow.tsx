import { ja } from "@zaiko/common/messages/ja";
import type { WarehouseRowDto, WarehouseSetLineDto } from "@zaiko/common/warehouse/warehouse.schema";
import { type MovableRow, type MovementKind, MovementProgress } from "../../components/movements";
import { PlainButton } from "../../components/plain/PlainButton";
import { businessTimeOfDay, formatBusinessDateTime } from "../../lib/dateTime";
import type { ScanLine } from "../units";

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
  /** A tracked line's 出庫 / 入庫 by unit (docs/units.md): opens the scan dialog. */
  onUnitScan?: (row: WarehouseRowDto, kind: MovementKind) => void;
  /** Issues or receives a whole set line (its pending key in `pending`: setMoveKey). */
  onSetMove?: (line: WarehouseSetLineDto, kind: MovementKind) => void;
  /** A set's issue with tracked parts (docs/units.md): the scan of those parts' units, each with its count. */
  onSetUnitScan?: (line: WarehouseSetLineDto, parts: ScanLine[]) => void;
}

/** HH:mm in the business zone. */
export const timeOf = businessTimeOfDay;

/**
 * Where the line stands, in words a worker checks at a glance (docs/warehouse.md): 未出庫; 出庫 2/4 while
 * only part is out (amber: more is to go); 出庫済; 入庫 3/4 while part is back; 入庫済; and
 * 入庫 3・紛失 1 when everything is accounted for but some units were lost or broken (red: they did not
 * come back). The spec's times alone (issue / receive set) said 出庫済 for 2 of 4 and 入庫済 for a loss.
 */
/** Some units out, not all (a state without counts, issue set and 0 out, reads as the spec's 出庫済). */
const partlyIssued = (row: WarehouseRowDto) =>
  Boolean(row.issue) && row.issued_quantity > 0 && row.issued_quantity < row.order_quantity;

export function boardStatus(row: WarehouseRowDto): { text: string; tone: string } {
  const n = row.order_quantity;
  const out = row.lost_quantity + row.broken_quantity;
  if (row.receive && out > 0)
    return {
      text: t.receivedParts(row.received_quantity - out, row.lost_quantity, row.broken_quantity),
      tone: "lost",
    };
  if (row.receive) return { text: t.received, tone: "received" };
  if (row.received_quantity > 0) return { text: t.partlyReceived(row.received_quantity, n), tone: "partly" };
  if (partlyIssued(row)) return { text: t.partlyIssued(row.issued_quantity, n), tone: "partly" };
  if (row.issue) return { text: t.issued, tone: "issued" };
  return { text: t.notIssued, tone: "waiting" };
}

function Status({ row }: { row: WarehouseRowDto }) {
  const { text, tone } = boardStatus(row);
  return <span className={`wh-status wh-status--${tone}`}>{text}</span>;
}

/** One shipped item: title, quantity, when it moves, its status and the two big toggles. */
export function BoardRow({
  row,
  overdue,
  actions,
}: { row: WarehouseRowDto; overdue: boolean } & { actions: RowActions }) {
  // A line partly out: the big button issues the rest (the spec's PATCH {issue: now} issues what is left),
  // so nothing needs the small chip; 出庫解除 of the part stays in the chip's dialog (取り消し).
  const partlyOut = partlyIssued(row);
  const issued = Boolean(row.issue) && !partlyOut;
  const received = Boolean(row.receive);
  const partlyBack = !received && row.received_quantity > 0;
  const found = actions.found.has(row.id);
  const issueLabel = partlyOut
    ? t.issueRest(row.order_quantity - row.issued_quantity)
    : issued
      ? t.unissue
      : t.issue;
  const receiveLabel = received
    ? t.unreceive
    : partlyBack && row.issued_quantity > row.received_quantity
      ? t.receiveRest(row.issued_quantity - row.received_quantity)
      : t.receive;
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
        {row.units_out && row.units_out.length > 0 ? (
          <ul className="wh-units-out" aria-label={ja.units.unitsOut} data-testid="wh-units-out">
            {row.units_out.map((u) => (
              <li key={u.id} className="wh-unit-chip">
                {u.tag}
              </li>
            ))}
          </ul>
        ) : null}
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
          onClick={() =>
            // A tracked line names its units (docs/units.md): 出庫 opens the scan; 出庫解除 stays the toggle.
            row.units_out && actions.onUnitScan && (!issued || partlyOut)
              ? actions.onUnitScan(row, "issue")
              : actions.onToggle(partlyOut ? { ...row, issue: null } : row, "issue")
          }
        />
        <PlainButton
          className={
            received ? "p-button-secondary p-button-outlined wh-toggle" : "p-button-success wh-toggle"
          }
          label={receiveLabel}
          loading={actions.pending.has(`${row.id}:receive`)}
          ariaLabel={t.toggleLabel(receiveLabel, row.item.title)}
          onClick={() =>
            row.units_out && actions.onUnitScan && !received && row.units_out.length > 0
              ? actions.onUnitScan(row, "receive")
              : actions.onToggle(row, "receive")
          }
        />
      </div>
    </li>
  );
}
