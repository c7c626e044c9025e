import { ja } from "../messages/ja/notifications";
import type { NotificationDto } from "./notifications.schema";

/**
 * The sentence a notification reads as (the bell's list; later the mail's subject line). Dates are shown by
 * the caller's `showDate` (the business zone's wall clock): the web client has its own, without moment.
 */
export function describeNotification(n: NotificationDto, showDate: (iso: string) => string): string {
  const L = ja.notifications;
  const due = n.due_at ? showDate(n.due_at) : "";
  const who = n.actor_name || L.system;
  const item = n.item_title ?? "";
  const q = n.quantity ?? 0;
  switch (n.kind) {
    case "hold.expiring":
      return L.holdExpiring(n.case_title, due);
    case "hold.lapsed":
      return L.holdLapsed(n.case_title, due);
    case "case.confirmed":
      return L.caseConfirmed(who, n.case_title);
    case "case.cancelled":
      return L.caseCancelled(who, n.case_title);
    case "orderitem.overdue":
      return L.overdue(n.case_title, item, q, due);
    case "unit.lost":
      return L.unitLost(who, n.case_title, item, q);
    case "unit.broken":
      return L.unitBroken(who, n.case_title, item, q);
  }
}
