/** The delivery feature's public surface: the profile's mail choices (docs/notifications.md). */
export { MailSettings } from "./MailSettings";
