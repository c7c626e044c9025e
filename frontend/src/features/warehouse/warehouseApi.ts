import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { WarehouseBoardDto } from "@zaiko/common/warehouse/warehouse.schema";
import { api } from "../../lib/api";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { onServerEvent } from "../../lib/socket";
import { throttled } from "../../lib/throttle";
import { applyOrderItem, removeOrderItem, showsItem } from "./boardUpdates";

/** Refetches of one burst of events (a case moved with all its items) are merged within this time. */
const REFETCH_DELAY_MS = 150;

export type TimingBody = { issue: string | null } | { receive: string | null };

/** The warehouse board (live) and its 出庫/入庫 toggles, which use the shipped items' PATCH. */
export const warehouseApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `date` "YYYY-MM-DD", or null for today (the server's business day). */
    warehouseBoard: build.query<WarehouseBoardDto, string | null>({
      query: (date) => ({ url: "/api/warehouse/", params: date ? { date } : undefined }),
      providesTags: ["Warehouse"],
      onCacheEntryAdded: (date, cache) =>
        subscribeWhileCached(date, cache, (apply, { dispatch }) => {
          const refetch = throttled(() => dispatch(api.util.invalidateTags(["Warehouse"])), REFETCH_DELAY_MS);
          return [
            refetch.cancel,
            onServerEvent("orderitems.upserted", ({ order_item }) => {
              let result = "ignore";
              apply((draft) => {
                result = applyOrderItem(draft, order_item);
              });
              if (result === "refetch") refetch();
            }),
            onServerEvent("orderitems.deleted", ({ id }) => apply((draft) => removeOrderItem(draft, id))),
            // A case's title or period (its items move with it) changed, or it is gone.
            onServerEvent("workcases.upserted", refetch),
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
            onServerEvent("categories.upserted", refetch),
            onServerEvent("categories.deleted", refetch),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    warehouseToggle: build.mutation<OrderItemDto, { id: number; body: TimingBody }>({
      query: ({ id, body }) => ({ url: `/api/orderitems/${id}/`, method: "PATCH", body }),
      // The answer goes into every cached board at once; other screens get orderitems.upserted.
      async onQueryStarted(_arg, { dispatch, queryFulfilled, getState }) {
        try {
          const { data } = await queryFulfilled;
          for (const date of warehouseApi.util.selectCachedArgsForQuery(getState(), "warehouseBoard")) {
            dispatch(
              warehouseApi.util.updateQueryData("warehouseBoard", date, (draft) => {
                applyOrderItem(draft, data);
              }),
            );
          }
        } catch {
          // the page shows the error
        }
      },
    }),
  }),
});

export const { useWarehouseBoardQuery, useWarehouseToggleMutation } = warehouseApi;
