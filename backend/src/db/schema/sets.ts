import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { workCases } from "./cases";
import { categories, items } from "./catalogue";
import { groups } from "./groups";

/**
 * セット品 (docs/sets.md): a catalogue entry made of parts (item × quantity). It has no stock of its own;
 * the composite keys keep its category and parts in its group.
 */
export const itemSets = pgTable(
  "item_sets",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    categoryId: integer("category_id").notNull(),
    title: text("title").notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: "item_sets_category_fk",
      columns: [t.categoryId, t.groupId],
      foreignColumns: [categories.id, categories.groupId],
    }).onDelete("cascade"),
    uniqueIndex("item_sets_group_title_key").on(t.groupId, sql`lower(${t.title})`),
    unique("item_sets_id_group_key").on(t.id, t.groupId),
  ],
);

/** A set's parts as the catalogue defines them now: `quantity` units of the item per set. */
export const itemSetParts = pgTable(
  "item_set_parts",
  {
    setId: integer("set_id").notNull(),
    groupId: integer("group_id").notNull(),
    itemId: integer("item_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ name: "item_set_parts_pkey", columns: [t.setId, t.itemId] }),
    foreignKey({
      name: "item_set_parts_set_fk",
      columns: [t.setId, t.groupId],
      foreignColumns: [itemSets.id, itemSets.groupId],
    }).onDelete("cascade"),
    foreignKey({
      name: "item_set_parts_item_fk",
      columns: [t.itemId, t.groupId],
      foreignColumns: [items.id, items.groupId],
    }).onDelete("cascade"),
    // "Which sets use this item" (the item delete's warning, the catalogue's lists).
    index("item_set_parts_item_idx").on(t.itemId),
    check("item_set_parts_quantity", sql`${t.quantity} >= 1 AND ${t.quantity} <= 1000000`),
  ],
);

/**
 * Sets booked on a case: `quantity` sets, whose parts are booked as the case's ordinary order items (one per
 * (case, item), holding the set lines' need plus what was booked alone). `set_id` becomes null when the set
 * is deleted (hand-written key in the migration: ON DELETE SET NULL (set_id)); the title is a snapshot.
 */
export const caseSetLines = pgTable(
  "case_set_lines",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    workCaseId: integer("work_case_id").notNull(),
    setId: integer("set_id"),
    title: text("title").notNull(),
    quantity: integer("quantity").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md): clients keep the newest state of a row. */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: "case_set_lines_case_fk",
      columns: [t.workCaseId, t.groupId],
      foreignColumns: [workCases.id, workCases.groupId],
    }).onDelete("cascade"),
    unique("case_set_lines_case_set_key").on(t.workCaseId, t.setId),
    unique("case_set_lines_id_group_key").on(t.id, t.groupId),
    index("case_set_lines_set_idx").on(t.setId),
    check("case_set_lines_quantity", sql`${t.quantity} >= 1 AND ${t.quantity} <= 1000000`),
  ],
);

/**
 * A set line's parts as they were when the line was first booked (per set): editing the set later never
 * changes what the case booked.
 */
export const caseSetLineParts = pgTable(
  "case_set_line_parts",
  {
    lineId: integer("line_id").notNull(),
    groupId: integer("group_id").notNull(),
    itemId: integer("item_id").notNull(),
    quantity: integer("quantity").notNull(),
  },
  (t) => [
    primaryKey({ name: "case_set_line_parts_pkey", columns: [t.lineId, t.itemId] }),
    foreignKey({
      name: "case_set_line_parts_line_fk",
      columns: [t.lineId, t.groupId],
      foreignColumns: [caseSetLines.id, caseSetLines.groupId],
    }).onDelete("cascade"),
    foreignKey({
      name: "case_set_line_parts_item_fk",
      columns: [t.itemId, t.groupId],
      foreignColumns: [items.id, items.groupId],
    }).onDelete("cascade"),
    index("case_set_line_parts_item_idx").on(t.itemId),
    check("case_set_line_parts_quantity", sql`${t.quantity} >= 1 AND ${t.quantity} <= 1000000`),
  ],
);
