import { type PaginationState, type RowData, type SortingState, useTable } from "@tanstack/react-table";
import { ja } from "@zaiko/common/messages/ja";
import { SortAltIcon } from "primereact/icons/sortalt";
import { SortAmountDownIcon } from "primereact/icons/sortamountdown";
import { SortAmountUpAltIcon } from "primereact/icons/sortamountupalt";
import { ProgressSpinner } from "primereact/progressspinner";
import { useEffect, useRef, useState } from "react";
import { PAGE_SIZES, TablePager } from "./TablePager";
import { type DataTableColumn, dataTableFeatures } from "./tableFeatures";
import { useScrollEdges } from "./useScrollEdges";
import "./DataTable.css";

export interface DataTableProps<T extends RowData> {
  /** Keep the array stable between renders (RTK Query data is); a new array re-runs the models. */
  data: T[];
  /** Keep stable too (module scope or useMemo). */
  columns: DataTableColumn<T>[];
  /** Keep stable (module scope): a new function each render re-runs the row model. */
  getRowId: (row: T) => string;
  /** Accessible name of the table. */
  label: string;
  /** Case-insensitive substring search over the columns that allow it. */
  globalFilter?: string;
  /** Starting sort; clicking a header changes it (same column toggles, a new one starts ascending). */
  initialSort?: { id: string; desc: boolean };
  loading?: boolean;
  emptyMessage?: string;
  /**
   * Receives the rows as shown (searched and sorted, every page) on each render, for actions that
   * work on "what the user sees" (the Excel export).
   */
  visibleRowsRef?: { current: T[] };
  /**
   * "stack" turns every row into a card of label/value lines below 600px (spec §9's table
   * breakpoint) instead of scrolling the table sideways; for lists a phone user reads row by row.
   */
  phoneLayout?: "scroll" | "stack";
}

const ariaSort = (dir: false | "asc" | "desc") =>
  dir === "asc" ? "ascending" : dir === "desc" ? "descending" : "none";

/** The header's sort state as PrimeReact's DataTable draws it (decorative: aria-sort says it). */
function SortIcon({ dir }: { dir: false | "asc" | "desc" }) {
  const Icon = dir === "asc" ? SortAmountUpAltIcon : dir === "desc" ? SortAmountDownIcon : SortAltIcon;
  return <Icon className="app-icon dt-sort-icon" aria-hidden="true" />;
}

/**
 * The list table of every screen: TanStack Table's model (sort, search, pages) rendered with
 * PrimeReact's DataTable styles. It scrolls sideways inside its own box on narrow screens.
 */
export function DataTable<T extends RowData>({
  data,
  columns,
  getRowId,
  label,
  globalFilter = "",
  initialSort,
  loading = false,
  emptyMessage = ja.table.empty,
  visibleRowsRef,
  phoneLayout = "scroll",
}: DataTableProps<T>) {
  const [sorting, setSorting] = useState<SortingState>(initialSort ? [initialSort] : []);
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: PAGE_SIZES[0] });
  const filter = globalFilter.trim();

  // A new search starts at the first page. (Adjusting state while rendering avoids a flash of an
  // empty page that an effect would show.)
  const [lastFilter, setLastFilter] = useState(filter);
  if (lastFilter !== filter) {
    setLastFilter(filter);
    setPagination((p) => ({ ...p, pageIndex: 0 }));
  }

  const table = useTable({
    features: dataTableFeatures,
    columns,
    data,
    getRowId,
    state: { sorting, pagination, globalFilter: filter },
    onSortingChange: setSorting,
    onPaginationChange: setPagination,
    onGlobalFilterChange: () => {},
    globalFilterFn: "includesString",
    defaultColumn: { sortFn: "natural" },
    // Live updates change `data` often; the page the user is reading must not jump back to 1.
    autoResetPageIndex: false,
  });

  const pageCount = table.getPageCount();
  // Rows can disappear (a delete, a socket event, a search): never stay on a page past the end.
  useEffect(() => {
    if (pagination.pageIndex > 0 && pagination.pageIndex >= pageCount) {
      setPagination((p) => ({ ...p, pageIndex: Math.max(0, pageCount - 1) }));
    }
  }, [pagination.pageIndex, pageCount]);

  const toggleSort = (columnId: string) =>
    setSorting(([current]) =>
      current?.id === columnId ? [{ id: columnId, desc: !current.desc }] : [{ id: columnId, desc: false }],
    );

  const rows = table.getRowModel().rows;
  if (visibleRowsRef)
    visibleRowsRef.current = table.getPrePaginatedRowModel().rows.map((row) => row.original);
  const columnCount = table.getAllLeafColumns().length;
  const scrollBox = useRef<HTMLElement>(null);
  const edges = useScrollEdges(scrollBox);
  // A shadow on the side with hidden columns (DataTable.css): the box scrolls, the frame around it does not.
  const frameClasses = [
    "dt-scroll-frame",
    edges.before ? "dt-more-before" : "",
    edges.after ? "dt-more-after" : "",
  ];

  return (
    <div className={phoneLayout === "stack" ? "dt dt-stack" : "dt"}>
      <div className={frameClasses.filter(Boolean).join(" ")}>
        <section ref={scrollBox} className="dt-scroll p-datatable p-component" aria-label={label}>
          <table className="p-datatable-table dt-table">
            <thead className="p-datatable-thead">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const column = header.column;
                    const canSort = column.getCanSort();
                    const dir = column.getIsSorted();
                    const meta = column.columnDef.meta;
                    const classes = [
                      canSort ? "p-sortable-column" : "",
                      dir ? "p-highlight" : "",
                      meta?.className ?? "",
                    ];
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        colSpan={header.colSpan}
                        aria-sort={canSort ? ariaSort(dir) : undefined}
                        className={classes.filter(Boolean).join(" ")}
                      >
                        {header.isPlaceholder ? null : canSort ? (
                          <button
                            type="button"
                            className="dt-sort-button"
                            onClick={() => toggleSort(column.id)}
                          >
                            <table.FlexRender header={header} />
                            <SortIcon dir={dir} />
                          </button>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="p-datatable-tbody">
              {loading && rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount} className="dt-message">
                    <ProgressSpinner className="dt-spinner" strokeWidth="4" aria-label={ja.common.loading} />
                  </td>
                </tr>
              ) : rows.length === 0 ? (
                <tr>
                  <td colSpan={columnCount} className="dt-message">
                    {emptyMessage}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id}>
                    {row.getAllCells().map((cell) => {
                      const meta = cell.column.columnDef.meta;
                      const classes = [meta?.className ?? "", meta?.nowrap ? "dt-nowrap" : ""].filter(
                        Boolean,
                      );
                      const header = cell.column.columnDef.header;
                      return (
                        <td
                          key={cell.id}
                          className={classes.join(" ") || undefined}
                          // The stacked layout's line label (CSS, hidden from the accessible name).
                          data-label={typeof header === "string" && header !== "" ? header : undefined}
                        >
                          <table.FlexRender cell={cell} />
                        </td>
                      );
                    })}
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </section>
      </div>
      <TablePager
        pageIndex={pagination.pageIndex}
        pageCount={pageCount}
        pageSize={pagination.pageSize}
        rowCount={table.getPrePaginatedRowModel().rows.length}
        loading={loading && rows.length === 0}
        onPageIndex={(pageIndex) => setPagination((p) => ({ ...p, pageIndex }))}
        onPageSize={(pageSize) => setPagination({ pageIndex: 0, pageSize })}
      />
    </div>
  );
}
