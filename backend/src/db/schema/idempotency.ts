import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { groups } from "./groups";
import { users } from "./users";

/**
 * The `Idempotency-Key`s of authenticated writes, per group and member, with the first answer
 * (middlewares/idempotency.ts, docs/idempotency.md). A row is claimed (`pending`) before the work runs
 * and holds the answer once it is `done`; a repeat of the key gets that answer instead of a second run.
 * Rows older than a day are removed by housekeeping.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of method, URL and body: the same key with another request is refused, never replayed. */
    fingerprint: text("fingerprint").notNull(),
    state: text("state").notNull().default("pending"),
    /** A random id of the attempt holding a pending key: only that attempt stores or releases it. */
    claim: text("claim").notNull(),
    status: integer("status"),
    contentType: text("content_type"),
    body: text("body"),
    /** When the key was first seen: it expires a day later. */
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the current attempt claimed it: a pending claim this old is left by a dead process. */
    claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "idempotency_keys_pkey", columns: [t.groupId, t.userId, t.key] }),
    index("idempotency_keys_created_idx").on(t.createdAt),
    check("idempotency_keys_state", sql`${t.state} IN ('pending', 'done')`),
    check("idempotency_keys_answer", sql`${t.state} <> 'done' OR ${t.status} IS NOT NULL`),
  ],
);
