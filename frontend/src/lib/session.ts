import { createAction } from "@reduxjs/toolkit";

/** The signed-in user as the client keeps it (spec §3 "Current user"). */
export interface SessionState {
  id: number | null;
  email: string;
  is_member: boolean;
  is_owner: boolean;
  /** Group names, shown as text in the header chip. */
  groups: string[];
  groupId: number | null;
  /** True while a stored token is being turned back into a session after a page load. */
  restoring: boolean;
  /** Why a session ended, when the user must be told on /login (a deactivated membership). */
  notice?: string;
}

export const signedOutSession: SessionState = {
  id: null,
  email: "",
  is_member: false,
  is_owner: false,
  groups: [],
  groupId: null,
  restoring: false,
};

/**
 * Ends the session in the store, with the notice /login shows, if any. Defined here rather than in the
 * auth slice so that lib/ (the base query on a failed refresh, the socket) can end a session without
 * importing a feature. The notice lives in the store, not in the router state: the guards' own redirect
 * to /login may run after the one that carries it.
 */
export const sessionCleared = createAction<string | undefined>("session/cleared");

interface WithSession {
  session: SessionState;
}

export const selectSession = (state: WithSession): SessionState => state.session;
/** Authenticated means an email is present in the session (spec §4). */
export const selectIsAuthenticated = (state: WithSession): boolean => state.session.email !== "";
export const selectGroupId = (state: WithSession): number | null => state.session.groupId;
