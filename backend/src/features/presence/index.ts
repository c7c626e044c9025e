/** The presence feature's public surface: started by the composition root (server.ts). */
import type { AuthUser } from "../../lib/authUser";
import type { LogDeps, ReadDeps } from "../../lib/serviceDeps";
import type { Realtime } from "../../realtime/realtime";
import { memberNames } from "./presence.queries";
import { Presence } from "./presence.service";

export { Presence, presenceRoom } from "./presence.service";

/**
 * Every process sends its viewers the list again this often, whatever happened: it heals a list that a lost
 * server-to-server message (Redis away for a moment) left stale. Arrivals and departures need no wait.
 */
const REFRESH_MS = 15_000;

/** Starts presence on the case screens and the warehouse board (call after the Socket.IO server is attached). */
export function startPresence(
  deps: ReadDeps & LogDeps & { realtime: Realtime },
  caseAccess: (user: AuthUser, caseId: number) => Promise<boolean>,
): Presence {
  const presence = new Presence({
    realtime: deps.realtime,
    logger: deps.logger,
    caseAccess,
    names: (groupId, ids) => memberNames(deps.database.db, groupId, ids),
    refreshMs: REFRESH_MS,
  });
  presence.start();
  return presence;
}
