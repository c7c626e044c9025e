import type {
  CategoryDto,
  ImportResultDto,
  ItemAllocationsDto,
  ItemDto,
  WeekItemDto,
  WeeklyItemsDto,
} from "@zaiko/common/catalogue/catalogue.schema";
import {
  type LiveRowsMemory,
  ORDERED,
  removeVersioned,
  upsertVersioned,
} from "@zaiko/common/realtime/liveRows";
import type { SetImportResultDto, WeeklySetsDto } from "@zaiko/common/sets/sets.schema";
import { api } from "../../lib/api";
import { saveBlob } from "../../lib/download";
import { onAccepted, replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, memoryOf, takeRows } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";
import { throttled } from "../../lib/throttle";

/** The import templates' file names (GET /download/template/{name}): items, and sets (docs/sets.md). */
export const TEMPLATE_FILE = "item_template.csv";
export const SET_TEMPLATE_FILE = "set_template.csv";

/**
 * The import's own timeout. The shared 10 s covers JSON calls; a 5 MiB file (the server's limit) needs
 * about 40 s to leave a phone on a 1 Mbit/s uplink, and the server then takes up to ~6 s for 10,000 rows.
 * A timeout that fires while the server commits would report a failed import that in fact succeeded.
 */
export const IMPORT_TIMEOUT_MS = 60_000;

/** Days in the weekly view (spec §9). */
export const WEEK_DAYS = 7;

/** Which week to show: the URL's date, and the group sent as `groupid` (spec §7). */
export interface WeekArgs {
  groupId: number;
  year: string;
  month: string;
  day: string;
}

/** The item body the forms send (spec §7: title, category, stock_quantity, note, group). */
export interface ItemBody {
  title: string;
  category: number;
  stock_quantity: number;
  note: string;
  group: number;
  /** The item's own 点検・準備時間 in minutes; null follows its category (ours, docs/availability.md). */
  turnaround_after_minutes?: number | null;
  turnaround_before_minutes?: number | null;
}

type Week = WeeklyItemsDto["results"];

/** The ids of items the store saw deleted, for every week (an answer or a late event must not bring one back). */
const deletedItems = (extra: unknown) => memoryOf(liveStateOf(extra), "items");

/** The ids of categories the store saw deleted, for every week. */
const deletedCategories = (extra: unknown) => memoryOf(liveStateOf(extra), "categories");

/** An item from an answer or an event through the store's rule (lib/liveState.ts): [] when older or deleted. */
const takeItem = (extra: unknown, item: ItemDto) => takeRows(liveStateOf(extra), "items", [item]);

/** Remembers a deleted row of a table in the store's live state. */
const takeDelete = (extra: unknown, table: "items" | "categories", id: number) =>
  takeRows(liveStateOf(extra), table, [], { deleted: [id] });

/**
 * An item from a write or an event, if newer than the one shown, keeping the week's numbers it already had
 * (zeros for a new one). Its category's name is the week's own (kept newest by its version): the item's
 * copy was read at the item's commit and can be older than a rename that arrived before it.
 */
function upsertItem(week: Week, item: ItemDto, memory: LiveRowsMemory): void {
  const zeros = () => Array.from({ length: WEEK_DAYS }, () => 0);
  const row: WeekItemDto = { ...item, daily_order_quantities: [], daily_tentative_quantities: [] };
  upsertVersioned(week.items, row, memory, ORDERED, (shown, incoming) => ({
    ...incoming,
    category_name:
      week.categories.find((c) => c.id === incoming.category)?.category ?? incoming.category_name,
    daily_order_quantities: shown?.daily_order_quantities ?? zeros(),
    daily_tentative_quantities: shown?.daily_tentative_quantities ?? zeros(),
    // Hired units (外部手配) stay as shown; the free units follow a stock edit until the week is read again.
    daily_hired_quantities: shown?.daily_hired_quantities ?? zeros(),
    daily_free_quantities: (shown?.daily_free_quantities ?? zeros()).map(
      (free) => free + incoming.stock_quantity - (shown?.stock_quantity ?? 0),
    ),
  }));
}

function removeItem(week: Week, id: number, memory: LiveRowsMemory): void {
  removeVersioned(week.items, id, memory);
}

/** A category, if newer than the one shown; its items show its name. */
function upsertCategory(week: Week, category: CategoryDto, memory: LiveRowsMemory): void {
  if (!upsertVersioned(week.categories, category, memory)) return;
  for (const item of week.items) {
    if (item.category === category.id) item.category_name = category.category;
  }
}

