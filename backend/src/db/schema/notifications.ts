import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, unique } from "drizzle-orm/pg-core";
import { groups } from "./groups";
import { users } from "./users";

/** What a notification is about (docs/notifications.md). */
export const NOTIFICATION_KINDS = [
  "hold.expiring",
  "hold.lapsed",
  "case.confirmed",
  "case.cancelled",
  "orderitem.overdue",
  "unit.lost",
  "unit.broken",
] as const;

/**
 * In-app notifications (the bell, docs/notifications.md): one row per event and member, derived after the
 * commit by the notifier from 履歴 and from the clock. `source` names the event (`history:<id>`,
 * `hold.expiring:<case>:<deadline ms>`, `overdue:<order item>:<end ms>`), and (user_id, source) is unique,
 * so however many processes derive the same event, each member gets it once. No foreign key to the case:
 * like 履歴, the row keeps the title it had. Kept 90 days (housekeeping).
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: NOTIFICATION_KINDS }).notNull(),
    source: text("source").notNull(),
    caseId: integer("case_id"),
    caseTitle: text("case_title").notNull(),
    itemTitle: text("item_title"),
    /** Who caused it (姓 名); null when nobody did (a deadline, the clock). */
    actorName: text("actor_name"),
    quantity: integer("quantity"),
    /** The deadline of a hold, or the end of an overdue order item. */
    dueAt: timestamp("due_at", { withTimezone: true }),
    /** When the event happened (the change's time, or the instant the clock made it true). */
    at: timestamp("at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    unique("notifications_user_source_key").on(t.userId, t.source),
    index("notifications_user_idx").on(t.userId, t.id),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} IS NULL`),
    index("notifications_created_idx").on(t.createdAt),
  ],
);

/**
 * How far the notifier has read 履歴 (one row, `history`): each pass reads the entries after this instant
 * minus a margin for transactions that committed late, so a restart after any downtime catches up.
 */
export const notifierCursors = pgTable("notifier_cursors", {
  name: text("name").primaryKey(),
  doneUntil: timestamp("done_until", { withTimezone: true }).notNull(),
});

/**
 * A member's secret calendar feed (docs/notifications.md): only the SHA-256 of the secret is kept, so the URL
 * is shown once when made. Regenerating replaces the hash (the old URL answers 404); revoking deletes the row.
 */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  groupId: integer("group_id")
    .notNull()
    .references(() => groups.id, { onDelete: "cascade" }),
  tokenHash: text("token_hash").notNull().unique("calendar_feeds_token_hash_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
