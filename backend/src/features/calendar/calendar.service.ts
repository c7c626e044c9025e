import { createHash, randomBytes } from "node:crypto";
import { ja } from "@zaiko/common/messages/ja";
import type {
  CalendarFeedCreatedDto,
  CalendarFeedStatusDto,
} from "@zaiko/common/notifications/notifications.schema";
import { httpError } from "../../lib/httpError";
import { iso } from "../../lib/iso";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { casesCalendar } from "./calendar.presenter";
import { deleteFeed, feedByHash, feedCases, feedOf, oneCase, replaceFeed } from "./calendar.queries";

/** A feed lists the cases that ended up to this long ago, and everything after. */
const FEED_PAST_MS = 180 * 24 * 3_600_000;
/** A secret is 32 random bytes in base64url: 43 characters. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;

const notFound = () => httpError(404, ja.errors.notFound);
const hashOf = (secret: string) => createHash("sha256").update(secret).digest("hex");

/** The path of a feed; the secret is its capability. */
export const feedPath = (secret: string) => `/api/calendar/feed/${secret}.ics`;

/** GET /api/calendar-feed/: whether the member has a feed (the URL is shown only when it is made). */
export async function feedStatus(deps: ReadDeps, member: AuthUser): Promise<CalendarFeedStatusDto> {
  const created = await feedOf(deps.database.db, member.id);
  return { active: created !== undefined, created: created ? iso(created) : null };
}

/** POST /api/calendar-feed/: a new secret; the member's earlier URL answers 404 from now on. */
export async function regenerateFeed(
  deps: ReadDeps,
  member: AuthUser,
  baseUrl: string,
): Promise<CalendarFeedCreatedDto> {
  const secret = randomBytes(32).toString("base64url");
  const created = await replaceFeed(deps.database.db, member.id, member.groupId, hashOf(secret));
  return { active: true, created: iso(created), url: `${baseUrl}${feedPath(secret)}` };
}

/** DELETE /api/calendar-feed/ */
export async function revokeFeed(deps: ReadDeps, member: AuthUser): Promise<void> {
  await deleteFeed(deps.database.db, member.id);
}

/** GET /api/calendar/feed/{secret}.ics: the group's cases now; a wrong or revoked secret is a 404. */
export async function feedCalendar(
  deps: ReadDeps & ZoneDeps,
  file: string,
  baseUrl: string,
): Promise<string> {
  const secret = file.endsWith(".ics") ? file.slice(0, -4) : "";
  if (!SECRET.test(secret)) throw notFound();
  const db = deps.database.db;
  const feed = await feedByHash(db, hashOf(secret));
  if (!feed) throw notFound();
  const rows = await feedCases(db, feed.group_id, new Date(Date.now() - FEED_PAST_MS));
  return casesCalendar(rows, {
    baseUrl,
    zone: deps.config.timeZone,
    name: ja.calendarFeed.calendarName(feed.group_name),
  });
}

/** GET /api/calendar/cases/{id}/: one case of the member's group as an .ics file (its title names the file). */
export async function caseCalendar(
  deps: ReadDeps & ZoneDeps,
  member: AuthUser,
  caseId: number,
  baseUrl: string,
): Promise<{ title: string; ics: string }> {
  const row = await oneCase(deps.database.db, member.groupId, caseId);
  if (!row) throw notFound();
  const ics = casesCalendar([row], { baseUrl, zone: deps.config.timeZone, name: row.title });
  return { title: row.title, ics };
}
