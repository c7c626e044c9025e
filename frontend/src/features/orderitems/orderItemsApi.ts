import type { CategoryDto } from "@zaiko/common/catalogue/catalogue.schema";
import type { ServerEventName } from "@zaiko/common/realtime/events";
import { removeVersioned, upsertVersioned } from "@zaiko/common/realtime/liveRows";
import {
  type MovementKind,
  movementRequest,
  type ReceiveParts,
  undoRequest,
} from "../../components/movements";
import type { AllocationResultDto, OrderItemDto, SummaryRowDto, WorkCaseDto } from "../../lib/allocation";
import { api } from "../../lib/api";
import { removeById, upsertById } from "../../lib/cacheUpdates";
import { caseRoomCovers } from "../../lib/caseRoom";
import { saveBlob } from "../../lib/download";
import { liveList, replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, memoryOf, nextArrival, summaryTable, takeRows } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";
import {
  type CaseArg,
  caseCategoriesUrl,
  caseOrderItemsUrl,
  inventorySummaryUrl,
  workCaseUrl,
} from "./requests";

export type { CaseArg } from "./requests";

/** Group events after which a case's lists are refetched (their rows copy item titles and category names). */
const CATALOGUE_EVENTS: ServerEventName[] = [
  "items.upserted",
  "items.deleted",
  "items.imported",
  "categories.upserted",
  "categories.deleted",
];

/** The xlsx content type (API.md). */
export const SPREADSHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The parts of an endpoint lifecycle that a cache write needs. */
interface Writer {
  dispatch: (action: unknown) => unknown;
  extra: unknown;
}

/**
 * Both lists of a case take an add/reduce answer at once (no refetch), through the store's one rule for
 * rows (lib/liveState.ts takeRows). `shownBefore`: the id of the case's order item of this item that the
 * list showed when the request left. When the answer has no order item (the − deleted it), that row is gone
 * for good and is removed and remembered like a deleted one; a row of the item that arrived meanwhile is
 * another's newer + and stays. The answer's summary row has no version: it counts as arriving when the
 * request left (`leftAt`), so a row that `inventory.changed` brought meanwhile, possibly newer, keeps its
 * place; the recomputation that follows this change's own commit is still to come or already here, so the
 * socket's rows end newest either way.
 */
function applyAllocation(
  { dispatch, extra }: Writer,
  { caseId, groupId }: CaseArg,
  result: AllocationResultDto,
  leftAt: number,
  shownBefore?: number,
): void {
  const live = liveStateOf(extra);
  const gone = result.order_item === null && shownBefore !== undefined ? [shownBefore] : [];
  const rows = takeRows(live, "orderItems", result.order_item ? [result.order_item] : [], { deleted: gone });
  const memory = memoryOf(live, "orderItems");
  dispatch(
    orderItemsApi.util.updateQueryData("caseOrderItems", caseId, (draft) => {
      for (const row of rows) upsertVersioned(draft, row, memory);
      for (const id of gone) removeVersioned(draft, id, memory);
    }),
  );
  const summary = takeRows(live, summaryTable(caseId), [result.summary], { versionOf: () => leftAt });
  if (summary.length === 0) return;
  dispatch(
    orderItemsApi.util.updateQueryData("inventorySummary", { caseId, groupId }, (draft) => {
      for (const row of summary) upsertById(draft, row);
    }),
  );
}

/** An order item answered by a write of it goes into the case's list at once (if newer than shown). */
async function applyAnswer(
  caseId: number,
  { dispatch, extra, queryFulfilled }: Writer & { queryFulfilled: Promise<{ data: OrderItemDto }> },
) {
  try {
    const { data } = await queryFulfilled;
    const live = liveStateOf(extra);
    const rows = takeRows(live, "orderItems", [data]);
    const memory = memoryOf(live, "orderItems");
    dispatch(
      orderItemsApi.util.updateQueryData("caseOrderItems", caseId, (d) => {
        for (const row of rows) upsertVersioned(d, row, memory);
      }),
    );
  } catch {
    // the page shows the dialog
  }
}

