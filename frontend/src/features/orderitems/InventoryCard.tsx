import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { DataTable, type DataTableColumn, dataTableColumnHelper } from "../../components/DataTable";
import { SearchField } from "../../components/form/SearchField";
import type { SummaryRowDto } from "../../lib/allocation";

const t = ja.orderitems;
const helper = dataTableColumnHelper<SummaryRowDto>();
const getRowId = (r: SummaryRowDto) => String(r.id);
const NO_FILTER = 0;

interface Props {
  rows: SummaryRowDto[];
  categories: CategoryDto[];
  loading: boolean;
  /** /item/{YYYY}/{MM}/{DD} of the case's start day; null while the case is not loaded. */
  itemDayPath: string | null;
  busy: ReadonlySet<number>;
  onAdd: (itemId: number) => void;
  /** A refusal to show above the table (which items are short). */
  message?: ReactNode;
}

/** 在庫アイテム検索: every item with what this case can still take; '+' only while above 0. */
export function InventoryCard({ rows, categories, loading, itemDayPath, busy, onAdd, message }: Props) {
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState<number>(NO_FILTER);
  const options = useMemo(
    () => [
      { label: t.noFilter, value: NO_FILTER },
      ...categories.map((c) => ({ label: c.category, value: c.id })),
    ],
    [categories],
  );
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          id: "name",
          header: t.itemName,
          cell: ({ row }) =>
            itemDayPath ? (
              <Link to={`${itemDayPath}?search=${encodeURIComponent(row.original.name)}`}>
                {row.original.name}
              </Link>
            ) : (
              row.original.name
            ),
        }),
        helper.accessor("category", { id: "category", header: t.category, enableGlobalFilter: false }),
        helper.accessor("shippable_quantity", {
          id: "shippable",
          header: t.shippable,
          enableSorting: false,
          enableGlobalFilter: false,
          meta: { nowrap: true, className: "col-number" },
          cell: ({ row }) => `${row.original.shippable_quantity} / ${row.original.stock_quantity}`,
        }),
        helper.display({
          id: "add",
          header: "",
          meta: { nowrap: true },
          cell: ({ row }) =>
            row.original.shippable_quantity > 0 ? (
              <Button
                type="button"
                icon="pi pi-plus"
                size="small"
                loading={busy.has(row.original.id)}
                aria-label={t.add(row.original.name)}
                onClick={() => onAdd(row.original.id)}
              />
            ) : null,
        }),
      ]) as DataTableColumn<SummaryRowDto>[],
    [itemDayPath, busy, onAdd],
  );
  const filtered = useMemo(
    () => (categoryId === NO_FILTER ? rows : rows.filter((r) => r.category_id === categoryId)),
    [rows, categoryId],
  );
  return (
    <section className="case-card" aria-labelledby="inventory-card-title">
      <div className="case-card-head">
        <h2 id="inventory-card-title" className="case-card-title">
          {t.inventoryCard}
        </h2>
      </div>
      <div className="case-filters">
        <SearchField label={t.itemSearch} value={search} onChange={setSearch} />
        <Dropdown
          value={categoryId}
          options={options}
          onChange={(e) => setCategoryId(Number(e.value))}
          ariaLabel={t.categoryFilter}
        />
      </div>
      {message}
      <DataTable
        label={t.inventoryCard}
        data={filtered}
        columns={columns}
        getRowId={getRowId}
        globalFilter={search}
        initialSort={{ id: "category", desc: true }}
        loading={loading}
      />
    </section>
  );
}
