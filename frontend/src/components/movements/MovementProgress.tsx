import { ja } from "@zaiko/common/messages/ja";
import { PlainButton } from "../plain/PlainButton";
import type { MovableRow, MovementKind } from "./movementsApi";
import "./movements.css";

const t = ja.movements;

/**
 * 出庫済 n/N and 入庫済 n/N of a shipped item, each a button that opens the quantity dialog of that kind.
 * Complete counts are green; a partial one is amber, so a line half out stands out on the list and board.
 * PrimeReact's Button markup without its component (PlainButton): every row of the board and the lists
 * has two, and PrimeReact's per-instance work (styles, pass-through props) made the first render slow.
 */
export function MovementProgress({
  row,
  onOpen,
}: {
  row: MovableRow;
  onOpen: (row: MovableRow, kind: MovementKind) => void;
}) {
  const part = (kind: MovementKind, n: number, label: string, action: string) => {
    const state = n === 0 ? "none" : n >= row.order_quantity ? "all" : "part";
    return (
      <PlainButton
        className={`p-button-sm p-button-text mv-progress mv-progress--${state}`}
        label={label}
        // Not "出庫：{title}": the spec's toggle on the board is named so.
        ariaLabel={`${row.title}：${label}（${action}）`}
        onClick={() => onOpen(row, kind)}
      />
    );
  };
  return (
    <span className="mv-progress-group">
      {part("issue", row.issued_quantity, t.issuedOf(row.issued_quantity, row.order_quantity), t.issueSome)}
      {part(
        "receive",
        row.received_quantity,
        t.receivedOf(row.received_quantity, row.order_quantity),
        t.receiveSome,
      )}
    </span>
  );
}
