import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import { users, workCases } from "../../db/schema";

type Queryable = Db | Tx;

/** A work case row as the queries of this feature return it. */
export type WorkCaseRow = typeof workCases.$inferSelect;

/** A case with the display name of whoever holds it (仮押さえ), as the presenter takes it. */
export type WorkCaseView = WorkCaseRow & { heldByName: string | null };

/** 姓 名, as the member list shows people; the same group's user only (the FK cannot say so). */
const holderName = sql<string | null>`(SELECT trim(u.last_name || ' ' || u.first_name) FROM ${users} u
  WHERE u.id = ${workCases.heldBy} AND u.group_id = ${workCases.groupId})`;

/** Every case of the group, by end date descending (the list's default order). */
export function listCases(db: Queryable, groupId: number): Promise<WorkCaseView[]> {
  return db
    .select({ ...caseColumns, heldByName: holderName })
    .from(workCases)
    .where(eq(workCases.groupId, groupId))
    .orderBy(desc(workCases.endDate), desc(workCases.id));
}

const caseColumns = {
  id: workCases.id,
  groupId: workCases.groupId,
  title: workCases.title,
  startDate: workCases.startDate,
  endDate: workCases.endDate,
  note: workCases.note,
  createdAt: workCases.createdAt,
  status: workCases.status,
  holdUntil: workCases.holdUntil,
  heldBy: workCases.heldBy,
  version: workCases.version,
};

/** The cases of the group among `ids` with their holder's name, by id. */
export function caseViews(db: Queryable, groupId: number, ids: number[]): Promise<WorkCaseView[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ ...caseColumns, heldByName: holderName })
    .from(workCases)
    .where(and(eq(workCases.groupId, groupId), inArray(workCases.id, ids)))
    .orderBy(asc(workCases.id));
}

/** A row as the presenter takes it: the holder's name read when there is a holder. */
export async function viewOf(db: Queryable, row: WorkCaseRow): Promise<WorkCaseView> {
  if (row.heldBy === null) return { ...row, heldByName: null };
  const [view] = await caseViews(db, row.groupId, [row.id]);
  return view ?? { ...row, heldByName: null };
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
  values: {
    groupId: number;
    title: string;
    startDate: Date;
    endDate: Date;
    note: string;
    status?: WorkCaseRow["status"];
    holdUntil?: Date | null;
    heldBy?: number | null;
  },
): Promise<WorkCaseRow> {
  const [row] = await db.insert(workCases).values(values).returning();
  return row!;
}

/** Writes columns of a case of the group and returns the row as updated. */
async function updateCaseColumns(
  tx: Tx,
  groupId: number,
  id: number,
  set: Partial<Omit<WorkCaseRow, "id" | "groupId">>,
): Promise<WorkCaseRow> {
  const [row] = await tx
    .update(workCases)
    .set(set)
    .where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)))
    .returning();
  return row!;
}

export function updateCase(
  tx: Tx,
  groupId: number,
  id: number,
  set: { title: string; startDate: Date; endDate: Date; note: string },
): Promise<WorkCaseRow> {
  return updateCaseColumns(tx, groupId, id, set);
}

export async function deleteCase(tx: Tx, groupId: number, id: number): Promise<void> {
  await tx.delete(workCases).where(and(eq(workCases.groupId, groupId), eq(workCases.id, id)));
}

/** Sets a case's status and hold (a locked row: the caller took it FOR UPDATE). */
export function setCaseStatus(
  tx: Tx,
  groupId: number,
  id: number,
  set: { status: WorkCaseRow["status"]; holdUntil: Date | null; heldBy: number | null },
): Promise<WorkCaseRow> {
  return updateCaseColumns(tx, groupId, id, set);
}

/** Whether any order item of the case has been issued (出庫): such a case cannot be cancelled. */
export async function caseHasIssued(tx: Tx, groupId: number, id: number): Promise<boolean> {
  const rows = await rowsOf(
    tx,
    sql`SELECT 1 FROM order_items WHERE group_id = ${groupId} AND work_case_id = ${id} AND issue IS NOT NULL LIMIT 1`,
  );
  return rows.length > 0;
}
