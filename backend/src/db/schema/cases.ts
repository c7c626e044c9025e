import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";
import { items } from "./catalogue";
import { groups } from "./groups";
import { users } from "./users";

/** Case status (docs/lifecycle.md): 仮押さえ, 本予約, キャンセル. Cancelled cases hold no stock. */
export const CASE_STATUSES = ["tentative", "confirmed", "cancelled"] as const;

/** Work cases (案件) with a closed period [start_date, end_date]. */
export const workCases = pgTable(
  "work_cases",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
    // Existing rows and every case created without a status are confirmed (本予約), as before.
    status: text("status", { enum: CASE_STATUSES }).notNull().default("confirmed"),
    /** The hold deadline (期限) of a tentative case; kept after a release so the screens can say when. */
    holdUntil: timestamp("hold_until", { withTimezone: true }),
    /** Who put the case on hold; null once that user is deleted (then only owners may change it). */
    heldBy: integer("held_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    unique("work_cases_id_group_key").on(t.id, t.groupId),
    index("work_cases_group_period_idx").on(t.groupId, t.startDate, t.endDate),
    check("work_cases_period", sql`${t.startDate} <= ${t.endDate}`),
    check("work_cases_status", sql`${t.status} IN ('tentative', 'confirmed', 'cancelled')`),
    check("work_cases_tentative_deadline", sql`${t.status} <> 'tentative' OR ${t.holdUntil} IS NOT NULL`),
    // The hold sweeper's question, "which hold lapses next", over the whole table: only tentative rows.
    index("work_cases_hold_until_idx")
      .on(t.holdUntil)
      .where(sql`${t.status} = 'tentative'`),
  ],
);

/**
 * Order items (shipped items): `order_quantity` units of one item allocated to one case over a closed
 * period. Both composite keys carry group_id so a case and an item of different groups can never meet.
 */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    workCaseId: integer("work_case_id").notNull(),
    itemId: integer("item_id").notNull(),
    orderQuantity: integer("order_quantity").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    issue: timestamp("issue", { withTimezone: true }),
    receive: timestamp("receive", { withTimezone: true }),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
    /**
     * Units out and back: the sums of the order item's movements (order_item_movements), kept on the row
     * so that the row lock every writer takes guards them (docs/lifecycle.md, partial issue and receive).
     */
    issuedQuantity: integer("issued_quantity").notNull().default(0),
    receivedQuantity: integer("received_quantity").notNull().default(0),
  },
  (t) => [
    foreignKey({
      name: "order_items_case_fk",
      columns: [t.workCaseId, t.groupId],
      foreignColumns: [workCases.id, workCases.groupId],
    }).onDelete("cascade"),
    foreignKey({
      name: "order_items_item_fk",
      columns: [t.itemId, t.groupId],
      foreignColumns: [items.id, items.groupId],
    }).onDelete("cascade"),
    unique("order_items_case_item_key").on(t.workCaseId, t.itemId),
    // Availability reads the bookings of one item that overlap a window.
    index("order_items_item_period_idx").on(t.itemId, t.startDate, t.endDate),
    index("order_items_group_period_idx").on(t.groupId, t.startDate, t.endDate),
    // The early returns' rows of order_item_bookings (migration 0013): only order items with units received.
    index("order_items_received_period_idx")
      .on(t.itemId, t.startDate, t.endDate)
      .where(sql`${t.receivedQuantity} > 0`),
    // The notifier's overdue read (docs/notifications.md): only order items with units out and not back.
    index("order_items_out_end_idx")
      .on(t.endDate)
      .where(sql`${t.issuedQuantity} > ${t.receivedQuantity}`),
    check("order_items_quantity", sql`${t.orderQuantity} >= 1 AND ${t.orderQuantity} <= 1000000`),
    check("order_items_period", sql`${t.startDate} <= ${t.endDate}`),
    check("order_items_receive_needs_issue", sql`${t.receive} IS NULL OR ${t.issue} IS NOT NULL`),
    // Never more back than out, never more out than booked: the last guard behind the locked checks.
    check(
      "order_items_moved_quantities",
      sql`0 <= ${t.receivedQuantity} AND ${t.receivedQuantity} <= ${t.issuedQuantity} AND ${t.issuedQuantity} <= ${t.orderQuantity}`,
    ),
    // Target of the movements' composite foreign key, which keeps them in their order item's group.
    unique("order_items_id_group_key").on(t.id, t.groupId),
  ],
);

/**
 * What every order item holds (docs/lifecycle.md, migration 0013; `checkedBookings` of common/availability):
 * units returned in good order before the end hold [start, returned − 1 ms] (an early return frees stock from
 * its return), the rest of the order quantity holds the planned period. Overdue units stay a warning, not
 * usage. `planned_end` is the order item's own end: a reader filters on it too (start ≤ to AND planned_end ≥
 * from) so the index on (…, start_date, end_date) bounds the scan of the early-return rows. Every SQL reader
 * of bookings reads order items through this view (cancelled cases left out by the reader, as before).
 */
export const orderItemBookings = pgView("order_item_bookings", {
  groupId: integer("group_id").notNull(),
  itemId: integer("item_id").notNull(),
  workCaseId: integer("work_case_id").notNull(),
  orderItemId: integer("order_item_id").notNull(),
  startDate: timestamp("start_date", { withTimezone: true }).notNull(),
  endDate: timestamp("end_date", { withTimezone: true }).notNull(),
  plannedEnd: timestamp("planned_end", { withTimezone: true }).notNull(),
  quantity: integer("quantity").notNull(),
}).existing();
