import { removeVersioned, upsertVersioned } from "@zaiko/common/realtime/liveRows";
import type { CaseSetLineDto, SetAllocationResultDto } from "@zaiko/common/sets/sets.schema";
import { api } from "../../lib/api";
import { upsertById } from "../../lib/cacheUpdates";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, memoryOf, rowInto, rowOut, summaryTable, takeRows } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";
import { orderItemsApi } from "./orderItemsApi";
import { type CaseArg, caseSetLinesUrl } from "./requests";

/**
 * A set booking's answer goes into the case's lists at once, through the store's one rule for rows (as a
 * '+' does: applyAllocation in orderItemsApi.ts): the parts' order items, those deleted, the line, and the
 * parts' summary rows (counted as arriving when the request left, so a newer inventory.changed keeps its place).
 */
function applySetAllocation(
  dispatch: (action: unknown) => unknown,
  extra: unknown,
  { caseId, groupId }: CaseArg,
  result: SetAllocationResultDto,
  leftAt: number,
  lineBefore: number | undefined,
): void {
  const live = liveStateOf(extra);
  const rows = takeRows(live, "orderItems", result.order_items, { deleted: result.deleted_order_items });
  const memory = memoryOf(live, "orderItems");
  dispatch(
    orderItemsApi.util.updateQueryData("caseOrderItems", caseId, (draft) => {
      for (const row of rows) upsertVersioned(draft, row, memory);
      for (const id of result.deleted_order_items) removeVersioned(draft, id, memory);
    }),
  );
  const change =
    result.line !== null
      ? rowInto(live, "setLines", result.line)
      : lineBefore !== undefined
        ? rowOut<CaseSetLineDto>(live, "setLines", lineBefore)
        : undefined;
  if (change) dispatch(setLinesApi.util.updateQueryData("caseSetLines", caseId, change));
  const summary = takeRows(live, summaryTable(caseId), result.summary, { versionOf: () => leftAt });
  if (summary.length === 0) return;
  dispatch(
    orderItemsApi.util.updateQueryData("inventorySummary", { caseId, groupId }, (draft) => {
      for (const row of summary) upsertById(draft, row);
    }),
  );
}

/** A set or line booking's mutation options: the answer is applied at once. */
const applied = <A extends CaseArg>(
  lineOf: (arg: A, lines: CaseSetLineDto[] | undefined) => number | undefined,
) =>
  async function onQueryStarted(
    arg: A,
    {
      dispatch,
      extra,
      getState,
      queryFulfilled,
    }: {
      dispatch: (action: unknown) => unknown;
      extra: unknown;
      getState: () => unknown;
      queryFulfilled: Promise<{ data: SetAllocationResultDto }>;
    },
  ) {
    const shown = setLinesApi.endpoints.caseSetLines.select(arg.caseId)(getState() as never).data;
    const lineBefore = lineOf(arg, shown);
    const leftAt = liveStateOf(extra).arrivals;
    try {
      const { data } = await queryFulfilled;
      applySetAllocation(dispatch, extra, arg, data, leftAt, lineBefore);
    } catch {
      // the page shows the shortage (add) or logs it (reduce)
    }
  };

/** The sets booked on a case (docs/sets.md), live, and their ± (POST /api/addset, /api/reduceset). */
export const setLinesApi = api.injectEndpoints({
  endpoints: (build) => ({
    caseSetLines: build.query<CaseSetLineDto[], number>({
      query: caseSetLinesUrl,
      providesTags: (_r, _e, caseId) => [{ type: "SetLine", id: caseId }],
      onCacheEntryAdded: (caseId, cache) =>
        subscribeWhileCached(caseId, cache, (apply, { dispatch, extra }) => {
          const live = liveStateOf(extra);
          const refetch = () => dispatch(api.util.invalidateTags([{ type: "SetLine", id: caseId }]));
          return [
            onServerEvent("setlines.upserted", ({ line }) => {
              if (line.work_case !== caseId) return;
              const change = rowInto(live, "setLines", line);
              if (change) apply(change);
            }),
            onServerEvent("setlines.deleted", ({ id, work_case }) => {
              if (work_case === caseId) apply(rowOut(live, "setLines", id));
            }),
            // The lines copy their parts' titles and compare them with the catalogue's sets.
            ...(["items.upserted", "items.deleted", "sets.upserted", "sets.deleted"] as const).map((event) =>
              onServerEvent(event, refetch),
            ),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    addSet: build.mutation<SetAllocationResultDto, CaseArg & { setId: number }>({
      query: ({ setId, caseId }) => ({ url: `/api/addset/${setId}/${caseId}/`, method: "POST" }),
      onQueryStarted: applied((arg, lines) => lines?.find((l) => l.set === arg.setId)?.id),
    }),
    /** One set less, by the line (a line whose set was deleted has no set id: POST /api/setlines/{id}/reduce/). */
    reduceSetLine: build.mutation<SetAllocationResultDto, CaseArg & { line: CaseSetLineDto }>({
      query: ({ line, caseId }) => ({
        url: line.set === null ? `/api/setlines/${line.id}/reduce/` : `/api/reduceset/${line.set}/${caseId}/`,
        method: "POST",
      }),
      onQueryStarted: applied((arg) => arg.line.id),
    }),
  }),
});

export const { useCaseSetLinesQuery, useAddSetMutation, useReduceSetLineMutation } = setLinesApi;
