import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema";

export type NotificationRow = typeof notifications.$inferSelect;

/** The member's notifications, newest first (older pages with `before`, an id). */
export function listOf(
  db: Db,
  groupId: number,
  userId: number,
  limit: number,
  unreadOnly: boolean,
  before?: number,
) {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.groupId, groupId),
        eq(notifications.userId, userId),
        unreadOnly ? isNull(notifications.readAt) : undefined,
        before !== undefined ? lt(notifications.id, before) : undefined,
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

/** How many of the member's notifications are unread. */
export async function unreadCount(db: Db, groupId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(eq(notifications.groupId, groupId), eq(notifications.userId, userId), isNull(notifications.readAt)),
    );
  return Number(row?.n ?? 0);
}

/** Marks one of the member's notifications read (kept as first read); undefined when it is not theirs. */
export async function markRead(db: Db, groupId: number, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(
      and(eq(notifications.id, id), eq(notifications.groupId, groupId), eq(notifications.userId, userId)),
    )
    .returning();
  return row;
}

/** Marks every unread notification of the member read; returns how many. */
export async function markAllRead(db: Db, groupId: number, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(notifications.groupId, groupId), eq(notifications.userId, userId), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Housekeeping: deletes notifications created before `cutoff`. */
export async function deleteOlderThan(db: Db, cutoff: Date): Promise<void> {
  await db.delete(notifications).where(lt(notifications.createdAt, cutoff));
}
