import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { lazy, type ReactNode } from "react";
import { useSelector } from "react-redux";
import { Navigate, useLocation } from "react-router-dom";
import { Loading } from "../components/layout/Loading";
import { selectSession } from "../lib/session";
import type { LoginState } from "../lib/sessionExpiry";

// Rarely shown: its own chunk, with what every screen loads (the whole theme, routes.tsx).
const ForbiddenPage = lazy(async () => {
  const [page] = await Promise.all([import("./pages/ForbiddenPage"), import("./screenSetup")]);
  return { default: page.ForbiddenPage };
});

/**
 * Signed-in routes: signed-out users go to /login, which brings them back to the page they asked for;
 * a session being restored shows a spinner.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSelector(selectSession);
  const location = useLocation();
  if (session.restoring) return <Loading label={ja.session.restoring} />;
  if (session.email === "") {
    const state: LoginState = { from: location.pathname + location.search + location.hash };
    return <Navigate to="/login" replace state={state} />;
  }
  return children;
}

/** Owner-only routes: staff get a polite explanation instead of the page. */
export function RequireOwner({ children }: { children: ReactNode }) {
  const isOwner = useSelector(selectSession).is_owner;
  return <RequireAuth>{isOwner ? children : <ForbiddenPage />}</RequireAuth>;
}
