import { type Booking, dayStarts, peaksBetween } from "@zaiko/common/availability/index";
import type { WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import type { AppDeps } from "../../deps";
import type { AuthUser } from "../../middlewares/auth";
import { presentCategory } from "../categories/categories.presenter";
import { listCategories } from "../categories/categories.queries";
import { presentItem } from "../items/items.presenter";
import { listItemsOfGroup } from "../items/items.queries";
import type { Week } from "./week";
import { bookingsOverlapping } from "./weekly.queries";

/**
 * The item screen's week: every item of the group (by title) with the peak usage of each of the 7 days,
 * the day labels, the group's categories, and the neighbouring weeks. Three queries whatever the item count.
 */
export async function weeklyItems(deps: AppDeps, actor: AuthUser, week: Week): Promise<WeeklyItemsDto> {
  const db = deps.database.db;
  const zone = deps.config.timeZone;
  const bounds = dayStarts(week.start, 8, zone);
  const [itemRows, categoryRows, bookingRows] = await Promise.all([
    listItemsOfGroup(db, actor.groupId),
    listCategories(db, actor.groupId),
    bookingsOverlapping(db, actor.groupId, new Date(bounds[0]!), new Date(bounds[7]!)),
  ]);
  const byItem = new Map<number, Booking[]>();
  for (const b of bookingRows) {
    let list = byItem.get(b.itemId);
    if (!list) {
      list = [];
      byItem.set(b.itemId, list);
    }
    list.push({ start: b.start, end: b.end, quantity: b.quantity });
  }
  const none = [0, 0, 0, 0, 0, 0, 0];
  return {
    results: {
      items: itemRows.map((row) => {
        const bookings = byItem.get(row.id);
        return {
          ...presentItem(row),
          daily_order_quantities: bookings ? peaksBetween(bookings, bounds) : [...none],
        };
      }),
      days: week.days,
      categories: categoryRows.map(presentCategory),
      before: week.before,
      next: week.next,
    },
  };
}
