import { ja } from "@zaiko/common/messages/ja";
import { type ReactNode, useMemo } from "react";
import { Link } from "react-router-dom";
import { DataTable, type DataTableColumn, dataTableColumnHelper, Words } from "../../components/DataTable";
import { ListIcon } from "../../components/icons/glyphs/ListIcon";
import type { OrderItemDto } from "../../lib/allocation";
import { byEndDateDesc } from "./orderItemSort";
import { UnitButton, UnitButtonPlaceholder, UnitClicksContext, useHasPendingClicks } from "./UnitButton";
import { UnitsOutLine } from "./UnitsOutLine";

const t = ja.orderitems;
const helper = dataTableColumnHelper<OrderItemDto>();
const getRowId = (o: OrderItemDto) => String(o.id);

interface Props {
  orderItems: OrderItemDto[];
  loading: boolean;
  /** Link to the shipped item list, with the case in the query. */
  listHref: string;
  busy: ReadonlySet<number>;
  /** Clicks on each item's '−' not answered yet. */
  pending: ReadonlyMap<number, number>;
  onReduce: (itemId: number) => void;
  /** The sets booked on the case, shown above its items booked alone (docs/sets.md). */
  setLines?: ReactNode;
}

/**
 * '−', gone while every unit booked is issued: the server refuses going below the units out (docs/lifecycle.md)
 * and a refused '−' is only logged (spec §8). Kept while its clicks are still being answered.
 */
function ReduceCell({
  orderItem,
  onReduce,
}: {
  orderItem: OrderItemDto;
  onReduce: (itemId: number) => void;
}) {
  const itemId = orderItem.items.id;
  const pending = useHasPendingClicks(itemId);
  if (orderItem.order_quantity <= orderItem.issued_quantity && !pending) return <UnitButtonPlaceholder />;
  return (
    <UnitButton kind="minus" label={t.reduce(orderItem.items.title)} itemId={itemId} onClick={onReduce} />
  );
}

/** 出荷アイテム: what this case has allocated, with '-' to give one unit back. */
export function ShippedItemsCard({
  orderItems,
  loading,
  listHref,
  busy,
  pending,
  onReduce,
  setLines,
}: Props) {
  const clicks = useMemo(() => ({ pending, busy }), [pending, busy]);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((o) => o.items.title, {
          id: "title",
          header: t.itemName,
          // A tracked line's units out under its title, as the shipped item list shows them (docs/units.md).
          cell: ({ row }) => (
            <>
              <Words>{row.original.items.title}</Words>
              <UnitsOutLine units={row.original.units_out} />
            </>
          ),
        }),
        helper.accessor("category", {
          id: "category",
          header: t.category,
          cell: ({ row }) => <Words>{row.original.category}</Words>,
        }),
        helper.accessor("order_quantity", {
          id: "order_quantity",
          header: t.shippedQuantity,
          enableSorting: false,
          meta: { nowrap: true, className: "col-number" },
        }),
        helper.display({
          id: "reduce",
          header: "",
          meta: { nowrap: true },
          cell: ({ row }) => <ReduceCell orderItem={row.original} onReduce={onReduce} />,
        }),
      ]) as DataTableColumn<OrderItemDto>[],
    [onReduce],
  );
  // Default order end_date descending (spec §9) without an end-date column: the rows come sorted.
  const rows = useMemo(() => [...orderItems].sort(byEndDateDesc), [orderItems]);
  return (
    <section className="case-card" aria-labelledby="shipped-card-title">
      <div className="case-card-head">
        <h2 id="shipped-card-title" className="case-card-title">
          {t.shippedCard}
        </h2>
        <Link to={listHref} className="p-button p-button-sm p-button-outlined p-component case-list-link">
          <ListIcon />
          <span className="p-button-label">{t.listButton}</span>
        </Link>
      </div>
      {setLines}
      <UnitClicksContext.Provider value={clicks}>
        <DataTable
          label={t.shippedCard}
          data={rows}
          columns={columns}
          getRowId={getRowId}
          loading={loading}
        />
      </UnitClicksContext.Provider>
    </section>
  );
}
