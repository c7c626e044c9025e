import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  pgView,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { orderItems } from "./cases";
import { subRentals } from "./subrentals";
import { users } from "./users";

/*
 * The movements of order items and the outages they report (docs/lifecycle.md). Their own file: a report of hired
 * units names its sub-rental (docs/subrental.md), and the sub-rentals name their case, so cases.ts and
 * subrentals.ts would otherwise import each other.
 */

/** Issue (出庫) and receive (入庫) movements of an order item: how many units, when, and who recorded them. */
export const MOVEMENT_KINDS = ["issue", "receive"] as const;
/** What came back of a receive (docs/lifecycle.md): in good order, lost (紛失) or broken (故障). */
export const DISPOSITIONS = ["returned", "lost", "broken"] as const;

export const orderItemMovements = pgTable(
  "order_item_movements",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").notNull(),
    orderItemId: integer("order_item_id").notNull(),
    kind: text("kind", { enum: MOVEMENT_KINDS }).notNull(),
    quantity: integer("quantity").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
    /** Who recorded it; null once that member is deleted (the name stays). */
    memberId: integer("member_id").references(() => users.id, { onDelete: "set null" }),
    memberName: text("member_name").notNull(),
    /** A receive's units: returned, or out of service (lost, broken) from `at` until resolved. */
    disposition: text("disposition", { enum: DISPOSITIONS }).notNull().default("returned"),
    /** Broken units: the expected repair date (shown; the units stay out until 修理完了 is recorded). */
    repairDue: timestamp("repair_due", { withTimezone: true }),
    /** Lost or broken units found (発見) or repaired (修理完了): back in stock from then. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedByName: text("resolved_by_name"),
    /**
     * A lost or broken report of hired units (外部手配, docs/subrental.md): the sub-rental they belong to. Such a
     * report takes units out of that hire until it ends, never out of the item's own stock (view item_outages).
     */
    subRentalId: integer("sub_rental_id").references(() => subRentals.id, { onDelete: "cascade" }),
  },
  (t) => [
    foreignKey({
      name: "order_item_movements_order_item_fk",
      columns: [t.orderItemId, t.groupId],
      foreignColumns: [orderItems.id, orderItems.groupId],
    }).onDelete("cascade"),
    index("order_item_movements_order_item_idx").on(t.orderItemId, t.id),
    check("order_item_movements_kind", sql`${t.kind} IN ('issue', 'receive')`),
    check("order_item_movements_quantity", sql`${t.quantity} >= 1 AND ${t.quantity} <= 1000000`),
    check(
      "order_item_movements_disposition",
      sql`${t.disposition} IN ('returned', 'lost', 'broken') AND (${t.kind} = 'receive' OR ${t.disposition} = 'returned')`,
    ),
    check(
      "order_item_movements_outage",
      sql`(${t.disposition} = 'broken' OR ${t.repairDue} IS NULL) AND (${t.disposition} <> 'returned' OR ${t.resolvedAt} IS NULL)`,
    ),
    // The open and closed outages, read by every reader of bookings through the view item_outages.
    index("order_item_movements_sub_rental_idx")
      .on(t.subRentalId)
      .where(sql`${t.subRentalId} IS NOT NULL`),
    check(
      "order_item_movements_sub_rental",
      sql`${t.subRentalId} IS NULL OR ${t.disposition} IN ('lost', 'broken')`,
    ),
    index("order_item_movements_outage_idx").on(t.orderItemId).where(sql`${t.disposition} <> 'returned'`),
  ],
);

/**
 * Units out of service as bookings (docs/lifecycle.md, migration 0010): every lost or broken receive holds
 * its quantity over [reported, resolved) minus its own order item's period (during that period the case's
 * booking already holds it), as at most two closed periods; an open outage ends in 9999. A report of hired units
 * (`sub_rental_id`, migration 0023) is clipped to its hire's period (docs/subrental.md). The rule is
 * `outageBookings` of common/availability. Every reader of bookings adds these rows to the order items it reads.
 */
export const itemOutages = pgView("item_outages", {
  groupId: integer("group_id").notNull(),
  itemId: integer("item_id").notNull(),
  workCaseId: integer("work_case_id").notNull(),
  orderItemId: integer("order_item_id").notNull(),
  movementId: integer("movement_id").notNull(),
  startDate: timestamp("start_date", { withTimezone: true }).notNull(),
  endDate: timestamp("end_date", { withTimezone: true }).notNull(),
  quantity: integer("quantity").notNull(),
  /** The hire a report of hired units belongs to (its period ends with the hire), else null. */
  subRentalId: integer("sub_rental_id"),
}).existing();
