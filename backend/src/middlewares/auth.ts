import { ja } from "@zaiko/common/messages/ja";
import { formatPositions, STREAM_POSITIONS_HEADER } from "@zaiko/common/realtime/positions";
import type { Context, Next } from "koa";
import type { AppDeps } from "../deps";
import { authorize, type MemberAction } from "../lib/authorize";
import type { AuthUser } from "../lib/authUser";
import { httpError } from "../lib/httpError";
import { assertOwnGroup } from "./groupScope";
import { idempotent } from "./idempotency";

export type { AuthUser } from "../lib/authUser";

declare module "koa" {
  interface DefaultState {
    user: AuthUser;
  }
}

/** Reads `Authorization: Bearer <jwt>`; undefined when absent. */
export function bearerToken(ctx: Context): string | undefined {
  const header = ctx.get("Authorization");
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * Route middleware: 401 unless the request carries a valid bearer token of an active member, then 404 when
 * the query or body names another group (groupScope.ts). A GET's answer also says how far the group's
 * event streams had gone before it was read, so that a client whose socket connects later can tell whether
 * the answer may lack a change (common/realtime/positions.ts).
 * Every authenticated write passes here, so this is where an `Idempotency-Key` is honoured: the key
 * belongs to the member the token names (middlewares/idempotency.ts).
 */
export function requireAuth(deps: AppDeps) {
  return async function authenticated(ctx: Context, next: Next) {
    const user = await deps.authenticate(bearerToken(ctx));
    if (!user) {
      ctx.set("WWW-Authenticate", 'Bearer realm="zaiko"');
      throw httpError(401, ja.errors.unauthenticated);
    }
    ctx.state.user = user;
    assertOwnGroup(ctx, user);
    if (ctx.method === "GET")
      ctx.set(STREAM_POSITIONS_HEADER, formatPositions(await deps.realtime.positions(user.groupId)));
    await idempotent(deps.database.db, ctx, user, next);
  };
}

/** Route middleware: the refusal of `action` (lib/authorize.ts) unless the member may. Use after requireAuth. */
export function requirePermission(action: MemberAction) {
  return async function permitted(ctx: Context, next: Next) {
    authorize(ctx.state.user, action);
    await next();
  };
}
