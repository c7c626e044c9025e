import { ja } from "@zaiko/common/messages/ja";
import { todayParts } from "@zaiko/common/today";

export type NavEntry = { kind: "link"; to: string; label: string } | { kind: "logout"; label: string };

/** The header entries for a signed-in or signed-out user (spec §2 "Header"). */
export function navEntries(signedIn: boolean, now: Date = new Date()): NavEntry[] {
  if (!signedIn) {
    return [
      { kind: "link", to: "/login", label: ja.nav.login },
      { kind: "link", to: "/signup", label: ja.nav.signup },
    ];
  }
  // Today in Asia/Tokyo whatever the device's zone, month and day zero-padded.
  const { y, m, d } = todayParts(now);
  return [
    { kind: "link", to: "/workcase", label: ja.nav.workcase },
    { kind: "link", to: "/category", label: ja.nav.category },
    { kind: "link", to: `/item/${y}/${m}/${d}`, label: ja.nav.item },
    { kind: "link", to: "/warehouse", label: ja.warehouse.nav },
    { kind: "logout", label: ja.nav.logout },
  ];
}
