import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { PencilIcon } from "primereact/icons/pencil";
import { Link } from "react-router-dom";
import { type DataTableColumn, dataTableColumnHelper, Words } from "../../components/DataTable";
import { primeIcon } from "../../components/icons/primeIcon";
import {
  type MovableRow,
  type MovementKind,
  MovementProgress,
  movableOrderItem,
} from "../../components/movements";
import type { OrderItemDto } from "../../lib/allocation";
import { displayDateTime, displayOptionalDateTime, instantOf } from "../../lib/dateTime";
import { UnitsOutLine } from "./UnitsOutLine";

const t = ja.orderitems;
const helper = dataTableColumnHelper<OrderItemDto>();
const editIcon = primeIcon(PencilIcon);

export type TimingKind = "issue" | "receive";

interface Actions {
  caseId: number;
  /** "<id>:issue" / "<id>:receive" of the rows whose change is in flight. */
  pending: ReadonlySet<string>;
  onToggle: (orderItem: OrderItemDto, kind: TimingKind) => void;
  onEdit: (orderItem: OrderItemDto) => void;
  /** Opens the quantity dialog (出庫 or 入庫 of some units). */
  onOpenMovement: (row: MovableRow, kind: MovementKind) => void;
}

/** Columns of the shipped item list (spec §2), in the spec's order. */
export function orderItemListColumns({
  caseId,
  pending,
  onToggle,
  onEdit,
  onOpenMovement,
}: Actions): DataTableColumn<OrderItemDto>[] {
  const dateColumn = (id: "start_date" | "end_date" | "issue" | "receive", header: string) =>
    helper.accessor((o) => instantOf(o[id]), {
      id,
      header,
      enableGlobalFilter: false,
      // May break between the day and the time (at the space only): four dates on one line pushed
      // 入庫時刻 and ノート out of a 1366 px screen.
      meta: { className: "col-datetime" },
      cell: ({ row }) =>
        id === "issue" || id === "receive"
          ? displayOptionalDateTime(row.original[id])
          : displayDateTime(row.original[id]),
    });
  return helper.columns([
    helper.accessor((o) => o.items.title, {
      id: "title",
      header: t.item,
      cell: ({ row }) => <Words>{row.original.items.title}</Words>,
    }),
    helper.accessor("order_quantity", {
      id: "order_quantity",
      header: t.orderQuantity,
      enableGlobalFilter: false,
      meta: { nowrap: true, className: "col-number" },
      // DOMAIN.md: the spec's /orderitems/{quantity} is read as the case detail.
      cell: ({ row }) => <Link to={`/orderitems/${caseId}`}>{row.original.order_quantity}</Link>,
    }),
    helper.display({
      id: "moved",
      header: ja.movements.column,
      meta: { nowrap: true },
      // A tracked line lists its units out below (docs/units.md); a count line shows the buttons alone.
      // One box: the phone's stacked row puts a cell's content beside its label as one grid item.
      cell: ({ row }) => (
        <div className="oi-moved">
          <MovementProgress row={movableOrderItem(row.original)} onOpen={onOpenMovement} />
          <UnitsOutLine units={row.original.units_out} />
        </div>
      ),
    }),
    helper.display({
      id: "actions",
      header: t.actions,
      meta: { nowrap: true },
      cell: ({ row }) => {
        const o = row.original;
        const issued = Boolean(o.issue);
        const received = Boolean(o.receive);
        return (
          <div className="row-actions">
            <Button
              type="button"
              size="small"
              label={issued ? t.unissue : t.issue}
              severity={issued ? "secondary" : undefined}
              outlined={issued}
              loading={pending.has(`${o.id}:issue`)}
              aria-label={`${issued ? t.unissue : t.issue}: ${o.items.title}`}
              onClick={() => onToggle(o, "issue")}
            />
            <Button
              type="button"
              size="small"
              label={received ? t.unreceive : t.receive}
              severity={received ? "secondary" : "success"}
              outlined={received}
              loading={pending.has(`${o.id}:receive`)}
              aria-label={`${received ? t.unreceive : t.receive}: ${o.items.title}`}
              onClick={() => onToggle(o, "receive")}
            />
            <Button
              type="button"
              size="small"
              label={t.edit}
              icon={editIcon}
              outlined
              aria-label={`${t.edit}: ${o.items.title}`}
              onClick={() => onEdit(o)}
            />
          </div>
        );
      },
    }),
    helper.accessor("category", {
      id: "category",
      header: ja.orderitems.category,
      enableGlobalFilter: false,
      cell: ({ row }) => <Words>{row.original.category}</Words>,
    }),
    dateColumn("start_date", t.start),
    dateColumn("end_date", t.end),
    dateColumn("issue", t.issueTime),
    dateColumn("receive", t.receiveTime),
    helper.accessor("note", {
      id: "note",
      header: t.note,
      enableGlobalFilter: false,
      enableSorting: false,
      // Prose wraps anywhere; names and dates only between words (DataTable.css).
      meta: { className: "col-note" },
    }),
  ]) as DataTableColumn<OrderItemDto>[];
}
