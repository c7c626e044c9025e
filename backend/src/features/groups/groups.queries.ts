import { and, eq, exists, lt, notExists, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { groups, users } from "../../db/schema";

type Queryable = Db | Tx;

const hasOwner = (db: Queryable) =>
  db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.groupId, groups.id), eq(users.isOwner, true)));

/** Groups that have an owner (unclaimed ones are not offered to staff). */
export function listClaimedGroups(db: Queryable) {
  return db
    .select({ id: groups.id, name: groups.name })
    .from(groups)
    .where(exists(hasOwner(db)))
    .orderBy(groups.name, groups.id);
}

export async function insertGroup(db: Queryable, name: string) {
  const [row] = await db.insert(groups).values({ name }).returning({ id: groups.id, name: groups.name });
  return row!;
}

export async function findGroup(db: Queryable, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id)).limit(1);
  return row;
}

/** Locks the group row so two owner claims on one new group cannot both succeed. */
export async function lockGroup(tx: Tx, id: number) {
  const [row] = await tx.select().from(groups).where(eq(groups.id, id)).for("update").limit(1);
  return row;
}

export async function groupHasOwner(db: Queryable, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.groupId, groupId), eq(users.isOwner, true)))
    .limit(1);
  return row !== undefined;
}

/** Removes groups nobody claimed within `maxAgeMinutes` (they have no users at all). */
export async function deleteUnclaimedGroups(db: Queryable, maxAgeMinutes: number) {
  const noUsers = db.select({ one: sql`1` }).from(users).where(eq(users.groupId, groups.id));
  return db
    .delete(groups)
    .where(
      and(lt(groups.createdAt, sql`now() - make_interval(mins => ${maxAgeMinutes})`), notExists(noUsers)),
    )
    .returning({ id: groups.id });
}
