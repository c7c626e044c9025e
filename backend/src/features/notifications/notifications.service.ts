import { ja } from "@zaiko/common/messages/ja";
import type { NotificationDto, NotificationListDto } from "@zaiko/common/notifications/notifications.schema";
import { httpError } from "../../lib/httpError";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { presentNotification } from "./notifications.presenter";
import { listOf, markAllRead, markRead, unreadCount } from "./notifications.queries";

/** One page of the list: the bell's panel shows the newest; older ones come with `before`. */
export const NOTIFICATION_PAGE = 50;

/** GET /api/notifications/: the member's own notifications (the group and the member from the token). */
export async function notificationsOf(
  deps: ReadDeps,
  member: AuthUser,
  opts: { unreadOnly: boolean; before?: number },
): Promise<NotificationListDto> {
  const db = deps.database.db;
  const rows = await listOf(db, member.groupId, member.id, NOTIFICATION_PAGE, opts.unreadOnly, opts.before);
  return { unread: await unreadCount(db, member.groupId, member.id), results: rows.map(presentNotification) };
}

/** GET /api/notifications/unread_count/ */
export async function unreadOf(deps: ReadDeps, member: AuthUser): Promise<{ unread: number }> {
  return { unread: await unreadCount(deps.database.db, member.groupId, member.id) };
}

/** Reading tells the member's other screens (every process), so each bell shows the same count. */
export interface ReadNotificationDeps extends ReadDeps {
  realtime: { notifyMemberRead(userId: number, unread: number): void };
}

/** POST /api/notifications/{id}/read/: another member's or group's notification is a 404, like a missing one. */
export async function readOne(
  deps: ReadNotificationDeps,
  member: AuthUser,
  id: number,
): Promise<NotificationDto> {
  const db = deps.database.db;
  const row = await markRead(db, member.groupId, member.id, id);
  if (!row) throw httpError(404, ja.notifications.notFound);
  deps.realtime.notifyMemberRead(member.id, await unreadCount(db, member.groupId, member.id));
  return presentNotification(row);
}

/** POST /api/notifications/read_all/ */
export async function readAll(
  deps: ReadNotificationDeps,
  member: AuthUser,
): Promise<{ unread: number; marked: number }> {
  const marked = await markAllRead(deps.database.db, member.groupId, member.id);
  deps.realtime.notifyMemberRead(member.id, 0);
  return { unread: 0, marked };
}
