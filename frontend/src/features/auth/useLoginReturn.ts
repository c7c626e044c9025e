import { useLocation } from "react-router-dom";
import type { LoginState } from "../../lib/sessionExpiry";

/** Where a login goes when no page was asked for (spec). */
export const HOME_AFTER_LOGIN = "/workcase";

/**
 * What /login was sent with (lib/sessionExpiry.ts LoginState): the in-app page to go back to after login
 * (a deep link opened while signed out, a page whose session ended), else /workcase, and a notice to
 * show (a deactivated membership). Only a path of this app is followed, never another origin.
 */
export function useLoginReturn(): { target: string; notice: string | null } {
  const state = (useLocation().state ?? null) as LoginState | null;
  const from = typeof state?.from === "string" ? state.from : "";
  const inApp = from.startsWith("/") && !from.startsWith("//") && !from.startsWith("/login");
  return {
    target: inApp ? from : HOME_AFTER_LOGIN,
    notice: typeof state?.notice === "string" ? state.notice : null,
  };
}
