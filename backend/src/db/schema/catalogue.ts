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
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    uniqueIndex("categories_group_name_key").on(t.groupId, sql`lower(${t.name})`),
    // Target of the composite foreign keys that keep children in their parent's group.
    unique("categories_id_group_key").on(t.id, t.groupId),
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
  ],
);
