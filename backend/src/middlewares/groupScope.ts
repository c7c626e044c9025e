import { ja } from "@zaiko/common/messages/ja";
import type { Context } from "koa";
import type { AuthUser } from "../lib/authUser";
import { httpError } from "../lib/httpError";

/** The names under which a client may send a group id, in the query or the JSON body. */
const GROUP_KEYS = ["groupid", "group_id", "group"] as const;

/** A group id sent by the client (`groupid`, `group_id`, `group`) is only compared with the token's group. */
export function sameGroupOrAbsent(actor: AuthUser, requested: unknown): boolean {
  if (requested === undefined || requested === null || requested === "") return true;
  // A list of one id is read (`?groupid=1` given once as an array); nothing nested is. No recursion: this
  // runs before the body's depth check (a 20,000-deep array once overflowed the stack here).
  const value = Array.isArray(requested) && requested.length === 1 ? requested[0] : requested;
  if (typeof value !== "string" && typeof value !== "number") return false;
  return String(value).trim() === String(actor.groupId);
}

/**
 * The one group check of every authenticated call (DOMAIN.md, Tenancy): a group id in the query or in the
 * JSON body that names another group answers 404, as if the row did not exist. The group always comes
 * from the token; these values are only compared. Called by requireAuth, so no route can forget it.
 */
export function assertOwnGroup(ctx: Context, actor: AuthUser): void {
  const body = ctx.request.body;
  const fields =
    typeof body === "object" && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  for (const key of GROUP_KEYS) {
    if (!sameGroupOrAbsent(actor, ctx.query[key]) || !sameGroupOrAbsent(actor, fields[key])) {
      throw httpError(404, ja.errors.notFound);
    }
  }
}
