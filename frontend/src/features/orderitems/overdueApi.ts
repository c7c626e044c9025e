import type { OverdueWarningDto } from "@zaiko/common/orderitems/outages.schema";
import { api } from "../../lib/api";
import { onServerEvent } from "../../lib/socket";
import { throttled } from "../../lib/throttle";

/**
 * The case's order items left short by other cases' overdue units (延滞, docs/lifecycle.md), read again when
 * any order item or usage of the group changes (a receive of the overdue units ends the warning).
 */
export const overdueApi = api.injectEndpoints({
  endpoints: (build) => ({
    overdueWarnings: build.query<OverdueWarningDto[], number>({
      query: (caseId) => ({ url: `/api/workcases/${caseId}/overdue/` }),
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(caseId, { cacheEntryRemoved, dispatch }) {
        const refetch = throttled(
          () =>
            void dispatch(
              overdueApi.endpoints.overdueWarnings.initiate(caseId, { subscribe: false, forceRefetch: true }),
            ),
          300,
        );
        const offs = [
          onServerEvent("orderitems.upserted", () => refetch()),
          onServerEvent("stock.changed", () => refetch()),
        ];
        await cacheEntryRemoved;
        refetch.cancel();
        for (const off of offs) off();
      },
    }),
  }),
});

export const { useOverdueWarningsQuery } = overdueApi;
