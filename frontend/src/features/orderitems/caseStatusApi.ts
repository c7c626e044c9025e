import type { CaseStatus, WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { api } from "../../lib/api";
import { orderItemsApi } from "./orderItemsApi";

/** POST /api/workcases/{id}/status/ (docs/lifecycle.md): confirm, release or cancel, extend, reopen. */
export const caseStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeCaseStatus: build.mutation<
      WorkCaseDto,
      { id: number; groupId: number; status: CaseStatus; hold_until?: string | null }
    >({
      query: ({ id, groupId: _groupId, ...body }) => ({
        url: `/api/workcases/${id}/status/`,
        method: "POST",
        body,
      }),
      // What the case holds changed: its shippable quantities are read again (other screens hear stock.changed).
      invalidatesTags: (_r, error, { id }) => (error ? [] : [{ type: "Inventory", id }]),
      async onQueryStarted({ id, groupId }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(orderItemsApi.util.updateQueryData("workCase", { caseId: id, groupId }, () => data));
        } catch {
          // the panel tells the user
        }
      },
    }),
  }),
});

export const { useChangeCaseStatusMutation } = caseStatusApi;
