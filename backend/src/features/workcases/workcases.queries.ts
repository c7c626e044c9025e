import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { workCases } from "../../db/schema";

type Queryable = Db | Tx;

/** A work case row as the queries of this feature return it. */
export type WorkCaseRow = typeof workCases.$inferSelect;

/** Every case of the group, by end date descending (the list's default order). */
export function listCases(db: Queryable, groupId: number): Promise<WorkCaseRow[]> {
  return db
    .select()
    .from(workCases)
    .where(eq(workCases.groupId, groupId))
    .orderBy(desc(workCases.endDate), desc(workCases.id));
}

/** The cases of the group among `ids`. */
export function casesAmong(db: Queryable, groupId: number, ids: number[]): Promise<WorkCaseRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(workCases)
    .where(and(eq(workCases.groupId, groupId), inArray(workCases.id, ids)))
    .orderBy(asc(workCases.id));
}

export async function insertCase(
  db: Queryable,
  values: { groupId: number; title: string; startDate: Date; endDate: Date; note: string },
): Promise<WorkCaseRow> {
  const [row] = await db.insert(workCases).values(values).returning();
  return row!;
}

export async function updateCase(
  tx: Tx,
  groupId: number,
  id: number,
  set: { title: string; startDate: Date; endDate: Date; note: string },
): Promise<WorkCaseRow> {
  const [row] = await tx
    .update(workCases)
    .set(set)
    .where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)))
    .returning();
  return row!;
}

export async function deleteCase(tx: Tx, groupId: number, id: number): Promise<void> {
  await tx.delete(workCases).where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)));
}
