import { dayStarts, peaksBetween } from "@zaiko/common/availability/index";
import type { WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../middlewares/auth";
import { listCategories, presentCategory } from "../categories";
import { listItemsOfGroup, presentItem } from "../items";
import type { Week } from "./week";
import { parseWeekBookings, weekBookingsByItem } from "./weekly.queries";

/**
 * The item screen's week: every item of the group (by title) with the peak usage of each of the 7 days,
 * the day labels, the group's categories, and the neighbouring weeks. Three queries whatever the item
 * count, run at once on their own connections: the bookings' aggregation is most of the database's time
 * and the items are read, parsed and presented meanwhile.
 */
export async function weeklyItems(deps: AppDeps, actor: AuthUser, week: Week): Promise<WeeklyItemsDto> {
  const db = deps.database.db;
  const bounds = dayStarts(week.start, 8, deps.config.timeZone);
  const from = new Date(bounds[0]!);
  const [items, bookings, categoryRows] = await Promise.all([
    listItemsOfGroup(db, actor.groupId).then((rows) => rows.map(presentItem)),
    weekBookingsByItem(db, actor.groupId, from, new Date(bounds[7]!)),
    listCategories(db, actor.groupId),
  ]);
  return {
    results: {
      // Object.assign onto the presenter's object, not a spread into a new one: at 2,000 items the copies
      // showed in the profile. Most items have no order item in a given week: their zeros need no sweep.
      items: items.map((item) => {
        const list = bookings.get(item.id);
        return Object.assign(item, {
          daily_order_quantities: list
            ? peaksBetween(parseWeekBookings(list, from), bounds)
            : [0, 0, 0, 0, 0, 0, 0],
        });
      }),
      days: week.days,
      categories: categoryRows.map(presentCategory),
      before: week.before,
      next: week.next,
    },
  };
}
