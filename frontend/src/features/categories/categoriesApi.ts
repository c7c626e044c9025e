import type { CategoryDto, RelatedItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { removeVersioned, upsertVersioned } from "@zaiko/common/realtime/liveRows";
import { api } from "../../lib/api";
import { memoryOf, onAccepted, replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { onServerEvent } from "../../lib/socket";

/** The body of a category write (spec §7: the category name and the group). */
export interface CategoryBody {
  category: string;
  group: number;
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
        subscribeWhileCached(groupId, cache, (apply, { dispatch }) => {
          const memory = memoryOf(dispatch, "listCategories", groupId);
          return [
            onServerEvent("categories.upserted", ({ category }) => {
              if (category.group !== groupId) return;
              apply((draft) => void upsertVersioned(draft, category, memory));
            }),
            onServerEvent("categories.deleted", ({ id }) => {
              apply((draft) => removeVersioned(draft, id, memory));
            }),
          ];
        }),
      onQueryStarted: replayOnLoad,
    }),
    /** The items a category delete removes too: always asked fresh, never kept. */
    relatedItems: build.query<RelatedItemDto[], number>({
      query: (categoryId) => ({ url: "/api/items/", params: { category: categoryId } }),
      keepUnusedDataFor: 0,
    }),
    createCategory: build.mutation<CategoryDto, CategoryBody>({
      query: (body) => ({ url: "/api/categories/", method: "POST", body }),
      onQueryStarted: ({ group }, { dispatch, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, group, data)),
    }),
    updateCategory: build.mutation<CategoryDto, CategoryBody & { id: number }>({
      query: ({ id, category, group }) => ({
        url: `/api/categories/${id}/`,
        method: "PUT",
        params: { groupid: group },
        body: { id, category, group },
      }),
      onQueryStarted: ({ group }, { dispatch, queryFulfilled }) =>
        onAccepted(queryFulfilled, (data) => upsertIntoList(dispatch, group, data)),
    }),
    deleteCategory: build.mutation<void, { id: number; group: number }>({
      query: ({ id, group }) => ({
        url: `/api/categories/${id}/`,
        method: "DELETE",
        params: { groupid: group },
      }),
      onQueryStarted: ({ id, group }, { dispatch, queryFulfilled }) =>
        onAccepted(queryFulfilled, () =>
          dispatch(
            categoriesApi.util.updateQueryData("listCategories", group, (d) =>
              removeVersioned(d, id, memoryOf(dispatch, "listCategories", group)),
            ),
          ),
        ),
    }),
  }),
});

/** The dispatch of a mutation's onQueryStarted, as far as a cache write needs it. */
type CacheDispatch = (thunk: ReturnType<typeof categoriesApi.util.updateQueryData>) => unknown;

/** A category the server answered (created, edited) into the group's list, by id and version. */
function upsertIntoList(dispatch: CacheDispatch, group: number, data: CategoryDto): void {
  dispatch(
    categoriesApi.util.updateQueryData(
      "listCategories",
      group,
      (d) => void upsertVersioned(d, data, memoryOf(dispatch, "listCategories", group)),
    ),
  );
}

export const {
  useListCategoriesQuery,
  useLazyRelatedItemsQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
