import type { Tx } from "../db/client";
import type { AppDeps } from "../deps";
import { Outbox } from "../realtime/outbox";

/**
 * Runs `work` in one database transaction and publishes the events it queued only after the commit.
 * Always use this rather than raw BEGIN/COMMIT: PGlite has one session for the whole process.
 */
export async function inTransaction<T>(
  deps: AppDeps,
  work: (tx: Tx, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const outbox = new Outbox();
  const result = await deps.database.db.transaction((tx) => work(tx, outbox));
  deps.realtime.flush(outbox);
  return result;
}
