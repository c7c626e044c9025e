import type { NotificationDto, NotificationKind } from "@zaiko/common/notifications/notifications.schema";
import { iso, isoOrNull } from "../../lib/iso";
import type { NotificationRow } from "./notifications.queries";

/** The one shape of a notification that leaves the server. */
export const presentNotification = (r: NotificationRow): NotificationDto => ({
  id: r.id,
  kind: r.kind as NotificationKind,
  work_case: r.caseId,
  case_title: r.caseTitle,
  item_title: r.itemTitle,
  actor_name: r.actorName,
  quantity: r.quantity,
  due_at: isoOrNull(r.dueAt),
  at: iso(r.at),
  read: r.readAt !== null,
});
