import type { HoldersDto, TimelineDto } from "@zaiko/common/availability/insight.schema";
import type { ServerEventName, ServerEventPayload } from "@zaiko/common/realtime/events";
import { api } from "../../lib/api";
import { onServerEvent } from "../../lib/socket";
import { throttled } from "../../lib/throttle";
import type { TimelineKind } from "./paths";

/** What "why is it short?" asks about: an item for a case (its window), or over another window. */
export interface HoldersArgs {
  itemId: number;
  groupId: number;
  caseId?: number;
  /** ISO instants: the window when it is not the case's (a refused period change). */
  start?: string;
  end?: string;
  /** Units wanted; without it, the case's own order quantity plus `more` (default 1, what a '+' asks). */
  quantity?: number;
  more?: number;
}

/** Which timeline: an item's or a category's, from a day, for some weeks. */
export interface TimelineArgs {
  groupId: number;
  kind: TimelineKind;
  id: number;
  /** "YYYY-MM-DD"; without it the server starts today. */
  from?: string;
  weeks: number;
}

/** Bursts of events cause at most one refetch per this many ms. */
const REFETCH_DELAY_MS = 150;

/** The cache entry parts the live refetch uses. */
interface LiveEntry<Data> {
  getCacheEntry(): { data?: Data; status?: string };
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * Both views are computed by the server from many rows, so an event that may change them refetches them
 * (throttled), as the weekly view does (docs/realtime.md, "Views that are refetched"). An event arriving while
 * a request is out refetches again once it lands: that answer may have been read before the event's commit.
 */
async function refetchOn<Data>(
  entry: LiveEntry<Data>,
  refetch: () => void,
  concerns: { [E in ServerEventName]?: (payload: ServerEventPayload<E>, data: Data) => boolean },
): Promise<void> {
  let again = false;
  const run = throttled(() => {
    if (entry.getCacheEntry().status === "pending") {
      again = true;
      return;
    }
    refetch();
  }, REFETCH_DELAY_MS);
  const stops = Object.entries(concerns).map(([event, concerns]) =>
    onServerEvent(
      event as ServerEventName,
      ((payload: unknown) => {
        const data = entry.getCacheEntry().data;
        if (data === undefined || (concerns as (p: unknown, d: Data) => boolean)(payload, data)) run();
      }) as never,
    ),
  );
  const poll = setInterval(() => {
    if (again && entry.getCacheEntry().status !== "pending") {
      again = false;
      run();
    }
  }, REFETCH_DELAY_MS);
  try {
    await entry.cacheEntryRemoved;
  } finally {
    clearInterval(poll);
    run.cancel();
    for (const stop of stops) stop();
  }
}

const holdersUrl = ({ itemId }: HoldersArgs) => `/api/availability/items/${itemId}/holders/`;

/** Why is it short? and the timeline (docs/availability.md), both live. */
export const availabilityApi = api.injectEndpoints({
  endpoints: (build) => ({
    itemHolders: build.query<HoldersDto, HoldersArgs>({
      query: (args) => ({
        url: holdersUrl(args),
        params: {
          groupid: args.groupId,
          case: args.caseId,
          start: args.start,
          end: args.end,
          quantity: args.quantity,
          more: args.more,
        },
      }),
      providesTags: [{ type: "Inventory", id: "HOLDERS" }],
      keepUnusedDataFor: 5,
      onCacheEntryAdded: (args, cache) =>
        refetchOn<HoldersDto>(
          cache,
          () =>
            void cache.dispatch(
              availabilityApi.endpoints.itemHolders.initiate(args, { subscribe: false, forceRefetch: true }),
            ),
          {
            "stock.changed": ({ item_ids }) => item_ids.includes(args.itemId),
            "workcases.upserted": ({ workcase }, data) =>
              workcase.id === args.caseId || data.holders.some((h) => h.case_id === workcase.id),
            "workcases.deleted": ({ id }, data) => data.holders.some((h) => h.case_id === id),
            "items.upserted": ({ item }) => item.id === args.itemId,
            "items.imported": () => true,
          },
        ),
    }),
    availabilityTimeline: build.query<TimelineDto, TimelineArgs>({
      query: ({ groupId, kind, id, from, weeks }) => ({
        url: "/api/availability/timeline/",
        params: { groupid: groupId, [kind]: id, from, weeks },
      }),
      providesTags: [{ type: "Inventory", id: "TIMELINE" }],
      onCacheEntryAdded: (args, cache) => {
        const shown = (data: TimelineDto, itemId: number) => data.items.some((i) => i.id === itemId);
        const hasCase = (data: TimelineDto, caseId: number) =>
          data.items.some((i) => i.bars.some((b) => b.case_id === caseId));
        return refetchOn<TimelineDto>(
          cache,
          () =>
            void cache.dispatch(
              availabilityApi.endpoints.availabilityTimeline.initiate(args, {
                subscribe: false,
                forceRefetch: true,
              }),
            ),
          {
            "stock.changed": ({ item_ids }, data) => item_ids.some((id) => shown(data, id)),
            "workcases.upserted": ({ workcase }, data) => hasCase(data, workcase.id),
            "workcases.deleted": ({ id }, data) => hasCase(data, id),
            "items.upserted": ({ item }, data) =>
              shown(data, item.id) || (args.kind === "category" && item.category === args.id),
            "items.deleted": ({ id }, data) => shown(data, id),
            "categories.upserted": ({ category }) => args.kind === "category" && category.id === args.id,
            "items.imported": () => true,
          },
        );
      },
    }),
  }),
});

export const { useItemHoldersQuery, useAvailabilityTimelineQuery } = availabilityApi;
