import type { Db, Tx } from "./client";

/**
 * Runs the reads of one answer in one snapshot: a read-only REPEATABLE READ transaction, whose statements
 * all see the database as it was at its first one. A write committed while they run is in none of them, so
 * rows read apart still agree (the Excel's order items and its set lines). The reads run one after another
 * on the transaction's one connection (readTogether), where they ran side by side on the pool.
 */
export function readSnapshot<T>(db: Db, reads: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(reads, { isolationLevel: "repeatable read", accessMode: "read only" });
}
