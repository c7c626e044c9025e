import { useSelector } from "react-redux";
import { useLocation } from "react-router-dom";
import { selectSession } from "../../lib/session";
import type { LoginState } from "../../lib/sessionExpiry";

/** Where a login goes when no page was asked for (spec). */
export const HOME_AFTER_LOGIN = "/workcase";

/**
 * Where /login goes after the login: the in-app page it was sent from (router state, lib/sessionExpiry.ts
 * LoginState: a deep link opened while signed out, a page whose session ended), else /workcase; and the
 * notice the ended session left (a deactivated membership). Only a path of this app is followed.
 */
export function useLoginReturn(): { target: string; notice: string | null } {
  const state = (useLocation().state ?? null) as LoginState | null;
  const notice = useSelector(selectSession).notice ?? null;
  const from = typeof state?.from === "string" ? state.from : "";
  const inApp = from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/login");
  return {
    target: inApp ? from : HOME_AFTER_LOGIN,
    notice,
  };
}
