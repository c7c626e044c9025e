import { type Turnaround, turnaroundOfMinutes } from "@zaiko/common/availability/index";
import { type SQL, sql } from "drizzle-orm";
import { categories, items } from "../db/schema";

/*
 * Turnaround (点検・準備時間, docs/availability.md) as the database keeps it: minutes on the category (the default
 * of its items) and, where set, on the item (null follows the category). Every reader of bookings reads the
 * item's own-else-category minutes with the item, and reaches before + after beyond its window so that no
 * booking whose held period meets the window's is missed; the rule itself is common/availability's.
 */

/** The item's turnaround minutes (its own, else its category's), for selects joining items and categories. */
export const turnaroundColumns = {
  turnaroundBeforeMinutes: sql<number>`coalesce(${items.turnaroundBeforeMinutes}, ${categories.turnaroundBeforeMinutes})`,
  turnaroundAfterMinutes: sql<number>`coalesce(${items.turnaroundAfterMinutes}, ${categories.turnaroundAfterMinutes})`,
};

/** The same columns in raw SQL over items `i` joined with categories `c`. */
export const turnaroundSql = sql`coalesce(i.turnaround_before_minutes, c.turnaround_before_minutes)::int AS "turnaroundBeforeMinutes",
  coalesce(i.turnaround_after_minutes, c.turnaround_after_minutes)::int AS "turnaroundAfterMinutes"`;

/** A row's turnaround minutes, as the availability rule takes it. */
export const turnaroundOf = (row: {
  turnaroundBeforeMinutes: number;
  turnaroundAfterMinutes: number;
}): Turnaround =>
  turnaroundOfMinutes(Number(row.turnaroundBeforeMinutes), Number(row.turnaroundAfterMinutes));

/**
 * An upper bound of before + after over every item of the group, as an interval: how far a read of many items'
 * bookings must reach beyond its window. Zero in a group without turnaround (the reads' ranges as before). The
 * categories are few; items with minutes of their own are found through their partial index.
 */
export const groupReach = (groupId: number): SQL => sql`(SELECT make_interval(mins => greatest(
      coalesce((SELECT max(turnaround_before_minutes) FROM categories WHERE group_id = ${groupId}), 0),
      coalesce((SELECT max(turnaround_before_minutes) FROM items
                WHERE group_id = ${groupId} AND (turnaround_before_minutes IS NOT NULL OR turnaround_after_minutes IS NOT NULL)), 0))
    + greatest(
      coalesce((SELECT max(turnaround_after_minutes) FROM categories WHERE group_id = ${groupId}), 0),
      coalesce((SELECT max(turnaround_after_minutes) FROM items
                WHERE group_id = ${groupId} AND (turnaround_before_minutes IS NOT NULL OR turnaround_after_minutes IS NOT NULL)), 0))))`;
