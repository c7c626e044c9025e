import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { orderItemMovements, orderItems, users } from "../../db/schema";
import type { Tally } from "./movements.tally";

type Queryable = Db | Tx;

export type MovementRow = typeof orderItemMovements.$inferSelect;

/** The movements of an order item in the order they were recorded. */
export function movementsOf(db: Queryable, groupId: number, orderItemId: number): Promise<MovementRow[]> {
  return db
    .select()
    .from(orderItemMovements)
    .where(and(eq(orderItemMovements.groupId, groupId), eq(orderItemMovements.orderItemId, orderItemId)))
    .orderBy(asc(orderItemMovements.id));
}

export async function insertMovement(
  tx: Tx,
  row: typeof orderItemMovements.$inferInsert,
): Promise<MovementRow> {
  const [inserted] = await tx.insert(orderItemMovements).values(row).returning();
  return inserted!;
}

export async function deleteMovements(tx: Tx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.delete(orderItemMovements).where(inArray(orderItemMovements.id, ids));
}

/** Writes the sums and the two times onto the order item row (locked by the caller). */
export async function writeTally(tx: Tx, id: number, t: Tally) {
  await tx
    .update(orderItems)
    .set({
      issuedQuantity: t.issuedQuantity,
      receivedQuantity: t.receivedQuantity,
      issue: t.issue,
      receive: t.receive,
    })
    .where(eq(orderItems.id, id));
}

/** 姓 名 of a member of the group, as the member list shows people ("" when not found). */
export async function memberName(db: Queryable, groupId: number, userId: number): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`trim(${users.lastName} || ' ' || ${users.firstName})` })
    .from(users)
    .where(and(eq(users.groupId, groupId), eq(users.id, userId)));
  return row?.name ?? "";
}
