/** What a notification is about (docs/notifications.md). */
export const NOTIFICATION_KINDS = [
  "hold.expiring",
  "hold.lapsed",
  "case.confirmed",
  "case.cancelled",
  "orderitem.overdue",
  "unit.lost",
  "unit.broken",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** One notification of the signed-in member, as every answer and the bell's list show it. */
export interface NotificationDto {
  id: number;
  kind: NotificationKind;
  /** The case it links to (/orderitems/{id}); null only if the case was never known. */
  work_case: number | null;
  case_title: string;
  item_title: string | null;
  actor_name: string | null;
  quantity: number | null;
  /** A hold's deadline, or an overdue order item's planned end. */
  due_at: string | null;
  at: string;
  read: boolean;
}

/** GET /api/notifications/: the newest first, and how many of all are unread. */
export interface NotificationListDto {
  unread: number;
  results: NotificationDto[];
}

/** GET /api/calendar-feed/: whether the member has a feed URL, and since when (the URL itself is shown once). */
export interface CalendarFeedStatusDto {
  active: boolean;
  created: string | null;
}

/** POST /api/calendar-feed/: a new secret URL; any earlier one stops working. */
export interface CalendarFeedCreatedDto {
  active: true;
  created: string;
  url: string;
}
