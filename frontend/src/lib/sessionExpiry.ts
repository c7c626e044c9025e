import type { Dispatch } from "@reduxjs/toolkit";
import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { askConfirm } from "./feedback";
import { currentPath, hardNavigate, navigateTo } from "./navigation";
import { sessionCleared } from "./session";
import { disconnectSocket } from "./socket";
import { type SessionEnd, tellOtherTabs } from "./tabSync";
import { clearAccessToken, getAccessToken } from "./token";

/** What /login reads from the router state: where to go after login. */
export interface LoginState {
  from?: string;
}

/**
 * Ends the session in this tab: forgets the token, disconnects, clears the session and goes to /login.
 * - `expired`: the server no longer accepts the session; the spec's confirm, once (several requests can
 *   fail together; only the first still finds a token), and /login remembers the page to come back to.
 * - `membershipEnded`: the owner deactivated this member; /login says so instead of "expired".
 * - `logout`: another tab logged out; /login is loaded afresh, as the logging-out tab does.
 * `fromOtherTab` marks a message from another tab, which asks nobody and tells nobody further.
 */
export function endSession(dispatch: Dispatch, reason: SessionEnd, fromOtherTab = false): void {
  const hadToken = getAccessToken() !== null;
  clearAccessToken();
  disconnectSocket();
  if (!fromOtherTab) tellOtherTabs({ type: "signedOut", reason });
  if (reason === "logout") {
    // The reload starts afresh: clearing the store first would also route to /login in the page itself,
    // and that navigation would race the reload's.
    hardNavigate("/login");
    return;
  }
  dispatch(sessionCleared(reason === "membershipEnded" ? ja.errors.membershipEnded : undefined));
  const from = currentPath();
  const state: LoginState = from.startsWith("/login") ? {} : { from };
  if (reason === "membershipEnded") {
    navigateTo("/login", state);
    return;
  }
  if (!hadToken) return;
  navigateTo("/login", state);
  // The session is gone whatever the answer; a confirmation (not an alert) is what the spec shows, in-app
  // over /login.
  if (!fromOtherTab) void askConfirm(ja.errors.sessionExpired);
}

/** A session the server refused after a refresh (base query, socket). */
export function handleSessionExpired(
  dispatch: Dispatch,
  reason: "expired" | "membershipEnded" = "expired",
): void {
  endSession(dispatch, reason);
}
