import { sql } from "drizzle-orm";
import type { RunningServer } from "../server";

/**
 * Locks an item's row on one of the server's own connections until `release` is called: a '+' on that item
 * then waits, and is a write being served meanwhile (what "writes first" makes the live fan-out wait for).
 * PostgreSQL only: PGlite's one session would hold every other query too. `ended` settles once the lock's
 * transaction has ended.
 */
export async function holdItemRow(
  server: RunningServer,
  itemId: number,
): Promise<{ release: () => void; ended: Promise<void> }> {
  let locked: () => void = () => undefined;
  let release: () => void = () => undefined;
  const isLocked = new Promise<void>((resolve) => {
    locked = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const ended = server.deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from items where id = ${itemId} for update`);
    locked();
    await released;
  });
  // A lock that could not be taken fails here rather than waiting for ever.
  await Promise.race([isLocked, ended]);
  return { release, ended };
}
