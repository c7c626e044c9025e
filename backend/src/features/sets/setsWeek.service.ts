import { dailyShippableSets } from "@zaiko/common/availability/index";
import type { WeeklySetsDto } from "@zaiko/common/sets/sets.schema";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { type Week, weeklyItems } from "../items";
import { presentSets } from "./sets.service";

/**
 * The weekly view's sets (docs/sets.md, "Weekly view"): each set of the group with, per day, the sets that
 * could still be booked over that whole day. Built from the items' week itself, so a set's number always
 * agrees with its parts' rows on the same screen.
 */
export async function weeklySets(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  week: Week,
): Promise<WeeklySetsDto> {
  const [itemWeek, sets] = await Promise.all([
    weeklyItems(deps, actor, week),
    presentSets(deps.database.db, actor.groupId),
  ]);
  const { items, days, before, next } = itemWeek.results;
  const byId = new Map(items.map((item) => [item.id, item]));
  const freeOn = (itemId: number, day: number) => {
    const item = byId.get(itemId);
    // Stock less the day's peak, hired units (外部手配) counted where they are with us: the item rule's number.
    return item
      ? (item.daily_free_quantities?.[day] ?? item.stock_quantity - (item.daily_order_quantities[day] ?? 0))
      : 0;
  };
  return {
    results: {
      sets: sets.map((set) => ({
        id: set.id,
        title: set.title,
        category: set.category,
        category_name: set.category_name,
        parts: set.parts,
        daily_shippable_sets: dailyShippableSets(set.parts, days.length, freeOn),
      })),
      days,
      before,
      next,
    },
  };
}
