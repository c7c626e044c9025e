import type { UnitDto, UnitPageDto } from "@zaiko/common/units/units.schema";
import { api } from "../../lib/api";
import { saveBlob } from "../../lib/download";
import { onServerEvent } from "../../lib/socket";
import { throttled } from "../../lib/throttle";

/** Re-reads of one burst of `units.changed` (an issue of 10 units is one event, a set line several). */
const REFETCH_DELAY_MS = 150;

/**
 * 個体管理 (docs/units.md): an item's units, a unit's page, the scan's look-up, and the writes. Every open list
 * and page reads again on `units.changed` of its item (any screen of the group moved, added or retired one).
 */
export const unitsApi = api.injectEndpoints({
  endpoints: (build) => ({
    itemUnits: build.query<UnitDto[], number>({
      query: (itemId) => ({ url: "/api/units/", params: { item: itemId } }),
      providesTags: (_r, _e, itemId) => [{ type: "Unit", id: `item-${itemId}` }],
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(itemId, { cacheEntryRemoved, dispatch }) {
        const refetch = throttled(
          () => dispatch(api.util.invalidateTags([{ type: "Unit", id: `item-${itemId}` }])),
          REFETCH_DELAY_MS,
        );
        const off = onServerEvent("units.changed", ({ item_ids }) => {
          if (item_ids.includes(itemId)) refetch();
        });
        await cacheEntryRemoved;
        refetch.cancel();
        off();
      },
    }),
    unitPage: build.query<UnitPageDto, number>({
      query: (id) => `/api/units/${id}/`,
      providesTags: (_r, _e, id) => [{ type: "Unit", id }],
      keepUnusedDataFor: 0,
      async onCacheEntryAdded(id, { cacheEntryRemoved, dispatch }) {
        const refetch = throttled(
          () => dispatch(api.util.invalidateTags([{ type: "Unit", id }])),
          REFETCH_DELAY_MS,
        );
        const offs = [
          onServerEvent("units.changed", ({ unit_ids }) => {
            if (unit_ids.includes(id)) refetch();
          }),
          // A case renamed or moved: the page shows its title and period.
          onServerEvent("workcases.upserted", refetch),
        ];
        await cacheEntryRemoved;
        refetch.cancel();
        for (const off of offs) off();
      },
    }),
    /** The unit a scanned tag names (404 `{detail}` when none). */
    lookupUnit: build.mutation<UnitDto, string>({
      query: (tag) => ({ url: "/api/units/lookup/", params: { tag } }),
    }),
    setTracking: build.mutation<UnitDto[], { item: number; tracked: boolean; prefix?: string }>({
      query: (body) => ({ url: "/api/units/tracking/", method: "POST", body }),
      invalidatesTags: (_r, _e, { item }) => [{ type: "Unit", id: `item-${item}` }],
    }),
    addUnit: build.mutation<UnitDto, { item: number; tag?: string; serial?: string; memo?: string }>({
      query: (body) => ({ url: "/api/units/", method: "POST", body }),
      invalidatesTags: (_r, _e, { item }) => [{ type: "Unit", id: `item-${item}` }],
    }),
    editUnit: build.mutation<
      UnitDto,
      { id: number; item: number; tag?: string; serial?: string; memo?: string }
    >({
      query: ({ id, item: _item, ...body }) => ({ url: `/api/units/${id}/`, method: "PATCH", body }),
      invalidatesTags: (_r, _e, { id, item }) => [
        { type: "Unit", id },
        { type: "Unit", id: `item-${item}` },
      ],
    }),
    retireUnit: build.mutation<UnitDto, { id: number; item: number }>({
      query: ({ id }) => ({ url: `/api/units/${id}/retire/`, method: "POST" }),
      invalidatesTags: (_r, _e, { id, item }) => [
        { type: "Unit", id },
        { type: "Unit", id: `item-${item}` },
      ],
    }),
    /** 発見 / 修理完了 of a lost or broken unit, named by itself. */
    resolveUnit: build.mutation<UnitDto, { id: number; item: number }>({
      query: ({ id }) => ({ url: `/api/units/${id}/resolve/`, method: "POST" }),
      invalidatesTags: (_r, _e, { id, item }) => [
        { type: "Unit", id },
        { type: "Unit", id: `item-${item}` },
      ],
    }),
    /** The label PDF (docs/units.md) goes straight to the browser. */
    downloadLabels: build.mutation<null, { ids: number[]; layout: string; start: number }>({
      query: ({ ids, layout, start }) => ({
        url: "/api/units/labels/",
        params: { ids: ids.join(","), layout, start },
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          saveBlob(await response.blob(), "labels.pdf");
          return null;
        },
      }),
    }),
    downloadUnitsCsv: build.mutation<null, { item?: number }>({
      query: ({ item }) => ({
        url: "/api/units/export/",
        params: item === undefined ? {} : { item },
        responseHandler: async (response) => {
          if (!response.ok) return response.json();
          saveBlob(await response.blob(), "units.csv");
          return null;
        },
      }),
    }),
  }),
});

export const {
  useItemUnitsQuery,
  useUnitPageQuery,
  useLookupUnitMutation,
  useSetTrackingMutation,
  useAddUnitMutation,
  useEditUnitMutation,
  useRetireUnitMutation,
  useResolveUnitMutation,
  useDownloadLabelsMutation,
  useDownloadUnitsCsvMutation,
} = unitsApi;
