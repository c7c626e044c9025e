import { DEFAULT_BUSINESS_TIME_ZONE, isKnownTimeZone } from "@zaiko/common/today";

/**
 * The business time zone the browser shows and reads date-times in. The server's `BUSINESS_TIME_ZONE` is
 * the one source: it comes with every GET /api/user-info/ answer (`time_zone`, applied by authApi before
 * the session starts), so a browser in another zone still shows and edits the business wall clock. The
 * default only stands until that answer, when nothing date-related is on screen (signed out).
 * No moment here: the header's first screen reads it too.
 */
let zone = DEFAULT_BUSINESS_TIME_ZONE;

/** The current business zone (IANA name). */
export const businessTimeZone = (): string => zone;

/** Takes the zone the server announced; a name this browser does not know is ignored (logged). */
export function setBusinessTimeZone(next: string | undefined): void {
  if (next === undefined || next === zone) return;
  if (!isKnownTimeZone(next)) {
    console.error("unknown business time zone from the server", next);
    return;
  }
  zone = next;
}
