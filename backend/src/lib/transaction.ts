import type { Tx } from "../db/client";
import { EventBuffer } from "../realtime/eventBuffer";
import { sqlState } from "./pgErrors";
import type { WriteDeps } from "./serviceDeps";

export interface TransactionOptions {
  /**
   * Extra attempts after a deadlock (40P01) or serialization failure (40001). Each attempt runs `work`
   * from the start in a new transaction with a new event buffer, so it must not keep state outside the
   * transaction. Allocation writes use ALLOCATION_RETRIES.
   */
  retries?: number;
}

/** Retries of every allocation write (docs/allocation.md). */
export const ALLOCATION_RETRIES = 5;

/** A failure that another attempt of the same transaction may not hit. */
export const isRetryable = (err: unknown) => {
  const state = sqlState(err);
  return state === "40P01" || state === "40001";
};

/**
 * A write that learned which rows to lock from a read without a lock, and finds under the locks that the read
 * no longer holds, starts again rather than lock more rows out of the one order (docs/allocation.md): a
 * serialization failure, retried as PostgreSQL's own.
 */
export const staleLockRead = () =>
  Object.assign(new Error("the rows to lock changed before they were locked"), { code: "40001" });

/** 5–15 ms, 10–30 ms, 20–60 ms …: jittered so the retried transactions do not collide again. */
const backoff = (attempt: number) =>
  new Promise<void>((resolve) => setTimeout(resolve, 5 * 2 ** attempt * (1 + 2 * Math.random())));

/**
 * Runs `work` in one database transaction and publishes the events it queued only after the commit.
 * Always use this rather than raw BEGIN/COMMIT: PGlite has one session for the whole process.
 */
export async function inTransaction<T>(
  deps: WriteDeps,
  work: (tx: Tx, events: EventBuffer) => Promise<T>,
  opts: TransactionOptions = {},
): Promise<T> {
  const retries = opts.retries ?? 0;
  for (let attempt = 0; ; attempt++) {
    const events = new EventBuffer();
    let result: T;
    try {
      result = await deps.database.db.transaction((tx) => work(tx, events));
    } catch (err) {
      if (attempt >= retries || !isRetryable(err)) throw err;
      await backoff(attempt);
      continue;
    }
    deps.realtime.flush(events);
    return result;
  }
}
