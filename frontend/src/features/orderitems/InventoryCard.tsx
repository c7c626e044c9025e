import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { type ReactNode, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { DataTable, type DataTableColumn, dataTableColumnHelper, Words } from "../../components/DataTable";
import { NativeSelect, offeredValue } from "../../components/form/NativeSelect";
import { SearchField } from "../../components/form/SearchField";
import type { SummaryRowDto } from "../../lib/allocation";
import { WhyShortButton } from "../availability";
import { UnitButton, UnitButtonPlaceholder, UnitClicksContext, useHasPendingClicks } from "./UnitButton";

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
  /** Clicks on each item's '+' not answered yet. */
  pending: ReadonlyMap<number, number>;
  onAdd: (itemId: number) => void;
  /** False for a cancelled case, which takes no units until it is reopened (docs/lifecycle.md). */
  canAdd?: boolean;
  /** The case: an item with nothing left says who holds it (理由). */
  caseId?: number;
  /** A refusal (which items are short); it floats and does not move the table. */
  message?: ReactNode;
  /** The sets the case can take (docs/sets.md), above the items; nothing for a group without sets. */
  sets?: ReactNode;
}

/**
 * '+' while the case can take more, or while clicks are pending (the server answers or refuses them);
 * once nothing is left, a same-sized placeholder keeps the row's height.
 */
function AddCell({
  row,
  onAdd,
  canAdd,
}: {
  row: SummaryRowDto;
  onAdd: (itemId: number) => void;
  canAdd: boolean;
}) {
  const pending = useHasPendingClicks(row.id);
  return (canAdd && row.shippable_quantity > 0) || pending ? (
    <UnitButton kind="plus" label={t.add(row.name)} itemId={row.id} onClick={onAdd} />
  ) : (
    <UnitButtonPlaceholder />
  );
}

/** "0 / 5" and, once nothing is left for the case, 理由: which cases hold the item and when it is free. */
function ShippableCell({ row, caseId }: { row: SummaryRowDto; caseId?: number }) {
  const text = `${row.shippable_quantity} / ${row.stock_quantity}`;
  if (caseId === undefined || row.shippable_quantity > 0) return text;
  return (
    <span className="shippable-cell">
      <span>{text}</span>
      <WhyShortButton itemId={row.id} itemTitle={row.name} caseId={caseId} />
    </span>
  );
}

/** 在庫アイテム検索: every item with what this case can still take; '+' only while above 0. */
export function InventoryCard({
  rows,
  categories,
  loading,
  itemDayPath,
  busy,
  pending,
  onAdd,
  canAdd = true,
  caseId,
  message,
  sets,
}: Props) {
  const [search, setSearch] = useState("");
  const [categoryId, setCategoryId] = useState<number>(NO_FILTER);
  const clicks = useMemo(() => ({ pending, busy }), [pending, busy]);
  const options = useMemo(
    () => [
      { label: t.noFilter, value: NO_FILTER },
      ...categories.map((c) => ({ label: c.category, value: c.id })),
    ],
    [categories],
  );
  // A category deleted meanwhile is no longer offered: the stock is unfiltered again, as its select shows.
  const shownCategory = offeredValue(options, categoryId);
  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor("name", {
          id: "name",
          header: t.itemName,
          cell: ({ row }) => (
            <Words>
              {itemDayPath ? (
                <Link to={`${itemDayPath}?search=${encodeURIComponent(row.original.name)}`}>
                  {row.original.name}
                </Link>
              ) : (
                row.original.name
              )}
            </Words>
          ),
        }),
        helper.accessor("category", {
          id: "category",
          header: t.category,
          enableGlobalFilter: false,
          cell: ({ row }) => <Words>{row.original.category}</Words>,
        }),
        helper.accessor("shippable_quantity", {
          id: "shippable",
          header: t.shippable,
          enableSorting: false,
          enableGlobalFilter: false,
          meta: { nowrap: true, className: "col-number" },
          cell: ({ row }) => <ShippableCell row={row.original} caseId={canAdd ? caseId : undefined} />,
        }),
        helper.display({
          id: "add",
          header: "",
          meta: { nowrap: true },
          cell: ({ row }) => <AddCell row={row.original} onAdd={onAdd} canAdd={canAdd} />,
        }),
      ]) as DataTableColumn<SummaryRowDto>[],
    [itemDayPath, onAdd, canAdd, caseId],
  );
  const filtered = useMemo(
    () => (shownCategory === NO_FILTER ? rows : rows.filter((r) => r.category_id === shownCategory)),
    [rows, shownCategory],
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
        <NativeSelect
          value={shownCategory}
          options={options}
          onChange={setCategoryId}
          ariaLabel={t.categoryFilter}
        />
      </div>
      {message}
      {sets}
      <UnitClicksContext.Provider value={clicks}>
        <DataTable
          label={t.inventoryCard}
          data={filtered}
          columns={columns}
          getRowId={getRowId}
          globalFilter={search}
          initialSort={{ id: "category", desc: true }}
          loading={loading}
        />
      </UnitClicksContext.Provider>
    </section>
  );
}
