import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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
import { groups } from "./groups";

/** Categories; names unique per group, case-insensitive. */
export const categories = pgTable(
  "categories",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /**
     * Turnaround (点検・準備時間, docs/availability.md) of the category's items that set none of their own:
     * minutes before each booking's start and after its end in which its units are not available to other cases.
     */
    turnaroundBeforeMinutes: integer("turnaround_before_minutes").notNull().default(0),
    turnaroundAfterMinutes: integer("turnaround_after_minutes").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    uniqueIndex("categories_group_name_key").on(t.groupId, sql`lower(${t.name})`),
    // Target of the composite foreign keys that keep children in their parent's group.
    unique("categories_id_group_key").on(t.id, t.groupId),
    check(
      "categories_turnaround_range",
      sql`${t.turnaroundBeforeMinutes} BETWEEN 0 AND 43200 AND ${t.turnaroundAfterMinutes} BETWEEN 0 AND 43200`,
    ),
  ],
);

/** Items with stock. The (category_id, group_id) key forces the category to be of the same group. */
export const items = pgTable(
  "items",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull(),
    title: text("title").notNull(),
    stockQuantity: integer("stock_quantity").notNull(),
    note: text("note").notNull().default(""),
    /** The item's own turnaround in minutes; null follows its category's (docs/availability.md). */
    turnaroundBeforeMinutes: integer("turnaround_before_minutes"),
    turnaroundAfterMinutes: integer("turnaround_after_minutes"),
    /** 個体管理あり (docs/units.md): the stock is the count of the item's active units. */
    unitTracked: boolean("unit_tracked").notNull().default(false),
    /** Prefix of generated asset tags ({prefix}-0001); null until tracking is first turned on. */
    unitPrefix: text("unit_prefix"),
    /** The number the next generated tag tries first. */
    unitNextNumber: integer("unit_next_number").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: "items_category_fk",
      columns: [t.categoryId, t.groupId],
      foreignColumns: [categories.id, categories.groupId],
    }).onDelete("cascade"),
    uniqueIndex("items_group_title_key").on(t.groupId, sql`lower(${t.title})`),
    unique("items_id_group_key").on(t.id, t.groupId),
    index("items_category_idx").on(t.categoryId),
    check("items_stock_range", sql`${t.stockQuantity} >= 0 AND ${t.stockQuantity} <= 1000000`),
    check(
      "items_turnaround_range",
      sql`${t.turnaroundBeforeMinutes} BETWEEN 0 AND 43200 AND ${t.turnaroundAfterMinutes} BETWEEN 0 AND 43200`,
    ),
    // The few items with a turnaround of their own: how far a group's reads must reach (allocation/turnaround).
    index("items_own_turnaround_idx")
      .on(t.groupId)
      .where(sql`turnaround_before_minutes IS NOT NULL OR turnaround_after_minutes IS NOT NULL`),
  ],
);
