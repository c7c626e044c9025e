import {
  type ColumnDef,
  columnFilteringFeature,
  constructSortFn,
  createColumnHelper,
  createFilteredRowModel,
  createPaginatedRowModel,
  createSortedRowModel,
  filterFn_includesString,
  globalFilteringFeature,
  metaHelper,
  type RowData,
  rowPaginationFeature,
  rowSortingFeature,
  tableFeatures,
} from "@tanstack/react-table";

/** Per-column presentation hints read by DataTable. */
export interface DataTableColumnMeta {
  /** Extra class on the header and body cells (width, alignment). */
  className?: string;
  /** Keeps the cell on one line (dates, numbers, buttons). */
  nowrap?: boolean;
}

const collator = new Intl.Collator("ja", { numeric: true, sensitivity: "base" });

/**
 * Numbers compare as numbers, everything else with the Japanese collator (so かな/カナ and
 * full/half width sort the way people expect). Empty values sort last in ascending order.
 */
export const sortFn_natural = constructSortFn({
  sort: (a: unknown, b: unknown) => {
    if (typeof a === "number" && typeof b === "number") return a - b;
    if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
    const x = a == null ? "" : String(a);
    const y = b == null ? "" : String(b);
    if (x === "" || y === "") return x === y ? 0 : x === "" ? 1 : -1;
    return collator.compare(x, y);
  },
});

/** The features every list screen uses: sorting, a search box (global filter), pagination. */
export const dataTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { natural: sortFn_natural },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
  columnMeta: metaHelper<DataTableColumnMeta>(),
});

export type DataTableFeatures = typeof dataTableFeatures;
// biome-ignore lint/suspicious/noExplicitAny: columns of one table carry different value types
export type DataTableColumn<T extends RowData> = ColumnDef<DataTableFeatures, T, any>;

/** A column helper typed for DataTable. */
export function dataTableColumnHelper<T extends RowData>() {
  return createColumnHelper<DataTableFeatures, T>();
}
