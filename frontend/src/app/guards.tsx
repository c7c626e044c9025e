import { ja } from "@zaiko/common/messages/ja";
import { lazy, type ReactNode } from "react";
import { useSelector } from "react-redux";
import { Navigate } from "react-router-dom";
import { Loading } from "../components/layout/Loading";
import { selectSession } from "../lib/session";

// Rarely shown, and it needs the icon font: its own chunk, with what every screen loads (routes.tsx).
const ForbiddenPage = lazy(async () => {
  const [page] = await Promise.all([import("./pages/ForbiddenPage"), import("./screenSetup")]);
  return { default: page.ForbiddenPage };
});

/** Signed-in routes: signed-out users go to /login; a session being restored shows a spinner. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSelector(selectSession);
  if (session.restoring) return <Loading label={ja.session.restoring} />;
  if (session.email === "") return <Navigate to="/login" replace />;
  return children;
}

/** Owner-only routes: staff get a polite explanation instead of the page. */
export function RequireOwner({ children }: { children: ReactNode }) {
  const isOwner = useSelector(selectSession).is_owner;
  return <RequireAuth>{isOwner ? children : <ForbiddenPage />}</RequireAuth>;
}
