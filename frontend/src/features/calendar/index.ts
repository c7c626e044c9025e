/** The calendar feature's public surface: the case screen's .ics button, the profile's feed (docs/notifications.md). */
export { CalendarFeedSettings } from "./CalendarFeedSettings";
export { CaseIcsButton } from "./CaseIcsButton";
