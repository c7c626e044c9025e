import type { OutageDto } from "@zaiko/common/orderitems/outages.schema";
import { api } from "../../lib/api";
import { onServerEvent } from "../../lib/socket";

/**
 * An item's units out of service (lost, broken: docs/lifecycle.md), read while its detail is open and again
 * on every `stock.changed` of the item (a report, a 発見 or 修理完了 anywhere in the group).
 */
export const outagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    itemOutages: build.query<OutageDto[], number>({
      query: (itemId) => ({ url: `/api/items/${itemId}/outages/` }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(itemId, { cacheEntryRemoved, dispatch }) {
        const off = onServerEvent("stock.changed", ({ item_ids }) => {
          if (!item_ids.includes(itemId)) return;
          void dispatch(
            outagesApi.endpoints.itemOutages.initiate(itemId, { subscribe: false, forceRefetch: true }),
          );
        });
        await cacheEntryRemoved;
        off();
      },
    }),
    /** 発見 (lost units found) or 修理完了 (broken units repaired): back in stock now. */
    resolveOutage: build.mutation<OutageDto, { id: number; itemId: number }>({
      query: ({ id }) => ({ url: `/api/outages/${id}/resolve/`, method: "POST" }),
      async onQueryStarted({ id, itemId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            outagesApi.util.updateQueryData("itemOutages", itemId, (list) => list.filter((o) => o.id !== id)),
          );
        } catch {
          // The panel tells the user.
        }
      },
    }),
  }),
});

export const { useItemOutagesQuery, useResolveOutageMutation } = outagesApi;
