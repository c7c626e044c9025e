import type { HoldersDto } from "@zaiko/common/availability/insight.schema";
import type {
  SubRentalDto,
  SubRentalStatus,
  SupplierDto,
  SupplierWriteInput,
} from "@zaiko/common/subrentals/subrentals.schema";
import { api } from "../../lib/api";
import { saveBlob } from "../../lib/download";
import { onServerEvent } from "../../lib/socket";

/** The body of a sub-rental write: ids and ISO instants as the API reads them. */
export interface SubRentalBody {
  supplier: number;
  item: number;
  quantity: number;
  start_date: string;
  end_date: string;
  work_case: number | null;
  cost_memo: string;
}

/** The cache entry parts a live list uses. */
interface LiveEntry {
  dispatch: (action: unknown) => unknown;
  cacheDataLoaded: Promise<unknown>;
  cacheEntryRemoved: Promise<unknown>;
}

/**
 * Lists computed by the server (names joined in), so an event refetches them rather than patching rows
 * (docs/realtime.md, "Views that are refetched"); a reconnect refetches them through their tags.
 */
async function refetchOnEvents(
  entry: LiveEntry,
  tag: "Supplier" | "SubRental",
  events: ("suppliers.upserted" | "suppliers.deleted" | "subrentals.upserted" | "subrentals.losses")[],
) {
  try {
    await entry.cacheDataLoaded;
  } catch {
    return;
  }
  const stops = events.map((event) =>
    onServerEvent(event, () => void entry.dispatch(api.util.invalidateTags([{ type: tag, id: "LIST" }]))),
  );
  await entry.cacheEntryRemoved;
  for (const stop of stops) stop();
}

/** 取引先 and 外部手配 (docs/subrental.md): the lists (live), their writes and the status steps. */
export const subRentalsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSuppliers: build.query<SupplierDto[], void>({
      query: () => ({ url: "/api/suppliers/" }),
      providesTags: [{ type: "Supplier", id: "LIST" }],
      onCacheEntryAdded: (_arg, entry) =>
        refetchOnEvents(entry, "Supplier", ["suppliers.upserted", "suppliers.deleted"]),
    }),
    createSupplier: build.mutation<SupplierDto, SupplierWriteInput>({
      query: (body) => ({ url: "/api/suppliers/", method: "POST", body }),
      invalidatesTags: [{ type: "Supplier", id: "LIST" }],
    }),
    updateSupplier: build.mutation<SupplierDto, SupplierWriteInput & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/suppliers/${id}/`, method: "PUT", body }),
      invalidatesTags: [
        { type: "Supplier", id: "LIST" },
        { type: "SubRental", id: "LIST" },
      ],
    }),
    deleteSupplier: build.mutation<void, number>({
      query: (id) => ({ url: `/api/suppliers/${id}/`, method: "DELETE" }),
      invalidatesTags: [{ type: "Supplier", id: "LIST" }],
    }),
    /** 理由's window for an item of a case: the units wanted, free, and the held period a hire must cover. */
    hireWindow: build.query<
      HoldersDto,
      { itemId: number; caseId: number; more: number; start?: string; end?: string }
    >({
      query: ({ itemId, caseId, more, start, end }) => ({
        url: `/api/availability/items/${itemId}/holders/`,
        params: { case: caseId, more, start, end },
      }),
      keepUnusedDataFor: 0,
    }),
    /** The items a new sub-rental may name (the weekly view's list: every item of the group). */
    itemChoices: build.query<{ id: number; title: string }[], string>({
      query: (day) => ({ url: `/api/items/${day}/` }),
      transformResponse: (week: { results: { items: { id: number; title: string }[] } }) =>
        week.results.items.map(({ id, title }) => ({ id, title })),
      keepUnusedDataFor: 0,
    }),
    /** The month's CSV (supplier, item, quantity, period, case, cost memo, status), straight to the browser. */
    exportSubRentalCsv: build.mutation<null, string>({
      query: (month) => ({
        url: "/api/subrentals/export/",
        params: { month },
        responseHandler: async (response) => {
          if (!response.ok) return response.text();
          saveBlob(await response.blob(), `subrentals_${month}.csv`);
          return null;
        },
      }),
    }),
    listSubRentals: build.query<SubRentalDto[], { item?: number; work_case?: number; month?: string }>({
      query: (params) => ({ url: "/api/subrentals/", params }),
      providesTags: [{ type: "SubRental", id: "LIST" }],
      onCacheEntryAdded: (_arg, entry) =>
        refetchOnEvents(entry, "SubRental", [
          "subrentals.upserted",
          "subrentals.losses",
          "suppliers.upserted",
        ]),
    }),
    createSubRental: build.mutation<SubRentalDto, SubRentalBody>({
      query: (body) => ({ url: "/api/subrentals/", method: "POST", body }),
      invalidatesTags: [
        { type: "SubRental", id: "LIST" },
        { type: "Inventory", id: "TIMELINE" },
        { type: "Inventory", id: "HOLDERS" },
      ],
    }),
    updateSubRental: build.mutation<SubRentalDto, SubRentalBody & { id: number }>({
      query: ({ id, ...body }) => ({ url: `/api/subrentals/${id}/`, method: "PUT", body }),
      invalidatesTags: [{ type: "SubRental", id: "LIST" }],
    }),
    changeSubRentalStatus: build.mutation<
      SubRentalDto,
      { id: number; status: Exclude<SubRentalStatus, "requested"> }
    >({
      query: ({ id, status }) => ({ url: `/api/subrentals/${id}/status/`, method: "POST", body: { status } }),
      invalidatesTags: [{ type: "SubRental", id: "LIST" }],
    }),
  }),
});

export const {
  useListSuppliersQuery,
  useCreateSupplierMutation,
  useUpdateSupplierMutation,
  useDeleteSupplierMutation,
  useListSubRentalsQuery,
  useLazyHireWindowQuery,
  useItemChoicesQuery,
  useExportSubRentalCsvMutation,
  useCreateSubRentalMutation,
  useUpdateSubRentalMutation,
  useChangeSubRentalStatusMutation,
} = subRentalsApi;
