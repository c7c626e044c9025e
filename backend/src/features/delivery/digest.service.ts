import { dayInZone, instantOfWallClock } from "@zaiko/common/zonedTime";
import type { Db } from "../../db/client";
import { enqueueDigests } from "./enqueue.queries";

/** The digest goes out at this hour of the business zone's wall clock (issue 40: 8:00). */
export const DIGEST_HOUR = 8;

/**
 * Queues today's digest (business zone) for the members who opted in, once the zone's clock has passed 8:00
 * on the clock `now` (the notifier's pass; the tests set it). A process that starts later that day still
 * queues it; a day that passed entirely while no process ran is not made up (yesterday's overdue list is
 * stale). Returns how many were queued.
 */
export async function queueDailyDigests(db: Db, now: Date, oldest: Date, zone: string): Promise<number> {
  const day = dayInZone(now.getTime(), zone);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const at = (hour: number, plusDays = 0) =>
    new Date(instantOfWallClock(Date.UTC(y, m - 1, d + plusDays, hour), zone));
  if (now < at(DIGEST_HOUR)) return 0;
  return enqueueDigests(db, day, at(0), at(0, 1), now, oldest);
}
