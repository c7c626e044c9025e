import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { refreshTokens, users } from "../../db/schema";
import type { AuthUser } from "../../lib/authUser";

type Queryable = Db | Tx;

/** The user behind a token, only while they are an active member. */
export async function findActiveMember(db: Queryable, userId: number): Promise<AuthUser | undefined> {
  const [row] = await db
    .select({ id: users.id, groupId: users.groupId, email: users.email, isOwner: users.isOwner })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isMember, true)))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertRefreshToken(
  db: Queryable,
  row: { id: string; userId: number; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(row);
}

/** Locks the token row so two concurrent refreshes with one token cannot both rotate it. */
export async function lockRefreshToken(tx: Tx, id: string) {
  const [row] = await tx.select().from(refreshTokens).where(eq(refreshTokens.id, id)).for("update").limit(1);
  return row;
}

/** Retires a token replaced by a rotation: revoked, and stamped as rotated for the grace window. */
export async function markRotated(db: Queryable, id: string) {
  const now = new Date();
  await db.update(refreshTokens).set({ revokedAt: now, rotatedAt: now }).where(eq(refreshTokens.id, id));
}

/** Whether the family still has a usable token: false once logout, deactivation or theft revoked it. */
export async function familyIsLive(db: Queryable, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        sql`${refreshTokens.expiresAt} > now()`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function revokeFamily(db: Queryable, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllOfUser(db: Queryable, userId: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/** Drops expired refresh tokens; run periodically. */
export async function deleteExpiredRefreshTokens(db: Queryable) {
  await db.delete(refreshTokens).where(sql`${refreshTokens.expiresAt} < now() - interval '1 day'`);
}
