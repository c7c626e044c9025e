import { ja } from "@zaiko/common/messages/ja";
import type { Context } from "koa";
import { httpError } from "../lib/httpError";
import type { AuthUser } from "./auth";

/** A group id sent by the client (`groupid`, `group_id`, `group`) is only compared with the token's group. */
export function sameGroupOrAbsent(actor: AuthUser, requested: unknown): boolean {
  if (requested === undefined || requested === null || requested === "") return true;
  if (Array.isArray(requested)) return requested.length === 1 && sameGroupOrAbsent(actor, requested[0]);
  return String(requested).trim() === String(actor.groupId);
}

/** 404 (as if the row did not exist) when `?groupid=` / `?group_id=` names another group. */
export function assertGroupQuery(ctx: Context): void {
  const user = ctx.state.user;
  if (!sameGroupOrAbsent(user, ctx.query.groupid) || !sameGroupOrAbsent(user, ctx.query.group_id)) {
    throw httpError(404, ja.errors.notFound);
  }
}

/** 404 when the body's `group` names another group; the body never chooses the group. */
export function assertBodyGroup(actor: AuthUser, group: unknown): void {
  if (!sameGroupOrAbsent(actor, group)) throw httpError(404, ja.errors.notFound);
}
