import type { Config } from "../../config";
import type { Database } from "../../db/client";
import type { Authenticate } from "../../lib/authUser";
import { verifyAccessToken } from "../../lib/tokens";
import type { ActiveMemberCache } from "../../middlewares/activeMembers";
import { findActiveMember } from "./auth.queries";

/**
 * Resolves a token to an active member. Checked on every request and socket handshake (through
 * ActiveMemberCache, which forgets a member the moment they change), so a deactivated or deleted user's
 * tokens stop working at once rather than when they expire. Built once in server.ts, before AppDeps, which
 * carries it (the request middleware and the real-time handshake both use it).
 */
export function createAuthenticator(parts: {
  config: Pick<Config, "jwtSecret">;
  database: Database;
  activeMembers: ActiveMemberCache;
}): Authenticate {
  const { config, database, activeMembers } = parts;
  return async (token) => {
    if (!token) return undefined;
    const claims = verifyAccessToken(config.jwtSecret, token);
    if (!claims) return undefined;
    let user = activeMembers.get(claims.userId);
    if (!user) {
      user = await findActiveMember(database.db, claims.userId);
      if (user) activeMembers.set(user);
    }
    if (!user || user.groupId !== claims.groupId) return undefined;
    return user;
  };
}
