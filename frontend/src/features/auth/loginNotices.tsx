import { ja } from "@zaiko/common/messages/ja/firstScreen";
import type { ReactNode } from "react";
import { useLocation } from "react-router-dom";

/** What the sign-up screen hands to /login (router state): who just registered. */
export interface SignedUpState {
  signedUp: "owner" | "staff";
}

/**
 * The line under a fresh sign-up on /login: staff learn that they wait for the owner's activation
 * (they cannot log in before), owners that they can log in now.
 */
export function SignedUpNotice() {
  const state = useLocation().state as Partial<SignedUpState> | null;
  if (state?.signedUp !== "staff" && state?.signedUp !== "owner") return null;
  // PrimeReact's inline-message markup without its JavaScript: /login stays free of it (docs/frontend.md).
  const severity = state.signedUp === "staff" ? "info" : "success";
  return (
    <output className={`auth-notice p-inline-message p-component p-inline-message-${severity}`}>
      <span className="p-inline-message-text">
        {state.signedUp === "staff" ? ja.feedback.staffSignedUp : ja.feedback.ownerSignedUp}
      </span>
    </output>
  );
}

/**
 * The login error banner's text: the server's message as it is, plus an explanation when it is the
 * spec's メンバー権限がありません (a staff account the owner has not activated yet).
 */
export function loginBannerText(banner: string): ReactNode {
  if (banner !== ja.validation.notMember) return banner;
  return (
    <span className="auth-banner-lines">
      <span>{banner}</span>
      <span className="auth-banner-explanation">{ja.feedback.notMemberExplained}</span>
    </span>
  );
}
