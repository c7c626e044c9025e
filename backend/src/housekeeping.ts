import type { AppDeps } from "./deps";
import { deleteExpiredRefreshTokens } from "./features/auth/auth.queries";
import { deleteOldDeliveries } from "./features/delivery";
import { deleteUnclaimedGroups } from "./features/groups/groups.queries";
import { OWNER_CLAIM_MINUTES } from "./features/groups/groups.service";
import { deleteOldNotifications, NOTIFICATION_KEEP_MS } from "./features/notifications";
import { KEY_TTL_HOURS } from "./middlewares/idempotency";
import { deleteExpiredKeys } from "./middlewares/idempotency.queries";

const EVERY_MS = 10 * 60_000;

/**
 * Periodic clean-up: unclaimed groups, expired refresh tokens and idempotency keys, notifications older than
 * 90 days, finished deliveries (and webhook logs beyond 100). Returns a stop function.
 */
export function startHousekeeping(deps: AppDeps): () => void {
  const run = async () => {
    try {
      await deleteUnclaimedGroups(deps.database.db, OWNER_CLAIM_MINUTES);
      await deleteExpiredRefreshTokens(deps.database.db);
      await deleteExpiredKeys(deps.database.db, KEY_TTL_HOURS);
      await deleteOldNotifications(deps.database.db, new Date(Date.now() - NOTIFICATION_KEEP_MS));
      // Finished deliveries as long as notifications; each webhook's log beyond its latest 100.
      await deleteOldDeliveries(deps.database.db, new Date(Date.now() - NOTIFICATION_KEEP_MS), 100);
    } catch (err) {
      deps.logger.warn({ err }, "housekeeping failed");
    }
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
