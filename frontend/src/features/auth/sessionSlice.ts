import { createSlice, type PayloadAction } from "@reduxjs/toolkit";
import type { UserInfoDto } from "@zaiko/common/members/members.schema";
import { type SessionState, sessionCleared, signedOutSession } from "../../lib/session";
import { getAccessToken, getCsrfToken } from "../../lib/token";

/**
 * The store starts "restoring" when a page load finds a token, or none but the csrftoken cookie that the
 * server sets and clears together with the refresh cookie (a new tab of a signed-in browser): guards
 * wait instead of redirecting.
 */
const initialState = (): SessionState => ({
  ...signedOutSession,
  restoring: getAccessToken() !== null || getCsrfToken() !== null,
});

const sessionSlice = createSlice({
  name: "session",
  initialState,
  reducers: {
    /** GET /api/user-info/ answered: the group and the user become the session. */
    sessionStarted: (_state, action: PayloadAction<UserInfoDto>): SessionState => {
      const { id: groupId, group, user } = action.payload;
      return {
        id: user.id,
        email: user.email,
        is_member: user.is_member,
        is_owner: user.is_owner,
        groups: [group],
        groupId,
        restoring: false,
      };
    },
    /** The signed-in user changed their own email on the member edit screen. */
    sessionEmailChanged: (state, action: PayloadAction<string>) => {
      state.email = action.payload;
    },
  },
  extraReducers: (builder) => {
    // A notice already given stays: the other tabs' requests failing after a deactivation end the session
    // again, as merely "expired".
    builder.addCase(sessionCleared, (state, action) => {
      const notice = action.payload ?? state.notice;
      return notice ? { ...signedOutSession, notice } : { ...signedOutSession };
    });
  },
});

export const { sessionStarted, sessionEmailChanged } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
