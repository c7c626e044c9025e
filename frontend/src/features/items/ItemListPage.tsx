import { skipToken } from "@reduxjs/toolkit/query";
import type { CategoryDto, ItemDto, WeekItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { WeekSetDto } from "@zaiko/common/sets/sets.schema";
import { Button } from "primereact/button";
import { Dropdown } from "primereact/dropdown";
import { PlusIcon } from "primereact/icons/plus";
import { useCallback, useEffect, useId, useMemo, useState } from "react";
import { useSelector } from "react-redux";
import { Link, useLocation, useParams } from "react-router-dom";
import { ConfirmDeleteDialog } from "../../components/ConfirmDeleteDialog";
import { DataTable } from "../../components/DataTable";
import { primeIcon } from "../../components/icons/primeIcon";
import { Page } from "../../components/layout/Page";
import { selectGroupId } from "../../lib/session";
import { TimelineLink } from "../availability";
import { ItemDetailDialog } from "./ItemDetailDialog";
import { ItemFormDialog } from "./ItemFormDialog";
import { ItemImportPanel } from "./ItemImportPanel";
import { isBookedInWeek, itemColumns } from "./itemColumns";
import {
  useDeleteItemMutation,
  useItemAllocationsQuery,
  useWeeklyItemsQuery,
  useWeeklySetsQuery,
} from "./itemsApi";
import { WeekLegend } from "./WeekLegend";
import { WeekNav } from "./WeekNav";
import { WeekSetsTable } from "./WeekSetsTable";
import { withSearchParam } from "./weekLinks";
import "./items.css";
import { dropdownNames } from "../../components/form/dropdownNames";
import { SearchField } from "../../components/form/SearchField";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";

const addIcon = primeIcon(PlusIcon);
const NO_ITEMS: WeekItemDto[] = [];
const NO_CATEGORIES: CategoryDto[] = [];
const NO_DAYS: string[] = [];
const NO_SETS: WeekSetDto[] = [];
const getRowId = (item: WeekItemDto) => String(item.id);
/** The filter's "フィルターなし": PrimeReact shows a null value as empty, and category ids start at 1. */
const NO_FILTER = 0;

/**
 * Mirrors the search box into `?search=` without a router navigation: the layout re-creates the routed
 * view whenever path or query change (spec §2), which would drop focus and dialogs on every keystroke.
 * The history entry keeps the router's state, so back/forward and reloads still see the query.
 */
function useSearchInUrl(): [string, (value: string) => void] {
  const location = useLocation();
  const [search, setSearch] = useState(() => new URLSearchParams(location.search).get("search") ?? "");
  const update = useCallback(
    (value: string) => {
      setSearch(value);
      const url = withSearchParam(location.pathname, window.location.search, value);
      window.history.replaceState(window.history.state, "", url);
    },
    [location.pathname],
  );
  return [search, update];
}

/** /item/{year}/{month}/{day} (アイテム一覧): one week of items, live, with the CSV import. */
export function ItemListPage() {
  const { year = "", month = "", day = "" } = useParams();
  const groupId = useSelector(selectGroupId);
  const weekArgs = groupId === null ? skipToken : { groupId, year, month, day };
  const weekQuery = useWeeklyItemsQuery(weekArgs);
  // セット品 after the items (docs/sets.md, "Weekly view"); a failure only logs: the items still show.
  const setWeekQuery = useWeeklySetsQuery(weekArgs);
  const [deleteItem, { isLoading: deleting }] = useDeleteItemMutation();
  const [search, setSearch] = useSearchInUrl();
  const [categoryFilter, setCategoryFilter] = useState<number>(NO_FILTER);
  const [bookedOnly, setBookedOnly] = useState(false);
  const [detail, setDetail] = useState<ItemDto | null>(null);
  const [detailOpen, setDetailOpen] = useState(false);
  const [formTarget, setFormTarget] = useState<"new" | ItemDto | null>(null);
  const [toDelete, setToDelete] = useState<ItemDto | null>(null);
  const [lastDeleted, setLastDeleted] = useState<ItemDto | null>(null);
  const filterId = useId();
  const weekStart = `${year.padStart(4, "0")}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;

  useEffect(() => {
    if (weekQuery.isError) {
      logFailure("weekly items fetch failed", weekQuery.error);
      void showAlert(ja.catalogue.itemFetchFailed);
    }
  }, [weekQuery.isError, weekQuery.error]);

  useEffect(() => {
    if (setWeekQuery.isError) logFailure("weekly sets fetch failed", setWeekQuery.error);
  }, [setWeekQuery.isError, setWeekQuery.error]);

  const week = weekQuery.data?.results;
  const allItems = week?.items ?? NO_ITEMS;
  const categories = week?.categories ?? NO_CATEGORIES;
  const days = week?.days ?? NO_DAYS;

  // The filter keeps items whose category is the chosen one (spec §5).
  const items = useMemo(() => {
    const inCategory =
      categoryFilter === NO_FILTER ? allItems : allItems.filter((i) => i.category === categoryFilter);
    return bookedOnly ? inCategory.filter(isBookedInWeek) : inCategory;
  }, [allItems, categoryFilter, bookedOnly]);
  const allSets = setWeekQuery.data?.results.sets ?? NO_SETS;
  const sets = useMemo(
    () => (categoryFilter === NO_FILTER ? allSets : allSets.filter((s) => s.category === categoryFilter)),
    [allSets, categoryFilter],
  );

  // The detail shows the live row: an edit by anyone updates the open dialog.
  const liveDetail = detail ? (allItems.find((i) => i.id === detail.id) ?? detail) : null;

  const openDetail = useCallback((item: ItemDto) => {
    setDetail(item);
    setDetailOpen(true);
  }, []);
  const columns = useMemo(() => itemColumns(days, openDetail), [days, openDetail]);

  const filterOptions = useMemo(
    () => [
      { label: ja.itemList.noFilter, value: NO_FILTER },
      ...categories.map((c) => ({ label: c.category, value: c.id })),
    ],
    [categories],
  );

  // Deleting an item deletes its allocations too: the confirmation says so when there are any.
  const allocations = useItemAllocationsQuery(
    toDelete && groupId !== null ? { id: toDelete.id, group: groupId } : skipToken,
    { refetchOnMountOrArgChange: true },
  );
  useEffect(() => {
    if (allocations.isError) logFailure("item allocations fetch failed", allocations.error);
  }, [allocations.isError, allocations.error]);

  const askDelete = (item: ItemDto) => {
    setLastDeleted(item);
    setToDelete(item);
  };

  const confirmDelete = async () => {
    if (!toDelete || groupId === null) return;
    try {
      await deleteItem({ id: toDelete.id, group: groupId }).unwrap();
      setToDelete(null);
      setDetailOpen(false);
    } catch (error) {
      logFailure("item delete failed", error);
      void showAlert(ja.catalogue.itemDeleteFailed);
    }
  };

  return (
    <Page
      title={ja.pages.item}
      actions={
        <>
          {/* セット品 are made of items: their catalogue is reached from here (docs/sets.md). */}
          <Link to="/sets" className="p-button p-button-outlined p-component">
            <span className="p-button-label">{ja.sets.navLink}</span>
          </Link>
          <Button
            type="button"
            label={ja.itemList.create}
            icon={addIcon}
            onClick={() => setFormTarget("new")}
            disabled={groupId === null}
          />
        </>
      }
    >
      <div className="list-toolbar">
        <SearchField label={ja.itemList.search} value={search} onChange={setSearch} className="list-search" />
        <div className="item-filter">
          <label htmlFor={filterId} className="visually-hidden">
            {ja.itemList.categoryFilter}
          </label>
          <Dropdown
            inputId={filterId}
            value={categoryFilter}
            options={filterOptions}
            onChange={(e) => setCategoryFilter(typeof e.value === "number" ? e.value : NO_FILTER)}
            className="item-filter-select"
            ariaLabel={ja.itemList.categoryFilter}
            pt={dropdownNames(ja.itemList.categoryFilter)}
          />
        </div>
        <WeekNav before={week?.before} next={week?.next} search={search} />
        {categoryFilter !== NO_FILTER ? (
          <TimelineLink kind="category" id={categoryFilter} from={weekStart} />
        ) : null}
      </div>
      <WeekLegend bookedOnly={bookedOnly} onBookedOnly={setBookedOnly} />
      <DataTable
        label={ja.pages.item}
        data={items}
        columns={columns}
        getRowId={getRowId}
        globalFilter={search}
        initialSort={{ id: "title", desc: false }}
        loading={weekQuery.isLoading}
      />
      <WeekSetsTable sets={sets} days={days} search={search} weekStart={weekStart} />
      <ItemImportPanel />

      <ItemDetailDialog
        item={liveDetail}
        visible={detailOpen}
        onClose={() => setDetailOpen(false)}
        onEdit={(item) => {
          setDetailOpen(false);
          setFormTarget(item);
        }}
        onDelete={askDelete}
        weekStart={weekStart}
      />
      {groupId !== null ? (
        <ItemFormDialog
          target={formTarget}
          categories={categories}
          groupId={groupId}
          onClose={() => setFormTarget(null)}
        />
      ) : null}
      <ConfirmDeleteDialog
        visible={toDelete !== null}
        title={ja.itemList.deleteTitle}
        question={ja.catalogue.itemDeleteConfirm}
        confirmLabel={ja.itemList.delete}
        busy={deleting}
        onCancel={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        <p className="dialog-target">{lastDeleted?.title}</p>
        {allocations.data && allocations.data.order_items > 0 ? (
          <p className="item-delete-warning">{ja.itemList.allocatedWarning}</p>
        ) : null}
      </ConfirmDeleteDialog>
    </Page>
  );
}
