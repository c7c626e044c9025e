import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { WarehouseBoardDto, WarehouseOverdueDto } from "@zaiko/common/warehouse/warehouse.schema";
import {
  type MovementKind,
  movementRequest,
  type ReceiveParts,
  undoRequest,
} from "../../components/movements";
import { api } from "../../lib/api";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, memoryOf, takeRows } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";
import { throttled } from "../../lib/throttle";
import { applyOrderItem, caseLists, removeOrderItem, showsItem } from "./boardUpdates";
import { warehouseBoardUrl, warehouseOverdueUrl } from "./requests";

/** The order items the store saw deleted, for every board (an answer or a late event must not bring one back). */
const deletedOrderItems = (extra: unknown) => memoryOf(liveStateOf(extra), "orderItems");

/** Refetches of one burst of events (a case moved with all its items) are merged within this time. */
const REFETCH_DELAY_MS = 150;

/** The warnings' refetches of one burst of events are merged within this time (as the case screens'). */
const OVERDUE_REFETCH_DELAY_MS = 300;

export type TimingBody = { issue: string | null } | { receive: string | null };

/** The warehouse board (live) and its 出庫/入庫 toggles, which use the shipped items' PATCH. */
export const warehouseApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `date` "YYYY-MM-DD", or null for today (the server's business day). */
    warehouseBoard: build.query<WarehouseBoardDto, string | null>({
      query: warehouseBoardUrl,
      providesTags: ["Warehouse"],
      onCacheEntryAdded: (date, cache) =>
        subscribeWhileCached(date, cache, (apply, { dispatch, extra }) => {
          const refetch = throttled(() => dispatch(api.util.invalidateTags(["Warehouse"])), REFETCH_DELAY_MS);
          const live = liveStateOf(extra);
          const memory = deletedOrderItems(extra);
          return [
            refetch.cancel,
            onServerEvent("orderitems.upserted", ({ order_item }) => {
              let result = "ignore";
              for (const row of takeRows(live, "orderItems", [order_item]))
                apply((draft) => {
                  result = applyOrderItem(draft, row, memory);
                });
              if (result === "refetch") refetch();
            }),
            onServerEvent("orderitems.deleted", ({ id }) => {
              takeRows(live, "orderItems", [], { deleted: [id] });
              apply((draft) => removeOrderItem(draft, id, memory));
            }),
            // A case's title or period (its items move with it) changed, or it is gone.
            onServerEvent("workcases.upserted", refetch),
            // 外部手配's 入荷 / 返却 rows (docs/subrental.md): a hire created, moved or stepped.
            onServerEvent("subrentals.upserted", refetch),
            // A hired unit lost or broken (or its undo): the 返却 row's count and its note change.
            onServerEvent("subrentals.losses", refetch),
            onServerEvent("workcases.deleted", refetch),
            // Rows copy item titles and category names.
            onServerEvent("items.upserted", ({ item }) => {
              let shown = false;
              apply((draft) => {
                shown = showsItem(draft, item.id);
              });
              if (shown) refetch();
            }),
            onServerEvent("items.deleted", refetch),
            // Units moved (個体管理, docs/units.md): a tracked line's units out come with the board's read.
            onServerEvent("units.changed", ({ item_ids }) => {
              let shown = false;
              apply((draft) => {
                shown = item_ids.some((id) => showsItem(draft, id));
              });
              if (shown) refetch();
            }),
            // A set booked or reduced on a case shown: its group and units per part come with the board's read.
            ...(["setlines.upserted", "setlines.deleted"] as const).map((event) =>
              onServerEvent(event, (payload) => {
                const caseId = "line" in payload ? payload.line.work_case : payload.work_case;
                let shown = false;
                apply((draft) => {
                  shown = caseLists(draft).some((list) => list.some((c) => c.id === caseId));
                });
                if (shown) refetch();
              }),
            ),
            onServerEvent("categories.upserted", refetch),
            onServerEvent("categories.deleted", refetch),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    /**
     * The overdue warnings of the board's cases going out (延滞, docs/lifecycle.md), read again on any order
     * item or usage change of the group, as the case screens read theirs: a receive of the units ends one.
     */
    warehouseOverdue: build.query<WarehouseOverdueDto[], string | null>({
      query: warehouseOverdueUrl,
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(date, { cacheEntryRemoved, dispatch }) {
        const refetch = throttled(
          () =>
            void dispatch(
              warehouseApi.endpoints.warehouseOverdue.initiate(date, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
          OVERDUE_REFETCH_DELAY_MS,
        );
        const offs = [
          onServerEvent("orderitems.upserted", () => refetch()),
          onServerEvent("orderitems.deleted", () => refetch()),
          onServerEvent("stock.changed", () => refetch()),
          onServerEvent("workcases.upserted", () => refetch()),
        ];
        await cacheEntryRemoved;
        refetch.cancel();
        for (const off of offs) off();
      },
    }),
    warehouseToggle: build.mutation<OrderItemDto, { id: number; body: TimingBody }>({
      query: ({ id, body }) => ({ url: `/api/orderitems/${id}/`, method: "PATCH", body }),
      onQueryStarted: (_arg, lifecycle) => applyToBoards(lifecycle),
    }),
    warehouseMove: build.mutation<
      OrderItemDto,
      { id: number; kind: MovementKind; quantity: number; parts?: ReceiveParts }
    >({
      query: movementRequest,
      onQueryStarted: (_arg, lifecycle) => applyToBoards(lifecycle),
    }),
    /**
     * 出庫 / 入庫 of a tracked line by unit (docs/units.md): the row's counts come back in the answer; the board
     * is read again for the units now out on it.
     */
    warehouseUnitMove: build.mutation<OrderItemDto, { id: number; kind: MovementKind; body: object }>({
      query: ({ id, kind, body }) => ({ url: `/api/orderitems/${id}/${kind}/`, method: "POST", body }),
      onQueryStarted: async (_arg, lifecycle) => {
        await applyToBoards(lifecycle);
        lifecycle.dispatch(api.util.invalidateTags(["Warehouse"]));
      },
    }),
    warehouseUndo: build.mutation<OrderItemDto, { id: number }>({
      query: undoRequest,
      onQueryStarted: (_arg, lifecycle) => applyToBoards(lifecycle),
    }),
    /** A whole set line out or back (docs/sets.md): every part's order item comes back in the answer. */
    warehouseSetMove: build.mutation<
      { order_items: OrderItemDto[] },
      { lineId: number; kind: MovementKind; body?: object }
    >({
      // `body`: the units of the set's tracked parts (docs/units.md), when it has some.
      query: ({ lineId, kind, body }) => ({
        url: `/api/setlines/${lineId}/${kind}/`,
        method: "POST",
        ...(body ? { body } : {}),
      }),
      onQueryStarted: (_arg, { queryFulfilled, ...rest }) =>
        applyToBoards({
          ...rest,
          queryFulfilled: queryFulfilled.then(({ data }) => ({ data: data.order_items })),
        }),
    }),
  }),
});

/** The answer goes into every cached board at once; other screens get orderitems.upserted. */
async function applyToBoards({
  dispatch,
  extra,
  queryFulfilled,
  getState,
}: {
  dispatch: ((action: unknown) => unknown) & object;
  extra: unknown;
  queryFulfilled: Promise<{ data: OrderItemDto | OrderItemDto[] }>;
  getState: () => unknown;
}) {
  try {
    const { data } = await queryFulfilled;
    let stale = false;
    const rows = takeRows(liveStateOf(extra), "orderItems", Array.isArray(data) ? data : [data]);
    for (const date of warehouseApi.util.selectCachedArgsForQuery(getState() as never, "warehouseBoard")) {
      for (const row of rows)
        dispatch(
          warehouseApi.util.updateQueryData("warehouseBoard", date, (draft) => {
            stale = applyOrderItem(draft, row, deletedOrderItems(extra)) === "refetch" || stale;
          }),
        );
    }
    // A receive may have reported units lost or broken: only the board's read counts them.
    if (stale) dispatch(warehouseApi.util.invalidateTags(["Warehouse"]));
  } catch {
    // the page shows the error
  }
}

export const {
  useWarehouseBoardQuery,
  useWarehouseOverdueQuery,
  useWarehouseToggleMutation,
  useWarehouseMoveMutation,
  useWarehouseUndoMutation,
  useWarehouseSetMoveMutation,
  useWarehouseUnitMoveMutation,
} = warehouseApi;
