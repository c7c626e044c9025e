import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import type { AppDeps } from "../deps";
import { findActiveMember } from "../features/auth/auth.queries";
import { httpError } from "../lib/httpError";
import { verifyAccessToken } from "../lib/tokens";

/** The signed-in user as every route sees it. The group always comes from here, never from the request. */
export interface AuthUser {
  id: number;
  groupId: number;
  email: string;
  isOwner: boolean;
}

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
 * Resolves a token to an active member. Checked on every request (through ActiveMemberCache, which forgets
 * a member the moment they change), so a deactivated or deleted user's tokens stop working at once rather
 * than when they expire.
 */
export async function authenticate(deps: AppDeps, token: string | undefined): Promise<AuthUser | undefined> {
  if (!token) return undefined;
  const claims = verifyAccessToken(deps.config.jwtSecret, token);
  if (!claims) return undefined;
  let user = deps.activeMembers.get(claims.userId);
  if (!user) {
    user = await findActiveMember(deps.database.db, claims.userId);
    if (user) deps.activeMembers.set(user);
  }
  if (!user || user.groupId !== claims.groupId) return undefined;
  return user;
}

/** Route middleware: 401 unless the request carries a valid bearer token of an active member. */
export function requireAuth(deps: AppDeps) {
  return async function authenticated(ctx: Context, next: Next) {
    const user = await authenticate(deps, bearerToken(ctx));
    if (!user) {
      ctx.set("WWW-Authenticate", 'Bearer realm="zaiko"');
      throw httpError(401, ja.errors.unauthenticated);
    }
    ctx.state.user = user;
    await next();
  };
}

/** Route middleware: 403 unless the signed-in user is an owner of their group. Use after requireAuth. */
export function requireOwner() {
  return async function ownerOnly(ctx: Context, next: Next) {
    if (!ctx.state.user?.isOwner) throw httpError(403, ja.errors.forbidden);
    await next();
  };
}
