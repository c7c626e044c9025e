import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { Fragment, lazy, Suspense, useState, useSyncExternalStore } from "react";
import { useSelector } from "react-redux";
import { Outlet, useLocation } from "react-router-dom";
import { Header } from "../components/Header/Header";
import { Loading } from "../components/layout/Loading";
import { useLogout } from "../features/auth/useLogout";
import { useSessionRestore } from "../features/auth/useSessionRestore";
import { feedbackRequested, subscribeFeedbackRequested } from "../lib/feedback";
import { isFirstScreenShown, onFirstScreenShown } from "../lib/firstScreen";
import { selectSession } from "../lib/session";

// PrimeReact's dialog and toast: not needed to show a screen, so neither in the first chunk (the size budget
// of /login) nor loaded with the screen, whose first download it slowed: it loads with the first alert,
// confirmation or toast. Requests made before it has loaded wait in lib/feedback and show once it has.
const FeedbackHost = lazy(async () => ({
  default: (await import("../components/feedback/FeedbackHost")).FeedbackHost,
}));

// Owners only: the count of members waiting for activation, from the live member list (and the socket).
const PendingMembersWatch = lazy(async () => ({
  default: (await import("../features/members/PendingMembersWatch")).PendingMembersWatch,
}));

// Signed-in members: the bell and its unread count, live on the member's own socket room.
const NotificationBell = lazy(async () => ({
  default: (await import("../features/notifications/NotificationBell")).NotificationBell,
}));

// Signed-in members: the app-wide scan of a unit's label (docs/units.md), its camera and wedge listener.
const GlobalScan = lazy(async () => ({
  default: (await import("../features/units/GlobalScan")).GlobalScan,
}));

/** Header above the routed screen; restores a session after a page load. */
export function AppLayout() {
  useSessionRestore();
  const session = useSelector(selectSession);
  const logout = useLogout();
  const location = useLocation();
  const [pendingMembers, setPendingMembers] = useState(0);
  const [unreadNotifications, setUnreadNotifications] = useState(0);
  const signedIn = session.email !== "" && !session.restoring;
  const feedback = useSyncExternalStore(subscribeFeedbackRequested, feedbackRequested, feedbackRequested);
  // The scan, the bell and the members' count wait for the opened screen (lib/firstScreen.ts): their chunks
  // and queries came in the middle of its render. The bell's place is kept meanwhile (Header.css).
  const screenShown = useSyncExternalStore(onFirstScreenShown, isFirstScreenShown, isFirstScreenShown);
  return (
    <>
      <Header
        session={session}
        pendingMembers={pendingMembers}
        unreadNotifications={unreadNotifications}
        bell={
          signedIn && screenShown ? (
            <>
              <Suspense fallback={null}>
                <GlobalScan />
              </Suspense>
              <Suspense fallback={null}>
                <NotificationBell onCount={setUnreadNotifications} />
              </Suspense>
            </>
          ) : null
        }
        onLogout={() => void logout()}
      />
      <main className="app-main">
        <Suspense fallback={<Loading label={ja.common.loading} />}>
          {/* The routed view is re-created whenever the full path changes (spec §2). */}
          <Fragment key={location.pathname + location.search}>
            <Outlet />
          </Fragment>
        </Suspense>
      </main>
      <Suspense fallback={null}>{feedback ? <FeedbackHost /> : null}</Suspense>
      <Suspense fallback={null}>
        {session.is_owner && screenShown ? <PendingMembersWatch onCount={setPendingMembers} /> : null}
      </Suspense>
    </>
  );
}
