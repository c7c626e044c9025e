import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { groups } from "./groups";

/**
 * 履歴: one row per recorded change (docs/history.md), written in the transaction of the change. No foreign
 * key to what it describes or to who did it: the record outlives both, so it keeps their names as they were.
 */
export const history = pgTable(
  "history",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    /** Who: the member's id (kept after the member is deleted) and name at the time; null for the system. */
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull(),
    action: text("action").notNull(),
    caseId: integer("case_id"),
    caseTitle: text("case_title"),
    itemId: integer("item_id"),
    itemTitle: text("item_title"),
    memberId: integer("member_id"),
    memberName: text("member_name"),
    /** Units moved by a +, −, 出庫 or 入庫; null where the change is not a count. */
    quantity: integer("quantity"),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [
    index("history_case_idx").on(t.caseId, t.id),
    index("history_item_idx").on(t.itemId, t.id),
    index("history_group_at_idx").on(t.groupId, t.at),
    // The notifier's read (docs/notifications.md): only the entries that can notify anyone.
    index("history_notify_idx")
      .on(t.at)
      .where(sql`${t.action} IN ('case.status', 'orderitem.outage_reported')`),
  ],
);
