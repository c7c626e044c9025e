import type { CategoryDto, RelatedItemDto } from "@zaiko/common/catalogue/catalogue.schema";
import { api } from "../../lib/api";
import { removeById, upsertById } from "../../lib/cacheUpdates";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
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
      // Live: other members' changes arrive as socket events and are applied by id, so our own change
      // echoed back is harmless.
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply) => [
          onServerEvent("categories.upserted", ({ category }) => {
            if (category.group !== groupId) return;
            apply((draft) => upsertById(draft, category));
          }),
          onServerEvent("categories.deleted", ({ id }) => {
            apply((draft) => removeById(draft, id));
          }),
        ]),
      onQueryStarted: replayOnLoad,
    }),
    /** The items a category delete removes too: always asked fresh, never kept. */
    relatedItems: build.query<RelatedItemDto[], number>({
      query: (categoryId) => ({ url: "/api/items/", params: { category: categoryId } }),
      keepUnusedDataFor: 0,
    }),
    createCategory: build.mutation<CategoryDto, CategoryBody>({
      query: (body) => ({ url: "/api/categories/", method: "POST", body }),
      async onQueryStarted({ group }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(categoriesApi.util.updateQueryData("listCategories", group, (d) => upsertById(d, data)));
        } catch {
          // The dialog tells the user.
        }
      },
    }),
    updateCategory: build.mutation<CategoryDto, CategoryBody & { id: number }>({
      query: ({ id, category, group }) => ({
        url: `/api/categories/${id}/`,
        method: "PUT",
        params: { groupid: group },
        body: { id, category, group },
      }),
      async onQueryStarted({ group }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(categoriesApi.util.updateQueryData("listCategories", group, (d) => upsertById(d, data)));
        } catch {
          // The dialog tells the user.
        }
      },
    }),
    deleteCategory: build.mutation<void, { id: number; group: number }>({
      query: ({ id, group }) => ({
        url: `/api/categories/${id}/`,
        method: "DELETE",
        params: { groupid: group },
      }),
      async onQueryStarted({ id, group }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(categoriesApi.util.updateQueryData("listCategories", group, (d) => removeById(d, id)));
        } catch {
          // The page tells the user.
        }
      },
    }),
  }),
});

export const {
  useListCategoriesQuery,
  useLazyRelatedItemsQuery,
  useCreateCategoryMutation,
  useUpdateCategoryMutation,
  useDeleteCategoryMutation,
} = categoriesApi;
