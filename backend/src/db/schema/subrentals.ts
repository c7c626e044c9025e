import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { workCases } from "./cases";
import { items } from "./catalogue";
import { groups } from "./groups";

/** 取引先 (docs/subrental.md): the partner companies a group hires units from. Names unique per group. */
export const suppliers = pgTable(
  "suppliers",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    contact: text("contact").notNull().default(""),
    memo: text("memo").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    uniqueIndex("suppliers_group_name_key").on(t.groupId, sql`lower(${t.name})`),
    unique("suppliers_id_group_key").on(t.id, t.groupId),
  ],
);

/** 外部手配 status: 手配中, 入荷済, 返却済, 取消 (docs/subrental.md, state diagram). */
export const SUBRENTAL_STATUSES = ["requested", "received", "returned", "cancelled"] as const;

/**
 * 外部手配 (docs/subrental.md): `quantity` units of an item hired from a supplier, with us over the closed period
 * [start_date (入荷予定), end_date (返却予定)]. While requested or received they are the item's stock over that
 * period; once returned, up to the return (returned_at, if earlier); cancelled, never. Composite keys keep the
 * supplier, the item and the case in the row's group.
 */
export const subRentals = pgTable(
  "sub_rentals",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    supplierId: integer("supplier_id").notNull(),
    itemId: integer("item_id").notNull(),
    /** The case it was made for, if any; forgotten (null) when the case is deleted. */
    workCaseId: integer("work_case_id").references(() => workCases.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull(),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    costMemo: text("cost_memo").notNull().default(""),
    status: text("status", { enum: SUBRENTAL_STATUSES }).notNull().default("requested"),
    receivedAt: timestamp("received_at", { withTimezone: true }),
    returnedAt: timestamp("returned_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: "sub_rentals_supplier_fk",
      columns: [t.supplierId, t.groupId],
      foreignColumns: [suppliers.id, suppliers.groupId],
    }),
    foreignKey({
      name: "sub_rentals_item_fk",
      columns: [t.itemId, t.groupId],
      foreignColumns: [items.id, items.groupId],
    }).onDelete("cascade"),
    // Every availability reader (the + among them) reads one item's hires overlapping a window: one index scan.
    index("sub_rentals_item_period_idx")
      .on(t.itemId, t.startDate, t.endDate)
      .where(sql`${t.status} <> 'cancelled'`),
    index("sub_rentals_group_period_idx").on(t.groupId, t.startDate, t.endDate),
    check("sub_rentals_quantity", sql`${t.quantity} >= 1 AND ${t.quantity} <= 1000000`),
    check("sub_rentals_period", sql`${t.startDate} <= ${t.endDate}`),
    check("sub_rentals_status", sql`${t.status} IN ('requested', 'received', 'returned', 'cancelled')`),
    check("sub_rentals_returned_at", sql`${t.status} <> 'returned' OR ${t.returnedAt} IS NOT NULL`),
  ],
);
