import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { HISTORY_PAGE } from "@zaiko/common/history/page";
import { api } from "../../lib/api";
import { saveBlob } from "../../lib/download";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { onServerEvent } from "../../lib/socket";

/**
 * Whose history a panel shows: a case's (案件詳細), an item's (item detail) or a unit's (the unit page: the
 * unit and its item, whose entries are the only ones that can be about the unit).
 */
export type HistoryTarget = { caseId: number } | { itemId: number } | { unitId: number; itemId: number };

const concerns = (target: HistoryTarget, e: HistoryEntryDto) =>
  "caseId" in target ? e.work_case === target.caseId : e.item === target.itemId;

/** The server decides which entries of the item name the unit (by its tags over time, docs/history.md). */
const unitTag = (unitId: number) => ({ type: "History" as const, id: `unit-${unitId}` });

const targetParams = (target: HistoryTarget) =>
  "caseId" in target
    ? { work_case: target.caseId }
    : "unitId" in target
      ? { unit: target.unitId }
      : { item: target.itemId };

/** The pages a panel has loaded: the newest first, each older one asked for with `before`. */
export type HistoryPages = { pages: HistoryEntryDto[][]; pageParams: (number | null)[] };

/**
 * New entries into the newest page, each once (an entry can arrive by event and in a refetch alike: entries
 * never change, so its id is all there is to compare). The older pages stay as they are: their cursor is
 * the oldest entry of the page before, which arrivals never change.
 */
export function mergeEntries(data: HistoryPages, arrivals: HistoryEntryDto[]): void {
  const known = new Set(data.pages.flat().map((e) => e.id));
  const newest = data.pages[0];
  if (!newest) return;
  for (const e of arrivals) if (!known.has(e.id)) newest.push(e);
  newest.sort((a, b) => b.id - a.id);
}

/** 履歴 (docs/history.md): a case's, an item's or a unit's entries, live; the owner's CSV of a period. */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    // Pages of HISTORY_PAGE entries, newest first; さらに表示 asks for the page before the oldest shown. A
    // refetch (a gap in the group stream) reads every loaded page again from the newest.
    history: build.infiniteQuery<HistoryEntryDto[], HistoryTarget, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) =>
          lastPage.length < HISTORY_PAGE ? undefined : (lastPage[lastPage.length - 1]?.id ?? undefined),
      },
      query: ({ queryArg: target, pageParam: before }) => ({
        url: "/api/history/",
        params: {
          ...targetParams(target),
          ...(before === null ? {} : { before }),
        },
      }),
      providesTags: (_pages, _error, target) =>
        "unitId" in target
          ? [{ type: "History", id: "LIST" }, unitTag(target.unitId)]
          : [{ type: "History", id: "LIST" }],
      keepUnusedDataFor: 30,
      // New entries come as `history.added` (group stream; a gap refetches the "History" tag). A large
      // import sends no entries (`itemized: false`, as it sends no item rows): an item's panel is read again.
      onCacheEntryAdded: (target, cache) =>
        subscribeWhileCached(target, cache, (apply, { dispatch }) => [
          onServerEvent("history.added", ({ entries }) => {
            const mine = entries.filter((e) => concerns(target, e));
            if (mine.length === 0) return;
            // A unit's entries are its item's that name it by a tag it had then: the server tells which.
            if ("unitId" in target) dispatch(historyApi.util.invalidateTags([unitTag(target.unitId)]));
            else apply((draft) => mergeEntries(draft, mine));
          }),
          onServerEvent("items.imported", ({ itemized }) => {
            if (!itemized && "itemId" in target)
              dispatch(historyApi.util.invalidateTags([{ type: "History", id: "LIST" }]));
          }),
        ]),
      onQueryStarted: replayOnLoad,
    }),
    exportHistoryCsv: build.mutation<null, { groupId: number; from: string; to: string }>({
      query: ({ groupId, from, to }) => ({
        url: "/api/history/export/",
        params: { groupid: groupId, from, to },
        // The file goes straight to the browser; the cache only learns that it worked.
        responseHandler: async (response) => {
          if (!response.ok) return response.text();
          saveBlob(await response.blob(), `history_${from}_${to}.csv`);
          return null;
        },
      }),
    }),
  }),
});

export const { useHistoryInfiniteQuery, useExportHistoryCsvMutation } = historyApi;
