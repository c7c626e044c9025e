import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { NavLink } from "react-router-dom";
import { BellIcon } from "../icons/InlineIcons";

/** Above this many the badge reads 99+ (the bar has no room for more digits). */
const MOST_SHOWN = 99;

/** The bar's bell: opens お知らせ; the badge is the member's unread count, kept live by the layout. */
export function NotificationBell({ unread, onNavigate }: { unread: number; onNavigate?: () => void }) {
  return (
    <NavLink
      to="/notifications"
      className={({ isActive }) => `app-bell${isActive ? " is-active" : ""}`}
      aria-label={unread > 0 ? ja.header.bellUnread(unread) : ja.header.bell}
      title={unread > 0 ? ja.header.bellUnread(unread) : ja.header.bell}
      onClick={onNavigate}
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
