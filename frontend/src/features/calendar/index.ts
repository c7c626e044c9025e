/** The calendar feature's public surface: the case screen's .ics button (docs/notifications.md). */
export { CaseIcsButton } from "./CaseIcsButton";
