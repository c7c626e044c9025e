import { useEffect } from "react";
import { useUnreadNotificationsQuery } from "./notificationsApi";

/** A count that a lost announcement cannot leave stale for long. */
const POLL_MS = 60_000;

/**
 * Tells the layout how many of the member's notifications are unread (the header's bell). Loaded lazily by
 * the layout once signed in, like the owners' pending-member watch: it brings the socket with it.
 */
export function NotificationsWatch({ onCount }: { onCount: (count: number) => void }) {
  const unread = useUnreadNotificationsQuery(undefined, { pollingInterval: POLL_MS }).data?.unread ?? 0;
  useEffect(() => onCount(unread), [unread, onCount]);
  useEffect(() => () => onCount(0), [onCount]);
  return null;
}
