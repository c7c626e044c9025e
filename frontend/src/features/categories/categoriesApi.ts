import type { CategoryDto, RelatedItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { api } from "../../lib/api";
import { liveList, onAccepted, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, rowInto, rowOut } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";

/** The body of a category write (spec §7: the category name and the group). */
export interface CategoryBody {
  category: string;
  group: number;
  /** 点検・準備時間 in minutes (ours, docs/availability.md); absent keeps them. */
  turnaround_after_minutes?: number;
  turnaround_before_minutes?: number;
}

/** /category: list (live), create, edit, delete, and the items a delete takes with it. */
export const categoriesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCategories: build.query<CategoryDto[], number>({
      query: (groupId) => ({ url: "/api/categories/", params: { groupid: groupId } }),
      providesTags: [{ type: "Category", id: "LIST" }],
      // Live: other members' changes arrive as socket events, applied under the row rules
      // (common/realtime/liveRows: the newest version wins, a deleted category stays gone), so our own
      // change echoed back, or another process's older one delivered late, changes nothing.
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply, { extra }) => {
          const live = liveStateOf(extra);
          return [
            onServerEvent("categories.upserted", ({ category }) => {
              if (category.group !== groupId) return;
              const change = rowInto(live, "categories", category);
              if (change) apply(change);
            }),
            onServerEvent("categories.deleted", ({ id }) => {
              apply(rowOut(live, "categories", id));
            }),
          ];
        }),
      ...liveList<CategoryDto>("categories"),
    }),
    /** The items a category delete removes too: always asked fresh, never kept. */
    relatedItems: build.query<RelatedItemDto[], number>({
      query: (categoryId) => ({ url: "/api/items/", params: { category: categoryId } }),
      keepUnusedDataFor: 0,
    }),
    createCategory: build.mutation<CategoryDto, CategoryBody>({
      query: (body) => ({ url: "/api/categories/", method: "POST", body }),
      onQueryStarted: ({ group }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, extra, group, data)),
    }),
    updateCategory: build.mutation<CategoryDto, CategoryBody & { id: number }>({
      query: ({ id, group, ...rest }) => ({
        url: `/api/categories/${id}/`,
        method: "PUT",
        params: { groupid: group },
        body: { id, group, ...rest },
      }),
      onQueryStarted: ({ group }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, extra, group, data)),
    }),
    deleteCategory: build.mutation<void, { id: number; group: number }>({
      query: ({ id, group }) => ({
        url: `/api/categories/${id}/`,
        method: "DELETE",
        params: { groupid: group },
      }),
      onQueryStarted: ({ id, group }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, () =>
          dispatch(
            categoriesApi.util.updateQueryData(
              "listCategories",
              group,
              rowOut(liveStateOf(extra), "categories", id),
            ),
          ),
        ),
    }),
  }),
});

/** The dispatch of a mutation's onQueryStarted, as far as a cache write needs it. */
type CacheDispatch = (thunk: ReturnType<typeof categoriesApi.util.updateQueryData>) => unknown;

/** A category the server answered (created, edited) into the group's list, by id and version. */
function upsertIntoList(dispatch: CacheDispatch, extra: unknown, group: number, data: CategoryDto): void {
  const change = rowInto(liveStateOf(extra), "categories", data);
  if (change) dispatch(categoriesApi.util.updateQueryData("listCategories", group, change));
}

export const {
  useListCategoriesQuery,
  useLazyRelatedItemsQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
