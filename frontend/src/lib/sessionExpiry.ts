import type { Dispatch } from "@reduxjs/toolkit";
import { ja } from "@zaiko/common/messages/ja";
import { navigateTo } from "./navigation";
import { sessionCleared } from "./session";
import { disconnectSocket } from "./socket";
import { clearAccessToken, getAccessToken } from "./token";

/**
 * Ends a session the server no longer accepts: forgets the token, clears the session, tells the
 * user and goes to /login. Several requests can fail together; only the first one still finds a
 * token, so the user is asked once.
 */
export function handleSessionExpired(dispatch: Dispatch): void {
  const hadToken = getAccessToken() !== null;
  clearAccessToken();
  disconnectSocket();
  dispatch(sessionCleared());
  if (!hadToken) return;
  // The session is gone whatever the answer; confirm (not alert) is what the spec shows.
  window.confirm(ja.errors.sessionExpired);
  navigateTo("/login");
}
