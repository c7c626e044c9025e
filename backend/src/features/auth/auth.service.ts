import { randomUUID } from "node:crypto";
import { ja } from "@zaiko/common/messages/ja";
import bcrypt from "bcryptjs";
import type { Config } from "../../config";
import { httpError } from "../../lib/httpError";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { newRefreshToken, parseRefreshCookie, signAccessToken } from "../../lib/tokens";
import { inTransaction } from "../../lib/transaction";
import {
  familyIsLive,
  findActiveMember,
  findUserByEmail,
  insertRefreshToken,
  lockRefreshToken,
  markRotated,
  revokeFamily,
} from "./auth.queries";

/** What hashing a password needs (sign-up hashes too). */
export interface PasswordDeps {
  config: Pick<Config, "bcryptCost">;
}

/** What issuing a session's tokens needs. */
interface SessionDeps extends ReadDeps {
  config: Pick<Config, "accessTtlSeconds" | "jwtSecret" | "refreshTtlSeconds" | "refreshReuseGraceSeconds">;
}

/** A new session: the access token for the body and the refresh token for the httpOnly cookie. */
export interface IssuedSession {
  access: string;
  refreshCookie: string;
}

// Compared against when the email is unknown, so a miss costs as long as a wrong password.
const DUMMY_HASH = bcrypt.hashSync("timing-equaliser-not-a-password", 10);

/** Hashes a password with bcrypt at the configured cost (async: never blocks the event loop). */
export function hashPassword(deps: PasswordDeps, password: string): Promise<string> {
  return bcrypt.hash(password, deps.config.bcryptCost);
}

/**
 * Checks credentials. Wrong email or password: 401 with a generic message. Right password but not an
 * active member: 401 メンバー権限がありません (the spec's message), and no token.
 */
export async function verifyCredentials(deps: ReadDeps, email: string, password: string) {
  const user = await findUserByEmail(deps.database.db, email);
  const ok = await bcrypt.compare(password, user?.passwordHash ?? DUMMY_HASH);
  if (!user || !ok) return { ok: false as const };
  if (!user.isMember) throw httpError(401, ja.validation.notMember);
  return { ok: true as const, user };
}

async function startFamily(
  deps: ReadDeps & { config: Pick<Config, "refreshTtlSeconds"> },
  userId: number,
  familyId: string,
): Promise<string> {
  const token = newRefreshToken();
  await insertRefreshToken(deps.database.db, {
    id: token.id,
    userId,
    familyId,
    tokenHash: token.hash,
    expiresAt: new Date(Date.now() + deps.config.refreshTtlSeconds * 1000),
  });
  return token.cookieValue;
}

/** Issues an access token and a new refresh family for a verified user. */
export async function openSession(
  deps: SessionDeps,
  user: { id: number; groupId: number },
): Promise<IssuedSession> {
  const refreshCookie = await startFamily(deps, user.id, randomUUID());
  return {
    access: signAccessToken(deps.config.jwtSecret, user.id, user.groupId, deps.config.accessTtlSeconds),
    refreshCookie,
  };
}

/**
 * Rotates a refresh token: the presented token is retired and a new one joins its family.
 *
 * A token already rotated and presented again within `refreshReuseGraceSeconds` of its rotation, while
 * its family is still live, gets a new token of the family too: tabs of one browser that refreshed at
 * the same moment, or a response lost on the way, must not sign the user out. Any other revoked token
 * presented again means it was stolen or replayed, and the whole family is revoked. A member who is no
 * longer active is told so (membershipEnded) and their family is revoked.
 */
export async function rotateSession(
  deps: SessionDeps & WriteDeps,
  cookieValue: string | undefined,
): Promise<IssuedSession> {
  const parsed = parseRefreshCookie(cookieValue);
  if (!parsed) throw httpError(401, ja.errors.refreshFailed);
  const graceMs = deps.config.refreshReuseGraceSeconds * 1000;
  const outcome = await inTransaction(deps, async (tx) => {
    // Locked: concurrent presentations of one token are decided one after the other.
    const row = await lockRefreshToken(tx, parsed.id);
    if (!row || row.tokenHash !== parsed.hash) return { kind: "invalid" as const };
    if (row.expiresAt.getTime() <= Date.now()) return { kind: "invalid" as const };
    const user = await findActiveMember(tx, row.userId);
    if (!user) {
      await revokeFamily(tx, row.familyId);
      return { kind: "notMember" as const };
    }
    if (row.revokedAt) {
      const rotatedRecently =
        row.rotatedAt !== null && Date.now() - row.rotatedAt.getTime() <= graceMs && graceMs > 0;
      if (!rotatedRecently || !(await familyIsLive(tx, row.familyId))) {
        await revokeFamily(tx, row.familyId);
        return { kind: "reused" as const };
      }
      // Within the grace window: the family goes on; the token stays retired as it was.
    } else {
      await markRotated(tx, row.id);
    }
    const next = newRefreshToken();
    await insertRefreshToken(tx, {
      id: next.id,
      userId: user.id,
      familyId: row.familyId,
      tokenHash: next.hash,
      expiresAt: new Date(Date.now() + deps.config.refreshTtlSeconds * 1000),
    });
    return { kind: "ok" as const, user, refreshCookie: next.cookieValue };
  });
  if (outcome.kind === "notMember") throw httpError(401, ja.errors.membershipEnded);
  if (outcome.kind !== "ok") throw httpError(401, ja.errors.refreshFailed);
  return {
    access: signAccessToken(
      deps.config.jwtSecret,
      outcome.user.id,
      outcome.user.groupId,
      deps.config.accessTtlSeconds,
    ),
    refreshCookie: outcome.refreshCookie,
  };
}

/** Revokes the family of the presented refresh token (logout). Unknown tokens are ignored. */
export async function closeSession(deps: WriteDeps, cookieValue: string | undefined): Promise<void> {
  const parsed = parseRefreshCookie(cookieValue);
  if (!parsed) return;
  await inTransaction(deps, async (tx) => {
    const row = await lockRefreshToken(tx, parsed.id);
    if (row && row.tokenHash === parsed.hash) await revokeFamily(tx, row.familyId);
  });
}
