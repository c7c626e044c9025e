import { ja } from "@zaiko/common/messages/ja/firstScreen";
import { todayParts } from "@zaiko/common/today";
import { businessTimeZone } from "../../lib/businessZone";

export type NavEntry =
  | {
      kind: "link";
      to: string;
      label: string /** Accessible name when it differs (a count). */;
      ariaLabel?: string;
      badge?: number;
    }
  | { kind: "logout"; label: string };

/** The owners' entry to the member list, with the number of members waiting for activation. */
function membersEntry(pending: number): NavEntry {
  return pending > 0
    ? {
        kind: "link",
        to: "/user",
        label: ja.feedback.membersNav,
        ariaLabel: ja.feedback.membersNavPending(pending),
        badge: pending,
      }
    : { kind: "link", to: "/user", label: ja.feedback.membersNav };
}

/** お知らせ in the phone menu, with the unread count (the bar's bell says the same on every width). */
function notificationsEntry(unread: number): NavEntry {
  return unread > 0
    ? {
        kind: "link",
        to: "/notifications",
        label: ja.header.bell,
        ariaLabel: ja.header.bellUnread(unread),
        badge: unread,
      }
    : { kind: "link", to: "/notifications", label: ja.header.bell };
}

/**
 * The header entries for a signed-in or signed-out user (spec §2 "Header"); owners also get メンバー
 * (the member list, otherwise reachable only through the group chip) with the pending count.
 */
export function navEntries(
  signedIn: boolean,
  now: Date = new Date(),
  owner: { pendingMembers: number } | null = null,
  /** Unread notifications: given, the list gets お知らせ (the phone menu; the desktop bar has the bell). */
  unreadNotifications: number | null = null,
): NavEntry[] {
  if (!signedIn) {
    return [
      { kind: "link", to: "/login", label: ja.nav.login },
      { kind: "link", to: "/signup", label: ja.nav.signup },
    ];
  }
  // Today in the business zone whatever the device's zone, month and day zero-padded.
  const { y, m, d } = todayParts(now, businessTimeZone());
  return [
    { kind: "link", to: "/workcase", label: ja.nav.workcase },
    { kind: "link", to: "/category", label: ja.nav.category },
    { kind: "link", to: `/item/${y}/${m}/${d}`, label: ja.nav.item },
    { kind: "link", to: "/warehouse", label: ja.warehouse.nav },
    { kind: "link", to: "/subrentals", label: ja.nav.subrentals },
    ...(owner ? [membersEntry(owner.pendingMembers)] : []),
    ...(unreadNotifications !== null ? [notificationsEntry(unreadNotifications)] : []),
    { kind: "logout", label: ja.nav.logout },
  ];
}