function removeCategory(week: Week, id: number, memory: LiveRowsMemory): void {
  removeVersioned(week.categories, id, memory);
  // The server deletes the category's items with it (and sends items.deleted for each).
  week.items = week.items.filter((i) => i.category !== id);
}

/** The server says "results"; a missing part is only warned about (spec §3) and shown empty. */
function normalise(response: WeeklyItemsDto): WeeklyItemsDto {
  const results = response?.results;
  const part = <T>(name: keyof Week, value: T[] | undefined): T[] => {
    if (Array.isArray(value)) return value;
    console.warn(`weekly items: results.${name} is missing or not an array`);
    return [];
  };
  return {
    results: {
      items: part("items", results?.items),
      days: part("days", results?.days),
      categories: part("categories", results?.categories),
      before: results?.before ?? "",
      next: results?.next ?? "",
    },
  };
}

/** Bursts of events (an import sends many) cause at most one refetch per this many ms. */
const REFETCH_DELAY_MS = 150;

/** /item/{y}/{m}/{d}: the week (live), item writes, the CSV import and its template. */
export const itemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    weeklyItems: build.query<WeeklyItemsDto, WeekArgs>({
      query: ({ groupId, year, month, day }) => ({
        url: `/api/items/${encodeURIComponent(year)}/${encodeURIComponent(month)}/${encodeURIComponent(day)}/`,
        params: { groupid: groupId },
      }),
      transformResponse: normalise,
      providesTags: [{ type: "Item", id: "WEEK" }],
      // Item and category rows are applied by id; the daily numbers are computed by the server, so
      // events that change usage or many rows (stock.changed, items.imported) refetch the week.
      onCacheEntryAdded: (args, cache) =>
        subscribeWhileCached(args, cache, (apply, { dispatch, extra, getCacheEntry }) => {
          const refetch = throttled(
            () =>
              void dispatch(
                itemsApi.endpoints.weeklyItems.initiate(args, { subscribe: false, forceRefetch: true }),
              ),
            REFETCH_DELAY_MS,
          );
          return [
            refetch.cancel,
            onServerEvent("items.upserted", ({ item }) => {
              if (item.group !== args.groupId) return;
              for (const row of takeItem(extra, item))
                apply((draft) => upsertItem(draft.results, row, deletedItems(extra)));
            }),
            onServerEvent("items.deleted", ({ id }) => {
              takeDelete(extra, "items", id);
              apply((draft) => removeItem(draft.results, id, deletedItems(extra)));
            }),
            onServerEvent("categories.upserted", ({ category }) => {
              if (category.group !== args.groupId) return;
              for (const row of takeRows(liveStateOf(extra), "categories", [category]))
                apply((draft) => upsertCategory(draft.results, row, deletedCategories(extra)));
            }),
            onServerEvent("categories.deleted", ({ id }) => {
              takeDelete(extra, "categories", id);
              apply((draft) => removeCategory(draft.results, id, deletedCategories(extra)));
            }),
            onServerEvent("stock.changed", ({ item_ids }) => {
              const items = getCacheEntry().data?.results.items ?? [];
              if (item_ids.some((id) => items.some((i) => i.id === id))) refetch();
            }),
            onServerEvent("items.imported", () => refetch()),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    /**
     * The week's sets (GET /api/sets/week/…, docs/sets.md "Weekly view"). Their numbers come from the parts'
     * day numbers on the server, so whatever refetches the items' week, and any change to the sets, refetches it.
     */
    weeklySets: build.query<WeeklySetsDto, WeekArgs>({
      query: ({ year, month, day }) =>
        `/api/sets/week/${encodeURIComponent(year)}/${encodeURIComponent(month)}/${encodeURIComponent(day)}/`,
      // Refetched with the items' week (an import, the stream's refetch after a gap).
      providesTags: [{ type: "Item", id: "WEEK" }],
      onCacheEntryAdded: (args, cache) =>
        subscribeWhileCached(args, cache, (_apply, { dispatch }) => {
          const refetch = throttled(
            () =>
              void dispatch(
                itemsApi.endpoints.weeklySets.initiate(args, { subscribe: false, forceRefetch: true }),
              ),
            REFETCH_DELAY_MS,
          );
          return [
            refetch.cancel,
            onServerEvent("stock.changed", () => refetch()),
            onServerEvent("items.imported", () => refetch()),
            // A deleted item leaves its sets (their parts change); renames only show on the next load.
            onServerEvent("items.deleted", () => refetch()),
            onServerEvent("sets.upserted", () => refetch()),
            onServerEvent("sets.deleted", () => refetch()),
          ];
        }),
    }),
    createItem: build.mutation<ItemDto, ItemBody>({
      query: (body) => ({ url: "/api/items/", method: "POST", body }),
      onQueryStarted: (_body, { dispatch, extra, getState, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => {
          for (const row of takeItem(extra, data))
            inEveryWeek(dispatch, getState(), (d) => upsertItem(d.results, row, deletedItems(extra)));
        }),
    }),
    updateItem: build.mutation<ItemDto, ItemBody & { id: number }>({
      query: ({ id, ...body }) => ({
        url: `/api/items/${id}/`,
        method: "PUT",
        params: { groupid: body.group },
        body: { id, ...body },
      }),
      onQueryStarted: (_body, { dispatch, extra, getState, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => {
          for (const row of takeItem(extra, data))
            inEveryWeek(dispatch, getState(), (d) => upsertItem(d.results, row, deletedItems(extra)));
        }),
    }),
    /** How many order items use the item, for the delete confirmation (always read fresh). */
    itemAllocations: build.query<ItemAllocationsDto, { id: number; group: number }>({
      query: ({ id, group }) => ({ url: `/api/items/${id}/allocations/`, params: { groupid: group } }),
      keepUnusedDataFor: 0,
    }),
    deleteItem: build.mutation<void, { id: number; group: number }>({
      query: ({ id, group }) => ({ url: `/api/items/${id}/`, method: "DELETE", params: { groupid: group } }),
      onQueryStarted: ({ id }, { dispatch, extra, getState, queryFulfilled }) =>
        onAccepted(queryFulfilled, () => {
          takeDelete(extra, "items", id);
          inEveryWeek(dispatch, getState(), (d) => removeItem(d.results, id, deletedItems(extra)));
        }),
    }),
    importItemCsv: build.mutation<ImportResultDto, File>({
      query: (file) => {
        const form = new FormData();
        form.append("csv_file", file, file.name);
        // No Content-Type: the browser writes multipart/form-data with its boundary.
        return { url: "/api/import-item-csv/", method: "POST", body: form, timeout: IMPORT_TIMEOUT_MS };
      },
      // Success reloads the week (spec §7).
      invalidatesTags: (result) => (result ? [{ type: "Item", id: "WEEK" }] : []),
    }),
    /** セット品 from a CSV of one row per part; the set screens follow through sets.upserted. */
    importSetCsv: build.mutation<SetImportResultDto, File>({
      query: (file) => {
        const form = new FormData();
        form.append("csv_file", file, file.name);
        return { url: "/api/import-set-csv/", method: "POST", body: form, timeout: IMPORT_TIMEOUT_MS };
      },
    }),
    /** Either template, by its file name (TEMPLATE_FILE, SET_TEMPLATE_FILE). */
    downloadItemTemplate: build.mutation<null, string>({
      query: (name) => {
        const file = name;
        return {
          url: `/download/template/${file}`,
          // The file goes straight to the browser; the cache only learns that it worked.
          responseHandler: async (response: Response) => {
            if (!response.ok) return response.text();
            saveBlob(await response.blob(), file);
            return null;
          },
        };
      },
    }),
  }),
});

/** The dispatch of a mutation's onQueryStarted, as far as a cache write needs it. */
type CacheDispatch = (thunk: ReturnType<typeof itemsApi.util.updateQueryData>) => unknown;

/** A change the server accepted, made to every week the cache holds. */
function inEveryWeek(
  dispatch: CacheDispatch,
  state: Parameters<typeof itemsApi.util.selectCachedArgsForQuery>[0],
  change: (week: WeeklyItemsDto) => void,
): void {
  for (const args of itemsApi.util.selectCachedArgsForQuery(state, "weeklyItems")) {
    dispatch(itemsApi.util.updateQueryData("weeklyItems", args, change));
  }
}

export const {
  useWeeklyItemsQuery,
  useWeeklySetsQuery,
  useCreateItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useItemAllocationsQuery,
  useImportItemCsvMutation,
  useImportSetCsvMutation,
  useDownloadItemTemplateMutation,
} = itemsApi;