/** Case detail, its inventory summary and shipped items (live), allocation, issue/receive, export. */
export const orderItemsApi = api.injectEndpoints({
  endpoints: (build) => ({
    workCase: build.query<WorkCaseDto, CaseArg>({
      query: workCaseUrl,
      providesTags: (_r, _e, { caseId }) => [{ type: "WorkCase", id: caseId }],
      onCacheEntryAdded: (arg, cache) =>
        subscribeWhileCached(arg, cache, (apply, { extra }) => [
          onServerEvent("workcases.upserted", ({ workcase }) => {
            if (workcase.id !== arg.caseId) return;
            // Only a newer state: another process may deliver an older one later (docs/realtime.md).
            for (const row of takeRows(liveStateOf(extra), "workCases", [workcase]))
              apply((draft) => {
                if (row.version > draft.version) Object.assign(draft, row);
              });
          }),
        ]),
      onQueryStarted: replayOnLoad,
    }),
    inventorySummary: build.query<SummaryRowDto[], CaseArg>({
      query: inventorySummaryUrl,
      providesTags: (_r, _e, { caseId }) => [{ type: "Inventory", id: caseId }],
      // The case room sends the recomputed rows of every item whose availability changed for this
      // case (inventory.changed); renamed or deleted items and categories come as group events.
      // Summary rows carry no version: one app process computes them for its own watchers, one after another
      // and each from the database as it is then, so the last to arrive is the newest (docs/realtime.md).
      onCacheEntryAdded: (arg, cache) =>
        subscribeWhileCached(arg, cache, (apply, { dispatch, extra }) => {
          const { caseId } = arg;
          const refetch = () => dispatch(api.util.invalidateTags([{ type: "Inventory", id: caseId }]));
          const live = liveStateOf(extra);
          const table = summaryTable(caseId);
          return [
            onServerEvent("inventory.changed", ({ case_id, rows: all }) => {
              if (case_id !== caseId) return;
              // A recomputation read before an item's delete can arrive after it: its row must not come
              // back (item ids are never reused, and takeRows remembers the delete).
              const arrival = nextArrival(live);
              const rows = takeRows(live, table, all, { versionOf: () => arrival });
              apply((draft) => {
                for (const row of rows) upsertById(draft, row);
              });
            }),
            onServerEvent("items.deleted", ({ id }) => {
              takeRows(live, table, [], { deleted: [id] });
              apply((draft) => removeById(draft, id));
            }),
            ...CATALOGUE_EVENTS.filter((e) => e !== "items.deleted").map((event) =>
              onServerEvent(event, refetch),
            ),
            // A usage change recomputed while this client was not in the case room (watch refused, not
            // answered yet, or joined just after the recomputation) sent it no rows: read them instead.
            onServerEvent("stock.changed", ({ seq }) => {
              if (!caseRoomCovers(caseId, seq)) refetch();
            }),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    caseOrderItems: build.query<OrderItemDto[], number>({
      query: caseOrderItemsUrl,
      providesTags: (_r, _e, caseId) => [{ type: "OrderItem", id: caseId }],
      onCacheEntryAdded: (caseId, cache) =>
        subscribeWhileCached(caseId, cache, (apply, { dispatch, extra }) => {
          const refetch = () => dispatch(api.util.invalidateTags([{ type: "OrderItem", id: caseId }]));
          const live = liveStateOf(extra);
          const memory = memoryOf(live, "orderItems");
          return [
            onServerEvent("orderitems.upserted", ({ order_item }) => {
              if (order_item.work_case !== caseId) return;
              for (const row of takeRows(live, "orderItems", [order_item]))
                apply((draft) => void upsertVersioned(draft, row, memory));
            }),
            onServerEvent("orderitems.deleted", ({ id, work_case }) => {
              if (work_case !== caseId) return;
              takeRows(live, "orderItems", [], { deleted: [id] });
              apply((draft) => removeVersioned(draft, id, memory));
            }),
            // Item titles and category names are copied into the rows: refetch when they change.
            ...CATALOGUE_EVENTS.map((event) => onServerEvent(event, refetch)),
          ];
        }),
      ...liveList<OrderItemDto>("orderItems"),
    }),
    caseCategories: build.query<CategoryDto[], number>({
      query: caseCategoriesUrl,
      providesTags: [{ type: "Category", id: "LIST" }],
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply, { extra }) => {
          const live = liveStateOf(extra);
          const memory = memoryOf(live, "categories");
          return [
            onServerEvent("categories.upserted", ({ category }) => {
              for (const row of takeRows(live, "categories", [category]))
                apply((draft) => void upsertVersioned(draft, row, memory));
            }),
            onServerEvent("categories.deleted", ({ id }) => {
              takeRows(live, "categories", [], { deleted: [id] });
              apply((draft) => removeVersioned(draft, id, memory));
            }),
          ];
        }),
      ...liveList<CategoryDto>("categories"),
    }),
    addItem: build.mutation<AllocationResultDto, CaseArg & { itemId: number }>({
      query: ({ itemId, caseId }) => ({ url: `/api/additem/${itemId}/${caseId}/`, method: "POST" }),
      async onQueryStarted(arg, { dispatch, extra, queryFulfilled }) {
        const leftAt = liveStateOf(extra).arrivals;
        try {
          const { data } = await queryFulfilled;
          applyAllocation({ dispatch, extra }, arg, data, leftAt);
        } catch {
          // the page shows the shortage
        }
      },
    }),
    reduceItem: build.mutation<AllocationResultDto, CaseArg & { itemId: number }>({
      query: ({ itemId, caseId }) => ({ url: `/api/reduceitem/${itemId}/${caseId}/`, method: "POST" }),
      async onQueryStarted(arg, { dispatch, extra, getState, queryFulfilled }) {
        const shown = orderItemsApi.endpoints.caseOrderItems.select(arg.caseId)(getState() as never).data;
        const shownBefore = shown?.find((o) => o.items.id === arg.itemId)?.id;
        const leftAt = liveStateOf(extra).arrivals;
        try {
          const { data } = await queryFulfilled;
          applyAllocation({ dispatch, extra }, arg, data, leftAt, shownBefore);
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
      onQueryStarted: ({ caseId }, lifecycle) => applyAnswer(caseId, lifecycle),
    }),
    /** Some units issued or received (docs/lifecycle.md). */
    moveOrderItem: build.mutation<
      OrderItemDto,
      { id: number; caseId: number; kind: MovementKind; quantity: number; parts?: ReceiveParts }
    >({
      query: movementRequest,
      onQueryStarted: ({ caseId }, lifecycle) => applyAnswer(caseId, lifecycle),
    }),
    /** A tracked line's 出庫 / 入庫 naming its units (docs/units.md): the body the unit scan built. */
    moveOrderItemUnits: build.mutation<
      OrderItemDto,
      { id: number; caseId: number; kind: MovementKind; body: object }
    >({
      query: ({ id, kind, body }) => ({ url: `/api/orderitems/${id}/${kind}/`, method: "POST", body }),
      onQueryStarted: ({ caseId }, lifecycle) => applyAnswer(caseId, lifecycle),
    }),
    undoOrderItemMovement: build.mutation<OrderItemDto, { id: number; caseId: number }>({
      query: undoRequest,
      onQueryStarted: ({ caseId }, lifecycle) => applyAnswer(caseId, lifecycle),
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
  useMoveOrderItemMutation,
  useMoveOrderItemUnitsMutation,
  useUndoOrderItemMovementMutation,
  useExportExcelMutation,
} = orderItemsApi;
