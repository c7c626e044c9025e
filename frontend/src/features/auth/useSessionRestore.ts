import { useEffect, useRef } from "react";
import { useSelector } from "react-redux";
import { useAppDispatch } from "../../lib/hooks";
import { selectSession, sessionCleared } from "../../lib/session";
import { connectSocket } from "../../lib/socket";
import { authApi } from "./authApi";
import { sessionStarted } from "./sessionSlice";

/**
 * After a page load with a token in sessionStorage, turns it back into a session with
 * GET /api/user-info/. A 401 there has already been through refresh and, failing that, the
 * session-expiry flow; any other failure just leaves the user signed out (the token stays, so the
 * next reload tries again). Returns true while restoring.
 */
export function useSessionRestore(): boolean {
  const restoring = useSelector(selectSession).restoring;
  const dispatch = useAppDispatch();
  const started = useRef(false);

  useEffect(() => {
    if (!restoring || started.current) return;
    started.current = true;
    dispatch(authApi.endpoints.userInfo.initiate(undefined, { forceRefetch: true, subscribe: false }))
      .unwrap()
      .then(
        (info) => {
          dispatch(sessionStarted(info));
          connectSocket();
        },
        (error: unknown) => {
          console.error("session restore failed", error);
          dispatch(sessionCleared());
        },
      );
  }, [restoring, dispatch]);

  return restoring;
}
