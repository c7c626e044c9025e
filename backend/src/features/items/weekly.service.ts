import {
  type Booking,
  dayStarts,
  heldBookings,
  hiredPerDay,
  netPeaksBetween,
  peaksBetween,
  type Turnaround,
} from "@zaiko/common/availability/index";
import type { WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import { type HireRow, hiresByItem, hiresInWindow, turnaroundOf } from "../../allocation";
import type { ReadDeps, ZoneDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { listCategories, presentCategory } from "../categories";
import { presentItem } from "./items.presenter";
import { listItemsOfGroup } from "./items.queries";
import type { Week } from "./week.input";
import { parseWeekBookings, type WeekBookings, weekBookingsByItem } from "./weekly.queries";

const NONE = [0, 0, 0, 0, 0, 0, 0];

/**
 * How much of each day's peak is tentative (仮押さえ): the peak minus the peak of the confirmed bookings alone,
 * i.e. how far the day's number would fall if every hold were released (docs/lifecycle.md).
 */
function tentativeShare(
  daily: number[],
  week: WeekBookings,
  from: Date,
  bounds: number[],
  turnaround: Turnaround,
): number[] {
  const confirmed = peaksBetween(held(parseWeekBookings(week.confirmed ?? null, from), turnaround), bounds);
  return daily.map((n, i) => n - (confirmed[i] ?? 0));
}

/** Bookings as they hold the item's units, turnaround included (common/availability). */
const held = (bookings: Booking[], turnaround: Turnaround) => heldBookings(bookings, turnaround);

/**
 * The item screen's week: every item of the group (by title) with the peak usage of each of the 7 days,
 * the day labels, the group's categories, and the neighbouring weeks. Three queries whatever the item
 * count, run at once on their own connections: the bookings' aggregation is most of the database's time
 * and the items are read, parsed and presented meanwhile.
 */
export async function weeklyItems(
  deps: ReadDeps & ZoneDeps,
  actor: AuthUser,
  week: Week,
): Promise<WeeklyItemsDto> {
  const db = deps.database.db;
  const bounds = dayStarts(week.start, 8, deps.config.timeZone);
  const from = new Date(bounds[0]!);
  const [items, bookings, categoryRows, hireRows] = await Promise.all([
    listItemsOfGroup(db, actor.groupId).then((rows) => rows.map(presentItem)),
    weekBookingsByItem(db, actor.groupId, from, new Date(bounds[7]!)),
    listCategories(db, actor.groupId),
    // Units hired in (外部手配) are stock while they are with us: the week's hires of the whole group.
    hiresInWindow(db, actor.groupId, undefined, from, new Date(bounds[7]! - 1)),
  ]);
  const hires = hiresByItem(hireRows);
  return {
    results: {
      // Object.assign onto the presenter's object, not a spread into a new one: at 2,000 items the copies
      // showed in the profile. Most items have no order item in a given week: their zeros need no sweep.
      items: items.map((item) => {
        const week = bookings.get(item.id);
        // A day's number counts the units being checked or prepared (点検・準備) too: they cannot go out.
        const turnaround = turnaroundOf({
          turnaroundBeforeMinutes: item.effective_turnaround_before_minutes,
          turnaroundAfterMinutes: item.effective_turnaround_after_minutes,
        });
        const heldWeek = week ? held(parseWeekBookings(week.bookings, from), turnaround) : [];
        const daily = week ? peaksBetween(heldWeek, bounds) : NONE;
        const hired: HireRow[] = hires.get(item.id) ?? [];
        const stock = item.stock_quantity;
        return Object.assign(item, {
          daily_order_quantities: daily,
          daily_hired_quantities: hired.length > 0 ? hiredPerDay(hired, bounds) : NONE,
          daily_free_quantities:
            hired.length > 0
              ? netPeaksBetween(heldWeek, hired, bounds).map((net) => stock - net)
              : daily.map((n) => stock - n),
          daily_tentative_quantities:
            week?.confirmed === undefined ? NONE : tentativeShare(daily, week, from, bounds, turnaround),
        });
      }),
      days: week.days,
      categories: categoryRows.map(presentCategory),
      before: week.before,
      next: week.next,
    },
  };
}
