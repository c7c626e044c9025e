/** The notifications feature's public surface (docs/notifications.md). */

export { deleteOlderThan as deleteOldNotifications } from "./notifications.queries";
export { NOTIFICATION_KEEP_MS, startNotifier, worthAPass } from "./notifier.service";
