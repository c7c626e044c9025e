import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { groups } from "./groups";
import { users } from "./users";

/**
 * What a member receives by e-mail (docs/notifications.md, "E-mail"). No row: the defaults (reminders of
 * their 仮押さえ on, the daily digest off). `kinds` are notification kinds (hold.expiring, hold.lapsed, …).
 */
export const mailPreferences = pgTable("mail_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  kinds: text("kinds").array().notNull(),
  digest: boolean("digest").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A group's webhook (owner settings): the group's events are POSTed to `url` as JSON (or as Slack text),
 * signed with HMAC-SHA256 of `secret`. Events that happened before `created_at` are not sent to it.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    secret: text("secret").notNull(),
    /** `json` (the event as JSON) or `slack` (`{"text": …}`, for Slack-compatible incoming webhooks). */
    format: text("format", { enum: ["json", "slack"] }).notNull(),
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhooks_group_idx").on(t.groupId)],
);

/**
 * The durable delivery queue of mails and webhook calls (docs/notifications.md, "Delivery"). One row per
 * event and recipient: a member (`user_id`, a mail) or a webhook (`webhook_id`); the partial unique keys make
 * a second enqueue of the same event a no-op, whatever process derives it. A sender claims due rows
 * (`FOR UPDATE SKIP LOCKED`, leasing them by moving `next_attempt_at`), sends after that commit, then marks
 * them sent or backs off. The rows of a webhook are its delivery log.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    webhookId: integer("webhook_id").references(() => webhooks.id, { onDelete: "cascade" }),
    /** The event: a notification's source (`history:<id>`, `hold.expiring:…`, `overdue:…`), `digest:<day>`, `test:<n>`. */
    eventKey: text("event_key").notNull(),
    /** hold.expiring, …, `digest`, `webhook.test`. */
    kind: text("kind").notNull(),
    /** What is sent, as it was when the event was derived. */
    payload: jsonb("payload").notNull(),
    /** pending, sent, failed (gave up after the last attempt), skipped (nothing to send). */
    status: text("status", { enum: ["pending", "sent", "failed", "skipped"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** The receiver's HTTP status of the last attempt (webhooks). */
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deliveries_mail_key").on(t.userId, t.eventKey).where(sql`${t.webhookId} IS NULL`),
    uniqueIndex("deliveries_webhook_key").on(t.webhookId, t.eventKey).where(sql`${t.webhookId} IS NOT NULL`),
    index("deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("deliveries_webhook_log_idx").on(t.webhookId, t.id),
    index("deliveries_created_idx").on(t.createdAt),
  ],
);
