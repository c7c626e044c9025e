import { and, asc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { groups, users } from "../../db/schema";

type Queryable = Db | Tx;

const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isMember: users.isMember,
  isOwner: users.isOwner,
  groupId: users.groupId,
  version: users.version,
};

export function listUsersOfGroup(db: Queryable, groupId: number) {
  return db.select(userColumns).from(users).where(eq(users.groupId, groupId)).orderBy(asc(users.email));
}

/** A user of the given group, or undefined (another group's id behaves like a missing one). */
export async function findUserInGroup(db: Queryable, groupId: number, id: number) {
  const [row] = await db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.groupId, groupId), eq(users.id, id)))
    .limit(1);
  return row;
}

export async function findGroupName(db: Queryable, groupId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId)).limit(1);
  return row?.name;
}

export async function updateUser(
  db: Queryable,
  groupId: number,
  id: number,
  set: Partial<{ email: string; firstName: string; lastName: string; isMember: boolean }>,
) {
  const [row] = await db
    .update(users)
    .set(set)
    .where(and(eq(users.groupId, groupId), eq(users.id, id)))
    .returning(userColumns);
  return row;
}

export async function deleteUser(db: Queryable, groupId: number, id: number) {
  await db.delete(users).where(and(eq(users.groupId, groupId), eq(users.id, id)));
}

export async function insertUser(
  db: Queryable,
  values: {
    groupId: number;
    email: string;
    passwordHash: string;
    firstName: string;
    lastName: string;
    isMember: boolean;
    isOwner: boolean;
  },
) {
  const [row] = await db.insert(users).values(values).returning(userColumns);
  return row!;
}
