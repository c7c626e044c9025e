import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

/**
 * The shown names (姓 名, as the member list and the case holder show people) of these users, members of
 * this group only: a socket's user id alone never reveals anyone of another group.
 */
export async function memberNames(db: Db, groupId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(and(eq(users.groupId, groupId), eq(users.isMember, true), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, `${r.last} ${r.first}`.trim()]));
}
