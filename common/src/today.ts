/**
 * The business zone and "today" without moment: the client's first screen (the header's アイテム link)
 * needs only this, and moment with its time-zone data would otherwise travel in the first download.
 * `dates.ts` re-exports both, so server code keeps one import.
 */

/**
 * The business time zone when `BUSINESS_TIME_ZONE` is not set: "a day" always means a calendar day in the
 * business zone (DOMAIN.md). Only the server's config reads this default; everything else is handed the
 * configured zone (the server from its config, the browser from GET /api/user-info/), which is why no
 * function here has a default zone: docs/decisions.md, "Time zone".
 */
export const DEFAULT_BUSINESS_TIME_ZONE = "Asia/Tokyo";

/** True when the runtime knows the IANA zone name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone !== "";
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl formatter per (use, zone), built once: building one costs far more than formatting with it.
 * `use` names the options, which are the same for every call of that use.
 */
export function zonedFormatter(
  use: string,
  zone: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${use}|${zone}`;
  let format = formatters.get(key);
  if (!format) {
    // en-CA / en-US write the parts as digits; formatToParts does not depend on their order.
    format = new Intl.DateTimeFormat(use === "day" ? "en-CA" : "en-US", { ...options, timeZone: zone });
    formatters.set(key, format);
  }
  return format;
}

/**
 * Zones whose offset from UTC has not changed since a known instant: their wall clock is plain arithmetic
 * from then on. The first Intl formatter with a time zone loads ICU's zone data, which on a phone holds the
 * first screen's main thread for about 50 ms (four times that under Lighthouse's slowed CPU): the default
 * business zone does without it (docs/decisions.md, "Time zone"). Japan has kept +09:00 since its last
 * summer time ended in September 1951.
 */
const FIXED_OFFSETS: Record<string, { sinceMs: number; offsetMs: number }> = {
  "Asia/Tokyo": { sinceMs: Date.UTC(1952, 0, 1), offsetMs: 9 * 3_600_000 },
  UTC: { sinceMs: Number.NEGATIVE_INFINITY, offsetMs: 0 },
  "Etc/UTC": { sinceMs: Number.NEGATIVE_INFINITY, offsetMs: 0 },
};

/** The zone's offset east of UTC at instant `t` in ms when it is fixed there (above), else null: ask Intl. */
export function fixedOffsetMs(zone: string, t: number): number | null {
  const fixed = Object.hasOwn(FIXED_OFFSETS, zone) ? FIXED_OFFSETS[zone] : undefined;
  return fixed && t >= fixed.sinceMs ? fixed.offsetMs : null;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

/** Today's date in the business zone as path parts with zero-padded month and day. */
export function todayParts(now: Date, zone: string): { y: string; m: string; d: string } {
  const offset = fixedOffsetMs(zone, now.getTime());
  if (offset !== null) {
    const wall = new Date(now.getTime() + offset);
    return {
      y: String(wall.getUTCFullYear()),
      m: pad2(wall.getUTCMonth() + 1),
      d: pad2(wall.getUTCDate()),
    };
  }
  const format = zonedFormatter("day", zone, { year: "numeric", month: "2-digit", day: "2-digit" });
  const part = (type: "year" | "month" | "day") =>
    format.formatToParts(now).find((p) => p.type === type)?.value ?? "";
  return { y: part("year"), m: part("month"), d: part("day") };
}
