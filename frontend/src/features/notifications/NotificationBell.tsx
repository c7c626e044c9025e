import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { useEffect } from "react";
import { NavLink } from "react-router-dom";
import { useUnreadNotificationsQuery } from "./notificationsApi";
import "./bell.css";

/** Above this many the badge reads 99+ (the bar has no room for more digits). */
const MOST_SHOWN = 99;
/** A count that a lost announcement cannot leave stale for long. */
const POLL_MS = 60_000;

/** A bell (Feather's "bell", MIT): the header's お知らせ. */
const BellIcon = ({ className }: { className?: string }) => (
  <svg
    width="1em"
    height="1em"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
    className={className}
  >
    <path d="M18 8A6 6 0 0 0 6 8c0 7-3 9-3 9h18s-3-2-3-9" />
    <path d="M13.73 21a2 2 0 0 1-3.46 0" />
  </svg>
);

/**
 * The header's bell: opens お知らせ; the badge is the member's unread count, live (notificationsApi.ts). Also
 * tells the layout the count, for the phone menu's entry. Loaded lazily by the layout once signed in, with the
 * socket (the login screen needs neither).
 */
export function NotificationBell({ onCount }: { onCount: (count: number) => void }) {
  const unread = useUnreadNotificationsQuery(undefined, { pollingInterval: POLL_MS }).data?.unread ?? 0;
  useEffect(() => onCount(unread), [unread, onCount]);
  useEffect(() => () => onCount(0), [onCount]);
  const label = unread > 0 ? ja.header.bellUnread(unread) : ja.header.bell;
  return (
    <NavLink
      to="/notifications"
      className={({ isActive }) => `app-bell${isActive ? " is-active" : ""}`}
      aria-label={label}
      title={label}
    >
      <BellIcon className="app-bell-icon" />
      {unread > 0 ? (
        <span className="app-bell-badge" aria-hidden="true" data-testid="bell-count">
          {unread > MOST_SHOWN ? `${MOST_SHOWN}+` : unread}
        </span>
      ) : null}
    </NavLink>
  );
}
