import type { Config } from "../config";
import type { Database } from "../db/client";
import type { EventBuffer } from "../realtime/eventBuffer";
import type { Logger } from "./logger";

/**
 * The narrow dependencies a service takes, so that its signature says what it reads and what it publishes.
 * Routes hold the whole AppDeps (deps.ts) and pass it down: it has every one of these parts.
 */

/** A service that reads the database. */
export interface ReadDeps {
  database: Pick<Database, "db">;
}

/** Where a committed transaction's events go (realtime/realtime.ts): lib/transaction.ts hands them over. */
export interface CommittedEvents {
  flush(committed: EventBuffer): void;
}

/** A service that writes: the database, and the real time its committed events go to (lib/transaction.ts). */
export interface WriteDeps extends ReadDeps {
  realtime: CommittedEvents;
}

/** A service that logs what it cannot answer with. */
export interface LogDeps {
  logger: Logger;
}

/** A service that reads or writes dates in the business zone (config.ts). */
export interface ZoneDeps {
  config: Pick<Config, "timeZone">;
}
