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
import { orderItems } from "./cases";
import { items } from "./catalogue";
import { groups } from "./groups";
import { orderItemMovements } from "./movements";

export const RETIRE_REASONS = ["retired", "tracking_off"] as const;

/**
 * 個体 (docs/units.md): one physical unit of a tracked item. Where it is now is on the row, so that binding it
 * to a case is one locked row: `out_order_item_id` while it is out (issued, not received), `outage_movement_id`
 * while it is lost or broken (its report, until found or repaired); neither: in the warehouse. A deleted case or
 * report sets them null (the unit is back). Units are never deleted (but with their item): retiring keeps them.
 */
export const itemUnits = pgTable(
  "item_units",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    itemId: integer("item_id").notNull(),
    /** 管理番号: unique per group (case-insensitive), retired units' too, so a label never names two units. */
    tag: text("tag").notNull(),
    /** 製造番号 */
    serial: text("serial").notNull().default(""),
    memo: text("memo").notNull().default(""),
    outOrderItemId: integer("out_order_item_id").references(() => orderItems.id, { onDelete: "set null" }),
    outageMovementId: integer("outage_movement_id").references(() => orderItemMovements.id, {
      onDelete: "set null",
    }),
    retiredAt: timestamp("retired_at", { withTimezone: true }),
    retiredReason: text("retired_reason", { enum: RETIRE_REASONS }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every UPDATE (trigger, docs/realtime.md). */
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [
    foreignKey({
      name: "item_units_item_fk",
      columns: [t.itemId, t.groupId],
      foreignColumns: [items.id, items.groupId],
    }).onDelete("cascade"),
    uniqueIndex("item_units_group_tag_key").on(t.groupId, sql`lower(${t.tag})`),
    unique("item_units_id_group_key").on(t.id, t.groupId),
    index("item_units_item_idx").on(t.itemId, t.id),
    index("item_units_out_idx").on(t.outOrderItemId).where(sql`out_order_item_id IS NOT NULL`),
    check("item_units_one_place", sql`${t.outOrderItemId} IS NULL OR ${t.outageMovementId} IS NULL`),
    check(
      "item_units_retired",
      sql`(${t.retiredAt} IS NULL) = (${t.retiredReason} IS NULL) AND (${t.retiredAt} IS NULL OR ${t.outOrderItemId} IS NULL)`,
    ),
  ],
);

/** Which units a movement moved (an issue, a receive, a lost or broken report of a tracked item). */
export const movementUnits = pgTable(
  "movement_units",
  {
    movementId: integer("movement_id")
      .notNull()
      .references(() => orderItemMovements.id, { onDelete: "cascade" }),
    unitId: integer("unit_id").notNull(),
    groupId: integer("group_id").notNull(),
  },
  (t) => [
    primaryKey({ name: "movement_units_pkey", columns: [t.movementId, t.unitId] }),
    foreignKey({
      name: "movement_units_unit_fk",
      columns: [t.unitId, t.groupId],
      foreignColumns: [itemUnits.id, itemUnits.groupId],
    }).onDelete("cascade"),
    index("movement_units_unit_idx").on(t.unitId),
  ],
);
