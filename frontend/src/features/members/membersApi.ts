import type { UserDto } from "@zaiko/common/members/members.schema";
import { api } from "../../lib/api";
import { removeById, upsertById } from "../../lib/cacheUpdates";
import { saveBlob } from "../../lib/download";
import { replayOnLoad, subscribeWhileCached } from "../../lib/liveCache";
import { onServerEvent } from "../../lib/socket";

/** The member CSV's file name (spec §9). */
export const MEMBER_CSV_FILE = "exported_data.csv";

/** Member list, active toggle, delete and CSV export (owners). */
export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<UserDto[], number>({
      query: (groupId) => ({ url: "/api/user/", params: { groups: groupId } }),
      providesTags: [{ type: "Member", id: "LIST" }],
      // Live: other owners' and members' changes arrive as socket events and are applied by id,
      // so applying one twice (our own change echoed back) is harmless.
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply) => [
          onServerEvent("members.upserted", ({ user }) => {
            if (!user.groups.includes(groupId)) return;
            apply((draft) => upsertById(draft, user));
          }),
          onServerEvent("members.deleted", ({ id }) => {
            apply((draft) => removeById(draft, id));
          }),
        ]),
      onQueryStarted: replayOnLoad,
    }),
    setMemberActive: build.mutation<UserDto, { id: number; groupId: number; is_member: boolean }>({
      query: ({ id, is_member }) => ({ url: `/api/user/${id}/`, method: "PATCH", body: { is_member } }),
      // The switch moves at once; a refusal puts it back.
      async onQueryStarted({ id, groupId, is_member }, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          membersApi.util.updateQueryData("listMembers", groupId, (draft) => {
            const user = draft.find((u) => u.id === id);
            if (user) user.is_member = is_member;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(
            membersApi.util.updateQueryData("listMembers", groupId, (draft) => upsertById(draft, data)),
          );
        } catch {
          patch.undo();
        }
      },
    }),
    deleteMember: build.mutation<void, { id: number; groupId: number }>({
      query: ({ id, groupId }) => ({
        url: `/api/user/${id}/`,
        method: "DELETE",
        params: { groupid: groupId },
      }),
      async onQueryStarted({ id, groupId }, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(membersApi.util.updateQueryData("listMembers", groupId, (draft) => removeById(draft, id)));
        } catch {
          // The page tells the user; the list is unchanged.
        }
      },
    }),
    exportMembersCsv: build.mutation<null, number>({
      query: (groupId) => ({
        url: "/api/export-csv/",
        params: { groupid: groupId },
        // The file goes straight to the browser; the cache only learns that it worked.
        responseHandler: async (response) => {
          if (!response.ok) return response.text();
          saveBlob(await response.blob(), MEMBER_CSV_FILE);
          return null;
        },
      }),
    }),
  }),
});

export const {
  useListMembersQuery,
  useSetMemberActiveMutation,
  useDeleteMemberMutation,
  useExportMembersCsvMutation,
} = membersApi;
