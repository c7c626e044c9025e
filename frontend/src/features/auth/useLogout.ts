import { useCallback } from "react";
import { api } from "../../lib/api";
import { useAppDispatch } from "../../lib/hooks";
import { hardNavigate } from "../../lib/navigation";
import { sessionCleared } from "../../lib/session";
import { disconnectSocket } from "../../lib/socket";
import { tellOtherTabs } from "../../lib/tabSync";
import { clearAccessToken } from "../../lib/token";
import { useLogoutMutation } from "./authApi";

/**
 * Logout: the server revokes the refresh cookie (its failure is ignored: the local logout must
 * happen anyway), then the token, session and caches go, and /login is loaded afresh. Every other tab
 * of the browser shares the session, so they are told to do the same at once.
 */
export function useLogout(): () => Promise<void> {
  const dispatch = useAppDispatch();
  const [revoke] = useLogoutMutation();

  return useCallback(async () => {
    try {
      await revoke().unwrap();
    } catch (error) {
      console.warn("logout call failed; signing out locally", error);
    }
    tellOtherTabs({ type: "signedOut", reason: "logout" });
    clearAccessToken();
    disconnectSocket();
    dispatch(sessionCleared());
    dispatch(api.util.resetApiState());
    hardNavigate("/login");
  }, [dispatch, revoke]);
}
