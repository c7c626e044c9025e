import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rawSql";
import { deliveries, mailPreferences, webhooks } from "../../db/schema";

export type WebhookRow = typeof webhooks.$inferSelect;

/** The member's mail choices (undefined: none saved, the defaults apply). */
export async function preferencesOf(db: Db, userId: number) {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return row;
}

export async function savePreferences(db: Db, userId: number, kinds: string[], digest: boolean) {
  await db
    .insert(mailPreferences)
    .values({ userId, kinds, digest })
    .onConflictDoUpdate({ target: mailPreferences.userId, set: { kinds, digest, updatedAt: sql`now()` } });
}

/** The group's webhooks with their latest delivery, oldest first. */
export function webhooksOf(db: Db, groupId: number) {
  return rowsOf<
    WebhookRow & { created_at: Date | string; last_status: string | null; last_at: Date | string | null }
  >(
    db,
    sql`
    SELECT wh.id, wh.url, wh.format, wh.active, wh.created_at, last.status AS last_status,
           coalesce(last.last_attempt_at, last.created_at) AS last_at
    FROM webhooks wh
    LEFT JOIN LATERAL (SELECT d.status, d.last_attempt_at, d.created_at FROM deliveries d
                       WHERE d.webhook_id = wh.id ORDER BY d.id DESC LIMIT 1) last ON true
    WHERE wh.group_id = ${groupId}
    ORDER BY wh.id`,
  );
}

export async function countWebhooks(db: Db, groupId: number): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM webhooks WHERE group_id = ${groupId}`,
  );
  return Number(row?.n ?? 0);
}

export async function insertWebhook(
  db: Db,
  groupId: number,
  url: string,
  format: "json" | "slack",
  secret: string,
) {
  const [row] = await db.insert(webhooks).values({ groupId, url, format, secret }).returning();
  return row!;
}

export async function webhookOf(db: Db, groupId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.groupId, groupId)));
  return row;
}

export async function updateWebhook(
  db: Db,
  groupId: number,
  id: number,
  set: Partial<Pick<WebhookRow, "url" | "format" | "active">>,
) {
  const [row] = await db
    .update(webhooks)
    .set(set)
    .where(and(eq(webhooks.id, id), eq(webhooks.groupId, groupId)))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, groupId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.groupId, groupId)))
    .returning({ id: webhooks.id });
  return rows.length > 0;
}

/** A webhook's delivery log, newest first. */
export function deliveriesOf(db: Db, webhookId: number, limit: number) {
  return db
    .select()
    .from(deliveries)
    .where(eq(deliveries.webhookId, webhookId))
    .orderBy(desc(deliveries.id))
    .limit(limit);
}
