import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db, Tx } from "./client";

type Results<R extends readonly (() => PromiseLike<unknown>)[]> = {
  -readonly [K in keyof R]: Awaited<ReturnType<R[K]>>;
};

/**
 * Runs several reads of one answer: side by side on the pool (each on a connection of its own), one after
 * another inside a transaction, whose one connection runs one statement at a time. node-postgres queues a
 * query sent to a busy connection, which is deprecated and gone in pg 9.
 */
export async function readTogether<const R extends readonly (() => PromiseLike<unknown>)[]>(
  db: Db | Tx,
  reads: R,
): Promise<Results<R>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results<R>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<R>;
}
