import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import type { SessionState } from "../../lib/session";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { BarsIcon, BoxIcon, TimesIcon } from "../icons/InlineIcons";
import { PlainButton } from "../plain/PlainButton";
import { NavList } from "./NavList";
import { navEntries } from "./navEntries";
import { SessionChips } from "./SessionChips";
import "./Header.css";

/** Below this width the navigation collapses into a menu button (spec §9). */
export const HEADER_MOBILE_QUERY = "(max-width: 767.98px)";

interface Props {
  session: SessionState;
  /** Owners: members waiting for activation (a badge on メンバー and on the phone menu button). */
  pendingMembers?: number;
  /** Signed-in members: their unread notifications (the phone menu's お知らせ entry). */
  unreadNotifications?: number;
  /**
   * Signed-in members: the scan button and the bell (features/units, features/notifications, loaded lazily by
   * the layout: the login screen does not need them). Their place is kept while they load, so nothing in the
   * bar moves when they appear.
   */
  bell?: ReactNode;
  onLogout: () => void;
}

/** The app bar of every screen: title, group and email chips, navigation. */
export function Header({ session, pendingMembers = 0, unreadNotifications = 0, bell, onLogout }: Props) {
  const signedIn = session.email !== "";
  const isMobile = useMediaQuery(HEADER_MOBILE_QUERY);
  const entries = navEntries(
    signedIn,
    undefined,
    session.is_owner ? { pendingMembers } : null,
    isMobile ? unreadNotifications : null,
  );
  const menuWaiting = session.is_owner && pendingMembers > 0;
  const [menuOpen, setMenuOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const close = () => setMenuOpen(false);

  // The phone menu closes when the user touches the content (anything outside the header) or
  // presses Escape.
  useEffect(() => {
    if (!menuOpen) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!headerRef.current?.contains(event.target as Node)) setMenuOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    document.addEventListener("mousedown", onPointerDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onPointerDown);
      document.removeEventListener("keydown", onKey);
    };
  }, [menuOpen]);

  useEffect(() => {
    if (!isMobile) setMenuOpen(false);
  }, [isMobile]);

  return (
    <header className="app-header" ref={headerRef}>
      <div className="app-bar">
        <Link to="/" className="app-title">
          <BoxIcon className="app-title-icon" />
          <span>{ja.app.title}</span>
        </Link>
        {!isMobile && signedIn && <SessionChips session={session} />}
        {signedIn && (
          // The bell is a link in the bar, outside the menu's list: following it closes an open menu too. A
          // click (or Enter on the link, which clicks it) bubbles here. Closing on every path change instead
          // closed a menu opened while the screen after the login was still settling.
          // biome-ignore lint/a11y/useKeyWithClickEvents: the link inside handles the keyboard
          // biome-ignore lint/a11y/noStaticElementInteractions: only listens to its link's click
          <span className="app-bell-slot" onClick={close}>
            {bell}
          </span>
        )}
        <nav className="app-nav" aria-label={ja.header.mainNav}>
          {isMobile ? (
            <PlainButton
              icon={
                menuOpen ? (
                  <TimesIcon className="p-button-icon p-c" />
                ) : (
                  <BarsIcon className="p-button-icon p-c" />
                )
              }
              className={`p-button-text p-button-rounded app-menu-button${menuWaiting ? " has-badge" : ""}`}
              ariaLabel={menuWaiting ? ja.feedback.menuPending : ja.nav.menu}
              aria-expanded={menuOpen}
              aria-controls="app-menu"
              onClick={() => setMenuOpen((open) => !open)}
            />
          ) : (
            <NavList entries={entries} onLogout={onLogout} className="app-nav-list" />
          )}
        </nav>
      </div>
      {/* In the flow under the bar rather than over the content, so the content stays visible (and
          clickable, which closes the menu) below it. */}
      {isMobile && menuOpen && (
        <nav id="app-menu" className="app-menu" aria-label={ja.nav.menu}>
          {signedIn && <SessionChips session={session} onNavigate={close} />}
          <NavList entries={entries} onLogout={onLogout} onChoose={close} className="app-menu-list" />
        </nav>
      )}
    </header>
  );
}
