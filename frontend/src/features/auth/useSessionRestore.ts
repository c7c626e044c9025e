import { useEffect } from "react";
import { useSelector } from "react-redux";
import { requestEarly } from "../../lib/earlyRequests";
import { whenFirstScreenShown } from "../../lib/firstScreen";
import { useAppDispatch } from "../../lib/hooks";
import { selectSession, sessionCleared } from "../../lib/session";
import { endSession } from "../../lib/sessionExpiry";
import { connectSocket } from "../../lib/socket";
import { getAccessToken } from "../../lib/token";
import { refreshAccessToken } from "../../lib/tokenRefresh";
import { authApi, USER_INFO_URL } from "./authApi";
import { sessionStarted } from "./sessionSlice";

type Dispatch = ReturnType<typeof useAppDispatch>;

/** The stores (by their dispatch) whose restore has started: it runs once per page load. */
const started = new WeakSet<Dispatch>();

/**
 * After a page load, turns what the tab holds back into a session. A tab without an access token (a new
 * tab; the token lives per tab in sessionStorage) but with the session's cookies first gets one through a
 * refresh, shared with the other tabs (lib/tokenRefresh.ts). Then GET /api/user-info/. A 401 there has
 * already been through refresh and, failing that, the session-expiry flow; a refused refresh or any other
 * failure leaves the user signed out (a deactivated member is told so on /login). Runs once per store:
 * main.tsx starts it before React's first render (so the request leaves with the first chunk's
 * evaluation, not after the first commit), and the hook below starts it where nothing did (tests).
 */
export function restoreSession(dispatch: Dispatch, restoring: boolean): void {
  if (!restoring || started.has(dispatch)) return;
  started.add(dispatch);
  // Sent now, before the screen's files take the connections: nothing signed-in renders before its answer,
  // which the query below takes (lib/earlyRequests.ts). Without a token the refresh comes first.
  requestEarly(USER_INFO_URL);
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
    // After the opened screen has been shown (lib/firstScreen.ts): its data came by HTTP, and what changed
    // meanwhile is refetched once the socket has its positions, or, for a case's summary, once the case
    // room's answer says which usage changes went out before the join (lib/caseRoom.ts).
    void whenFirstScreenShown().then(connectSocket);
  };
  // The query in a task of its own (the request has left): the store's first query runs much code for the
  // first time, which made one long task on a phone with what main.tsx starts beside it.
  setTimeout(
    () =>
      void restore().catch((error: unknown) => {
        console.error("session restore failed", error);
        dispatch(sessionCleared());
      }),
    0,
  );
}

/** Restores the session after a page load (restoreSession) and returns true while it is restoring. */
export function useSessionRestore(): boolean {
  const restoring = useSelector(selectSession).restoring;
  const dispatch = useAppDispatch();
  useEffect(() => restoreSession(dispatch, restoring), [restoring, dispatch]);
  return restoring;
}
