import type { BackupService } from "./backup/backupService";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Authenticate } from "./lib/authUser";
import type { Logger } from "./lib/logger";
import type { ReadViewLimit } from "./lib/readViewLimit";
import type { WritesInFlight } from "./lib/writesInFlight";
import type { ActiveMemberCache } from "./middlewares/activeMembers";
import type { RateLimits } from "./middlewares/rateLimit";
import type { Realtime } from "./realtime/realtime";

/** What every feature needs, built once at start-up and passed down (no module-level singletons). */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  realtime: Realtime;
  /** Token → active member, for the request middleware and the socket handshake (features/auth). */
  authenticate: Authenticate;
  rateLimits: RateLimits;
  activeMembers: ActiveMemberCache;
  /** The weekly view and the inventory summary of HTTP requests run through it (lib/readViewLimit.ts). */
  readViews: ReadViewLimit;
  /** The API writes being served, which the live fan-out steps aside for (lib/writesInFlight.ts). */
  writes: WritesInFlight;
  /** Releases lapsed 仮押さえ holds (features/workcases/holdSweeper.service.ts); absent in tests that run it by hand. */
  holdSweeper?: { wakeAt(at: Date): void };
  /** Sends queued mails and webhook calls (features/delivery/sender.service.ts); absent when DELIVER_EVERY_MS=0. */
  sender?: { wake(): void };
  /** The embedded database's backups (automatic, and the CLI's over the admin channel); absent on PostgreSQL. */
  backups?: BackupService;
}
