import type { LoginInput, TokenResponse } from "@zaiko/common/auth/auth.schema";
import type { GroupDto } from "@zaiko/common/groups/groups.schema";
import type { UserDto, UserInfoDto } from "@zaiko/common/members/members.schema";
import { api } from "../../lib/api";
import { setBusinessTimeZone } from "../../lib/businessZone";

/** GET /api/user-info/: who is signed in (restoring a session starts with it). */
export const USER_INFO_URL = "/api/user-info/";

/** POST /api/signup/ body as the spec's client sends it. */
export interface SignupBody {
  email: string;
  password: string;
  groups: number;
  first_name: string;
  last_name: string;
  is_member: boolean;
  is_owner: boolean;
}

export interface ProfileBody {
  email: string;
  first_name: string;
  last_name: string;
}

/**
 * Session, sign-up and profile calls. Group listing and creation live here too: the sign-up
 * screen is their only user, and features do not import each other.
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<TokenResponse, LoginInput>({
      query: (body) => ({ url: "/api/token/", method: "POST", body }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: "/api/logout/", method: "POST" }),
    }),
    userInfo: build.query<UserInfoDto, void>({
      query: () => USER_INFO_URL,
      // The business zone is taken here, before the answer reaches login or session restore, so no
      // signed-in screen renders a date-time in any other zone (lib/businessZone.ts).
      transformResponse: (info: UserInfoDto) => {
        setBusinessTimeZone(info.time_zone);
        return info;
      },
      // Always asked fresh: it decides who is signed in.
      keepUnusedDataFor: 0,
    }),
    listGroups: build.query<GroupDto[], void>({
      query: () => "/api/groups/",
      providesTags: [{ type: "Group", id: "LIST" }],
    }),
    createGroup: build.mutation<GroupDto, { name: string }>({
      query: (body) => ({ url: "/api/groups/", method: "POST", body }),
      invalidatesTags: [{ type: "Group", id: "LIST" }],
    }),
    signup: build.mutation<UserDto, SignupBody>({
      query: (body) => ({ url: "/api/signup/", method: "POST", body }),
    }),
    getUser: build.query<UserDto, number>({
      query: (id) => `/api/user/${id}/`,
      providesTags: (_result, _error, id) => [{ type: "Member", id }],
    }),
    updateProfile: build.mutation<UserDto, { id: number; body: ProfileBody }>({
      query: ({ id, body }) => ({ url: `/api/user/${id}/`, method: "PATCH", body }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: "Member", id },
        { type: "Member", id: "LIST" },
      ],
    }),
  }),
});

export const {
  useLoginMutation,
  useLogoutMutation,
  useListGroupsQuery,
  useCreateGroupMutation,
  useSignupMutation,
  useGetUserQuery,
  useUpdateProfileMutation,
} = authApi;
