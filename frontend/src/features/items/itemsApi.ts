import type {
  CategoryDto,
  ImportResultDto,
  ItemAllocationsDto,
  ItemDto,
  WeekItemDto,
  WeeklyItemsDto,
} from "@zaiko/common/catalogue/catalogue.schema";
import { api } from "../../lib/api";
import { removeById, upsertById } from "../../lib/cacheUpdates";
import { saveBlob } from "../../lib/download";
import { subscribeWhileCached } from "../../lib/liveCache";
import { onServerEvent } from "../../lib/socket";

/** The import template's file name (GET /download/template/{name}). */
export const TEMPLATE_FILE = "item_template.csv";

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
}

type Week = WeeklyItemsDto["results"];

/** An item from a write or an event, keeping the week's numbers it already had (zeros for a new one). */
function upsertItem(week: Week, item: ItemDto): void {
  const index = week.items.findIndex((i) => i.id === item.id);
  const current = week.items[index];
  const daily = current?.daily_order_quantities ?? Array.from({ length: WEEK_DAYS }, () => 0);
  const tentative = current?.daily_tentative_quantities ?? Array.from({ length: WEEK_DAYS }, () => 0);
  const next: WeekItemDto = { ...item, daily_order_quantities: daily, daily_tentative_quantities: tentative };
  if (current) week.items[index] = next;
  else week.items.push(next);
}

function removeItem(week: Week, id: number): void {
  removeById(week.items, id);
}

function upsertCategory(week: Week, category: CategoryDto): void {
  upsertById(week.categories, category);
  for (const item of week.items) {
    if (item.category === category.id) item.category_name = category.category;
  }
}

function removeCategory(week: Week, id: number): void {
  week.categories = week.categories.filter((c) => c.id !== id);
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
        subscribeWhileCached(cache, ({ updateCachedData, dispatch, getCacheEntry }) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          // At most one refetch per delay, counted from the first event: restarting the timer on every event
          // would starve the refetch under a steady stream of changes.
          const refetch = () => {
            if (timer !== undefined) return;
            timer = setTimeout(() => {
              timer = undefined;
              void dispatch(
                itemsApi.endpoints.weeklyItems.initiate(args, { subscribe: false, forceRefetch: true }),
              );
            }, REFETCH_DELAY_MS);
          };
          return [
            () => clearTimeout(timer),
            onServerEvent("items.upserted", ({ item }) => {
              if (item.group !== args.groupId) return;
              updateCachedData((draft) => upsertItem(draft.results, item));
            }),
            onServerEvent("items.deleted", ({ id }) => {
              updateCachedData((draft) => removeItem(draft.results, id));
            }),
            onServerEvent("categories.upserted", ({ category }) => {
              if (category.group !== args.groupId) return;
              updateCachedData((draft) => upsertCategory(draft.results, category));
            }),
            onServerEvent("categories.deleted", ({ id }) => {
              updateCachedData((draft) => removeCategory(draft.results, id));
            }),
            onServerEvent("stock.changed", ({ item_ids }) => {
              const items = getCacheEntry().data?.results.items ?? [];
              if (item_ids.some((id) => items.some((i) => i.id === id))) refetch();
            }),
            onServerEvent("items.imported", () => refetch()),
          ];
        }),
    }),
    createItem: build.mutation<ItemDto, ItemBody>({
      query: (body) => ({ url: "/api/items/", method: "POST", body }),
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          for (const args of itemsApi.util.selectCachedArgsForQuery(getState(), "weeklyItems")) {
            dispatch(itemsApi.util.updateQueryData("weeklyItems", args, (d) => upsertItem(d.results, data)));
          }
        } catch {
          // The dialog tells the user.
        }
      },
    }),
    updateItem: build.mutation<ItemDto, ItemBody & { id: number }>({
      query: ({ id, ...body }) => ({
        url: `/api/items/${id}/`,
        method: "PUT",
        params: { groupid: body.group },
        body: { id, ...body },
      }),
      async onQueryStarted(_body, { dispatch, getState, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          for (const args of itemsApi.util.selectCachedArgsForQuery(getState(), "weeklyItems")) {
            dispatch(itemsApi.util.updateQueryData("weeklyItems", args, (d) => upsertItem(d.results, data)));
          }
        } catch {
          // The dialog tells the user.
        }
      },
    }),
    /** How many order items use the item, for the delete confirmation (always read fresh). */
    itemAllocations: build.query<ItemAllocationsDto, { id: number; group: number }>({
      query: ({ id, group }) => ({ url: `/api/items/${id}/allocations/`, params: { groupid: group } }),
      keepUnusedDataFor: 0,
    }),
    deleteItem: build.mutation<void, { id: number; group: number }>({
      query: ({ id, group }) => ({ url: `/api/items/${id}/`, method: "DELETE", params: { groupid: group } }),
      async onQueryStarted({ id }, { dispatch, getState, queryFulfilled }) {
        try {
          await queryFulfilled;
          for (const args of itemsApi.util.selectCachedArgsForQuery(getState(), "weeklyItems")) {
            dispatch(itemsApi.util.updateQueryData("weeklyItems", args, (d) => removeItem(d.results, id)));
          }
        } catch {
          // The page tells the user.
        }
      },
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
    downloadItemTemplate: build.mutation<null, void>({
      query: () => ({
        url: `/download/template/${TEMPLATE_FILE}`,
        // The file goes straight to the browser; the cache only learns that it worked.
        responseHandler: async (response) => {
          if (!response.ok) return response.text();
          saveBlob(await response.blob(), TEMPLATE_FILE);
          return null;
        },
      }),
    }),
  }),
});

export const {
  useWeeklyItemsQuery,
  useCreateItemMutation,
  useUpdateItemMutation,
  useDeleteItemMutation,
  useItemAllocationsQuery,
  useImportItemCsvMutation,
  useDownloadItemTemplateMutation,
} = itemsApi;
