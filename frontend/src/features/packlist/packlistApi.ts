import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { CaseSetLineDto } from "@zaiko/common/sets/sets.schema";
import type { SubRentalDto } from "@zaiko/common/subrentals/subrentals.schema";
import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { api } from "../../lib/api";

/**
 * What the pack list prints: the case, its shipped items and its set lines, read once (a sheet of paper is not live). The
 * server takes the group from the token: another group's case answers 404 like a missing one.
 */
export const packListApi = api.injectEndpoints({
  endpoints: (build) => ({
    packListCase: build.query<WorkCaseDto, number>({
      query: (caseId) => `/api/workcases/${caseId}/`,
      providesTags: (_r, _e, caseId) => [{ type: "WorkCase", id: caseId }],
    }),
    packListItems: build.query<OrderItemDto[], number>({
      query: (caseId) => ({ url: "/api/orderitems/", params: { work_case: caseId } }),
      providesTags: (_r, _e, caseId) => [{ type: "OrderItem", id: caseId }],
    }),
    packListSetLines: build.query<CaseSetLineDto[], number>({
      query: (caseId) => ({ url: "/api/setlines/", params: { work_case: caseId } }),
      providesTags: (_r, _e, caseId) => [{ type: "SetLine", id: caseId }],
    }),
    /** The sub-rentals made for the case (外部手配): each item's line names its suppliers. */
    packListHires: build.query<SubRentalDto[], number>({
      query: (caseId) => ({ url: "/api/subrentals/", params: { work_case: caseId } }),
      providesTags: [{ type: "SubRental", id: "LIST" }],
    }),
  }),
});

export const {
  usePackListCaseQuery,
  usePackListItemsQuery,
  usePackListSetLinesQuery,
  usePackListHiresQuery,
} = packListApi;
