import { useEffect, useRef } from "react";
import { useSelector } from "react-redux";
import { useAppDispatch } from "../../lib/hooks";
import { selectSession, sessionCleared } from "../../lib/session";
import { endSession } from "../../lib/sessionExpiry";
import { connectSocket } from "../../lib/socket";
import { getAccessToken } from "../../lib/token";
import { refreshAccessToken } from "../../lib/tokenRefresh";
import { authApi } from "./authApi";
import { sessionStarted } from "./sessionSlice";

/**
 * After a page load, turns what the tab holds back into a session. A tab without an access token (a new
 * tab; the token lives per tab in sessionStorage) but with the session's cookies first gets one through a
 * refresh, shared with the other tabs (lib/tokenRefresh.ts). Then GET /api/user-info/. A 401 there has
 * already been through refresh and, failing that, the session-expiry flow; a refused refresh or any other
 * failure leaves the user signed out (a deactivated member is told so on /login). Returns true while
 * restoring.
 */
export function useSessionRestore(): boolean {
  const restoring = useSelector(selectSession).restoring;
  const dispatch = useAppDispatch();
  const started = useRef(false);

  useEffect(() => {
    if (!restoring || started.current) return;
    started.current = true;
    const restore = async () => {
      if (getAccessToken() === null) {
        const outcome = await refreshAccessToken();
        if (!outcome.ok) {
          if (outcome.ended === "membershipEnded") endSession(dispatch, "membershipEnded");
          else dispatch(sessionCleared());
          return;
        }
      }
      const info = await dispatch(
        authApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }),
      ).unwrap();
      dispatch(sessionStarted(info));
      connectSocket();
    };
    restore().catch((error: unknown) => {
      console.error("session restore failed", error);
      dispatch(sessionCleared());
    });
  }, [restoring, dispatch]);

  return restoring;
}
