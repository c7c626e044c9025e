import { ja } from "@zaiko/common/messages/ja";
import { useMemo } from "react";
import { Link } from "react-router-dom";
import { DataTable, type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import type { OrderItemDto } from "../../lib/allocation";
import { byEndDateDesc } from "./orderItemSort";
import { UnitButton, UnitClicksContext } from "./UnitButton";

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
}

/** 出荷アイテム: what this case has allocated, with '-' to give one unit back. */
export function ShippedItemsCard({ orderItems, loading, listHref, busy, pending, onReduce }: Props) {
  const clicks = useMemo(() => ({ pending, busy }), [pending, busy]);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor((o) => o.items.title, { id: "title", header: t.itemName }),
        helper.accessor("category", { id: "category", header: t.category }),
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
          cell: ({ row }) => {
            const itemId = row.original.items.id;
            return (
              <UnitButton
                kind="minus"
                label={t.reduce(row.original.items.title)}
                itemId={itemId}
                onClick={onReduce}
              />
            );
          },
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
          <span className="pi pi-list" aria-hidden="true" />
          <span className="p-button-label">{t.listButton}</span>
        </Link>
      </div>
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
