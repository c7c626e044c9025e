import type { CategoryDto, WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import type { ItemSetDto, SetWriteInput } from "@zaiko/common/sets/sets.schema";
import { todayParts } from "@zaiko/common/today";
import { api } from "../../lib/api";
import { businessTimeZone } from "../../lib/businessZone";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, rowInto, rowOut } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";
import { groupSetsUrl } from "./requests";

/** What the set form picks from: the group's items (title, category) and categories. */
export interface PartChoices {
  items: { id: number; title: string; category_name: string }[];
  categories: CategoryDto[];
}

const CATALOGUE_EVENTS = [
  "items.upserted",
  "items.deleted",
  "items.imported",
  "categories.upserted",
  "categories.deleted",
] as const;

/** The set catalogue of the group (docs/sets.md), live: sets by title as the server sorts them. */
export const setsApi = api.injectEndpoints({
  endpoints: (build) => ({
    groupSets: build.query<ItemSetDto[], number>({
      query: groupSetsUrl,
      providesTags: [{ type: "ItemSet", id: "LIST" }],
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply, { dispatch, extra }) => {
          const live = liveStateOf(extra);
          // Parts copy their items' titles, and used_by counts the cases' lines: read the list again.
          const refetch = () => dispatch(api.util.invalidateTags([{ type: "ItemSet", id: "LIST" }]));
          return [
            onServerEvent("sets.upserted", ({ set }) => {
              const change = rowInto(live, "itemSets", set);
              if (change) apply(change);
            }),
            onServerEvent("sets.deleted", ({ id }) => apply(rowOut(live, "itemSets", id))),
            ...(
              [
                "items.upserted",
                "items.deleted",
                "items.imported",
                "categories.upserted",
                "categories.deleted",
              ] as const
            ).map((event) => onServerEvent(event, refetch)),
            onServerEvent("setlines.deleted", refetch),
            // A line's first version is a set booked on one more case.
            onServerEvent("setlines.upserted", ({ line }) => {
              if (line.version === 1) refetch();
            }),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    /** The items and categories of the group, read from today's weekly view (the one list of every item). */
    partChoices: build.query<PartChoices, number>({
      query: (groupId) => {
        const { y, m, d } = todayParts(new Date(), businessTimeZone());
        return `/api/items/${y}/${m}/${d}/?groupid=${groupId}`;
      },
      transformResponse: ({ results }: WeeklyItemsDto) => ({
        items: results.items.map((i) => ({ id: i.id, title: i.title, category_name: i.category_name })),
        categories: results.categories,
      }),
      providesTags: [{ type: "ItemSet", id: "CHOICES" }],
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (_apply, { dispatch }) =>
          CATALOGUE_EVENTS.map((event) =>
            onServerEvent(event, () =>
              dispatch(api.util.invalidateTags([{ type: "ItemSet", id: "CHOICES" }])),
            ),
          ),
        ),
    }),
    createSet: build.mutation<ItemSetDto, SetWriteInput>({
      query: (body) => ({ url: "/api/sets/", method: "POST", body }),
      invalidatesTags: [{ type: "ItemSet", id: "LIST" }],
    }),
    updateSet: build.mutation<ItemSetDto, { id: number; body: SetWriteInput }>({
      query: ({ id, body }) => ({ url: `/api/sets/${id}/`, method: "PUT", body }),
      invalidatesTags: [{ type: "ItemSet", id: "LIST" }],
    }),
    deleteSet: build.mutation<null, number>({
      query: (id) => ({ url: `/api/sets/${id}/`, method: "DELETE" }),
      invalidatesTags: [{ type: "ItemSet", id: "LIST" }],
    }),
  }),
});

export const {
  useGroupSetsQuery,
  usePartChoicesQuery,
  useCreateSetMutation,
  useUpdateSetMutation,
  useDeleteSetMutation,
} = setsApi;
