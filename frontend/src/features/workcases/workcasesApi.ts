import type { WorkCaseDto } from "../../lib/allocation";
import { api } from "../../lib/api";
import { liveList, onAccepted, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, rowInto, rowOut } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";
import { workCaseListUrl } from "./requests";

/** What the create and edit forms send (spec §7): ISO-8601 timestamps with offset. */
export interface WorkCaseInput {
  title: string;
  start_date: string;
  end_date: string;
  note: string;
  /** Create only: 仮押さえ with its deadline; absent means 本予約 (docs/lifecycle.md). */
  status?: "tentative" | "confirmed";
  hold_until?: string | null;
}

/** The work case list, live, and its writes (create, edit, delete, duplicate). */
export const workcasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listWorkCases: build.query<WorkCaseDto[], number>({
      query: workCaseListUrl,
      providesTags: [{ type: "WorkCase", id: "LIST" }],
      // Other coordinators' cases arrive as socket events and are applied by id (idempotent).
      // Applied by id and version: an older state delivered late by another process is ignored.
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply, { extra }) => {
          const live = liveStateOf(extra);
          return [
            onServerEvent("workcases.upserted", ({ workcase }) => {
              if (workcase.group !== groupId) return;
              const change = rowInto(live, "workCases", workcase);
              if (change) apply(change);
            }),
            onServerEvent("workcases.deleted", ({ id }) => {
              apply(rowOut(live, "workCases", id));
            }),
          ];
        }),
      ...liveList<WorkCaseDto>("workCases"),
    }),
    createWorkCase: build.mutation<WorkCaseDto, WorkCaseInput & { groupId: number }>({
      query: ({ groupId, ...body }) => ({
        url: "/api/workcases/",
        method: "POST",
        body: { ...body, group: groupId },
      }),
      onQueryStarted: ({ groupId }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, extra, groupId, data)),
    }),
    updateWorkCase: build.mutation<WorkCaseDto, WorkCaseInput & { id: number; groupId: number }>({
      query: ({ id, groupId, ...body }) => ({
        url: `/api/workcases/${id}/`,
        method: "PUT",
        body: { id, ...body, group: groupId },
      }),
      // The case detail and the shipped items of this case move with the period.
      invalidatesTags: (_r, error, { id }) =>
        error
          ? []
          : [
              { type: "WorkCase", id },
              { type: "OrderItem", id },
              { type: "Inventory", id },
            ],
      onQueryStarted: ({ groupId }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, extra, groupId, data)),
    }),
    deleteWorkCase: build.mutation<void, { id: number; groupId: number }>({
      query: ({ id, groupId }) => ({
        url: `/api/workcases/${id}/`,
        method: "DELETE",
        params: { groupid: groupId },
      }),
      onQueryStarted: ({ id, groupId }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, () =>
          dispatch(
            workcasesApi.util.updateQueryData(
              "listWorkCases",
              groupId,
              rowOut(liveStateOf(extra), "workCases", id),
            ),
          ),
        ),
    }),
    duplicateWorkCase: build.mutation<WorkCaseDto, { id: number; groupId: number }>({
      query: ({ id }) => ({ url: `/api/duplicate_work_case/${id}/`, method: "POST" }),
      onQueryStarted: ({ groupId }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, extra, groupId, data)),
    }),
  }),
});

/** The dispatch of a mutation's onQueryStarted, as far as a cache write needs it. */
type CacheDispatch = (thunk: ReturnType<typeof workcasesApi.util.updateQueryData>) => unknown;

/** A case the server answered (created, edited, duplicated) into the group's list, by id and version. */
function upsertIntoList(dispatch: CacheDispatch, extra: unknown, groupId: number, data: WorkCaseDto): void {
  const change = rowInto(liveStateOf(extra), "workCases", data);
  if (change) dispatch(workcasesApi.util.updateQueryData("listWorkCases", groupId, change));
}

export const {
  useListWorkCasesQuery,
  useCreateWorkCaseMutation,
  useUpdateWorkCaseMutation,
  useDeleteWorkCaseMutation,
  useDuplicateWorkCaseMutation,
} = workcasesApi;
