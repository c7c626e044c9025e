import type { UserDto } from "@zaiko/common/members/members.schema";
import { api } from "../../lib/api";
import { saveBlob } from "../../lib/download";
import { liveList, onAccepted, subscribeWhileCached } from "../../lib/liveCache";
import { liveStateOf, rowInto, rowOut } from "../../lib/liveState";
import { onServerEvent } from "../../lib/socket";

/** The member CSV's file name (spec §9). */
export const MEMBER_CSV_FILE = "exported_data.csv";

/** Member list, active toggle, delete and CSV export (owners). */
export const membersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMembers: build.query<UserDto[], number>({
      query: (groupId) => ({ url: "/api/user/", params: { groups: groupId } }),
      providesTags: [{ type: "Member", id: "LIST" }],
      // Live: other owners' and members' changes arrive as socket events, applied under the row rules
      // (common/realtime/liveRows: the newest version wins, a deleted member stays gone), so our own
      // change echoed back, or another process's older one delivered late, changes nothing.
      onCacheEntryAdded: (groupId, cache) =>
        subscribeWhileCached(groupId, cache, (apply, { extra }) => {
          const live = liveStateOf(extra);
          return [
            onServerEvent("members.upserted", ({ user }) => {
              if (!user.groups.includes(groupId)) return;
              const change = rowInto(live, "members", user);
              if (change) apply(change);
            }),
            onServerEvent("members.deleted", ({ id }) => {
              apply(rowOut(live, "members", id));
            }),
          ];
        }),
      ...liveList<UserDto>("members"),
    }),
    setMemberActive: build.mutation<UserDto, { id: number; groupId: number; is_member: boolean }>({
      query: ({ id, is_member }) => ({ url: `/api/user/${id}/`, method: "PATCH", body: { is_member } }),
      // The switch moves at once; a refusal puts it back.
      async onQueryStarted({ id, groupId, is_member }, { dispatch, extra, queryFulfilled }) {
        const patch = dispatch(
          membersApi.util.updateQueryData("listMembers", groupId, (draft) => {
            const user = draft.find((u) => u.id === id);
            if (user) user.is_member = is_member;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          const change = rowInto(liveStateOf(extra), "members", data);
          if (change) dispatch(membersApi.util.updateQueryData("listMembers", groupId, change));
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
      onQueryStarted: ({ id, groupId }, { dispatch, extra, queryFulfilled }) =>
        onAccepted(queryFulfilled, () =>
          dispatch(
            membersApi.util.updateQueryData(
              "listMembers",
              groupId,
              rowOut(liveStateOf(extra), "members", id),
            ),
          ),
        ),
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
