import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import { removeVersioned, upsertVersioned } from "@zaiko/common/realtime/liveRows";
import {
  type AllocationResultDto,
  CATALOGUE_EVENTS,
  isCaseWatched,
  type OrderItemDto,
  type SummaryRowDto,
  type WorkCaseDto,
} from "../../lib/allocation";
import { api } from "../../lib/api";
import { removeById, upsertById } from "../../lib/cacheUpdates";
import { saveBlob } from "../../lib/download";
import { memoryOf, replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { onServerEvent } from "../../lib/socket";

/** The xlsx content type (API.md). */
export const SPREADSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The case a page works on, with the group the server compares (spec §7 `group_id`). */
export interface CaseArg {
  caseId: number;
  groupId: number;
}

/**
 * Both lists of a case take an add/reduce answer at once (no refetch). `shownBefore`: the id of the case's
 * order item of this item that the list showed when the request left. When the answer has no order item
 * (the − deleted it), that row is gone for good and is removed and remembered like a deleted one; a row of
 * the item that arrived meanwhile is another's newer + and stays.
 */
function applyAllocation(
  dispatch: (action: unknown) => unknown,
  { caseId, groupId }: CaseArg & { itemId: number },
  result: AllocationResultDto,
  shownBefore?: number,
): void {
  dispatch(
    orderItemsApi.util.updateQueryData("caseOrderItems", caseId, (draft) => {
      const memory = memoryOf(dispatch, "caseOrderItems", caseId);
      if (result.order_item) upsertVersioned(draft, result.order_item, memory);
      else if (shownBefore !== undefined) removeVersioned(draft, shownBefore, memory);
    }),
  );
  dispatch(
    orderItemsApi.util.updateQueryData("inventorySummary", { caseId, groupId }, (draft) =>
      upsertById(draft, result.summary),
    ),
  );
}

/** Case detail, its inventory summary and shipped items (live), allocation, issue/receive, export. */
export const orderItemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    workCase: build.query<WorkCaseDto, CaseArg>({
      query: ({ caseId, groupId }) => ({ url: `/api/workcases/${caseId}/`, params: { group_id: groupId } }),
      providesTags: (_r, _e, { caseId }) => [{ type: "WorkCase", id: caseId }],
      onCacheEntryAdded: (arg, cache) =>
        subscribeWhileCached(arg, cache, (apply) => [
          onServerEvent("workcases.upserted", ({ workcase }) => {
            if (workcase.id !== arg.caseId) return;
            // Only a newer state: another process may deliver an older one later (docs/realtime.md).
            apply((draft) => {
              if (workcase.version > draft.version) Object.assign(draft, workcase);
            });
          }),
        ]),
      onQueryStarted: replayOnLoad,
    }),
    inventorySummary: build.query<SummaryRowDto[], CaseArg>({
      query: ({ caseId, groupId }) => ({
        url: `/api/inventorysummary/${caseId}/summary/`,
        params: { group_id: groupId },
      }),
      providesTags: (_r, _e, { caseId }) => [{ type: "Inventory", id: caseId }],
      // The case room sends the recomputed rows of every item whose availability changed for this
      // case (inventory.changed); renamed or deleted items and categories come as group events.
      // Summary rows carry no version: one app process computes them for its own watchers, one after another
      // and each from the database as it is then, so the last to arrive is the newest (docs/realtime.md).
      onCacheEntryAdded: (arg, cache) =>
        subscribeWhileCached(arg, cache, (apply, { dispatch }) => {
          const { caseId } = arg;
          const refetch = () => dispatch(api.util.invalidateTags([{ type: "Inventory", id: caseId }]));
          return [
            onServerEvent("inventory.changed", ({ case_id, rows }) => {
              if (case_id !== caseId) return;
              apply((draft) => {
                for (const row of rows) upsertById(draft, row);
              });
            }),
            onServerEvent("items.deleted", ({ id }) => apply((draft) => removeById(draft, id))),
            ...CATALOGUE_EVENTS.filter((e) => e !== "items.deleted").map((event) =>
              onServerEvent(event, refetch),
            ),
            // Without the case room (watch refused or not yet confirmed) usage changes would be missed.
            onServerEvent("stock.changed", () => {
              if (!isCaseWatched(caseId)) refetch();
            }),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    caseOrderItems: build.query<OrderItemDto[], number>({
      query: (caseId) => ({ url: "/api/orderitems/", params: { work_case: caseId } }),
      providesTags: (_r, _e, caseId) => [{ type: "OrderItem", id: caseId }],
      onCacheEntryAdded: (caseId, cache) =>
        subscribeWhileCached(caseId, cache, (apply, { dispatch }) => {
          const refetch = () => dispatch(api.util.invalidateTags([{ type: "OrderItem", id: caseId }]));
          const memory = memoryOf(dispatch, "caseOrderItems", caseId);
          return [
            onServerEvent("orderitems.upserted", ({ order_item }) => {
              if (order_item.work_case === caseId)
                apply((draft) => upsertVersioned(draft, order_item, memory));
            }),
            onServerEvent("orderitems.deleted", ({ id, work_case }) => {
              if (work_case === caseId) apply((draft) => removeVersioned(draft, id, memory));
            }),
            // Item titles and category names are copied into the rows: refetch when they change.
            ...CATALOGUE_EVENTS.map((event) => onServerEvent(event, refetch)),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    caseCategories: build.query<CategoryDto[], number>({
      query: (groupId) => ({ url: "/api/categories/", params: { groupid: groupId } }),
      providesTags: [{ type: "Category", id: "LIST" }],
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply) => [
          onServerEvent("categories.upserted", ({ category }) =>
            apply((draft) => upsertById(draft, category)),
          ),
          onServerEvent("categories.deleted", ({ id }) => apply((draft) => removeById(draft, id))),
        ]),
      onQueryStarted: replayOnLoad,
    }),
    addItem: build.mutation<AllocationResultDto, CaseArg & { itemId: number }>({
      query: ({ itemId, caseId }) => ({ url: `/api/additem/${itemId}/${caseId}/`, method: "POST" }),
      async onQueryStarted(arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          applyAllocation(dispatch, arg, data);
        } catch {
          // the page shows the shortage
        }
      },
    }),
    reduceItem: build.mutation<AllocationResultDto, CaseArg & { itemId: number }>({
      query: ({ itemId, caseId }) => ({ url: `/api/reduceitem/${itemId}/${caseId}/`, method: "POST" }),
      async onQueryStarted(arg, { dispatch, getState, queryFulfilled }) {
        const shown = orderItemsApi.endpoints.caseOrderItems.select(arg.caseId)(getState() as never).data;
        const shownBefore = shown?.find((o) => o.items.id === arg.itemId)?.id;
        try {
          const { data } = await queryFulfilled;
          applyAllocation(dispatch, arg, data, shownBefore);
        } catch {
          // only logged (spec §8)
        }
      },
    }),
    patchOrderItem: build.mutation<
      OrderItemDto,
      {
        id: number;
        caseId: number;
        body:
          | { issue: string | null }
          | { receive: string | null }
          | { start_date: string; end_date: string; order_quantity: number; note: string };
      }
    >({
      query: ({ id, body }) => ({ url: `/api/orderitems/${id}/`, method: "PATCH", body }),
      async onQueryStarted({ caseId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(
            orderItemsApi.util.updateQueryData("caseOrderItems", caseId, (d) => {
              upsertVersioned(d, data, memoryOf(dispatch, "caseOrderItems", caseId));
            }),
          );
        } catch {
          // the page shows the dialog
        }
      },
    }),
    exportExcel: build.mutation<
      null,
      { order_items: OrderItemDto[]; workcaseDetail: WorkCaseDto; fileName: string }
    >({
      query: ({ order_items, workcaseDetail, fileName }) => ({
        url: "/api/export-excel/",
        method: "POST",
        body: { order_items, workcaseDetail },
        // The file goes straight to the browser; the cache only learns that it worked.
        responseHandler: async (response) => {
          if (!response.ok) return response.text();
          const type = response.headers.get("Content-Type") ?? "";
          if (!type.includes(SPREADSHEET_TYPE)) {
            console.error("Excel export: the response is not a spreadsheet", type);
            return null;
          }
          saveBlob(await response.blob(), fileName);
          return null;
        },
      }),
    }),
  }),
});

export const {
  useWorkCaseQuery,
  useInventorySummaryQuery,
  useCaseOrderItemsQuery,
  useCaseCategoriesQuery,
  useAddItemMutation,
  useReduceItemMutation,
  usePatchOrderItemMutation,
  useExportExcelMutation,
} = orderItemsApi;
