import { Client, type ClientConfig, type QueryResult } from "pg";

/** drizzle's transaction() opens with `begin` (and options, from a transaction config). */
const BEGIN = /^\s*begin\b/i;

const BEGIN_RESULT: QueryResult = { command: "BEGIN", rowCount: null, oid: 0, rows: [], fields: [] };

/**
 * A node-postgres client that writes a transaction's BEGIN together with its first statement instead of
 * waiting a round trip for BEGIN's answer.
 *
 * drizzle's `db.transaction()` awaits `begin` before it runs the callback, so every transaction paid three
 * round trips (BEGIN, its statement, COMMIT) on the + button's path. Here BEGIN goes on the wire at once
 * (pg's pipeline mode sends a query without waiting for the one before), drizzle gets an empty result, and
 * the next query on the connection is sent straight behind it; that query's promise settles only after
 * BEGIN's own answer, and rejects with BEGIN's error if BEGIN failed. PostgreSQL executes the two in order,
 * so the transaction is the same; only the wait in between is gone (scripts/bench/allocation.ts,
 * docs/benchmarks.md).
 *
 * Why a failed BEGIN cannot let a statement run unchecked outside the transaction: BEGIN fails only on a
 * broken connection or inside an aborted transaction, and in both cases the statement behind it fails too.
 *
 * Only the promise form of `query` with a text or config object is deferred: that is how drizzle calls it.
 * Callback forms and query objects (pg-pool's `pool.query`, streams) pass through unchanged.
 */
export class PipelinedBeginClient extends Client {
  private pendingBegin: Promise<unknown> | undefined;

  constructor(config?: string | ClientConfig) {
    super(
      typeof config === "string"
        ? { connectionString: config, pipeline: true }
        : { ...config, pipeline: true },
    );
  }

  // biome-ignore lint/suspicious/noExplicitAny: forwards every overload of pg's query unchanged
  override query(config: any, values?: any, callback?: any): any {
    const promiseForm =
      typeof values !== "function" && typeof callback !== "function" && typeof config?.submit !== "function";
    if (!promiseForm) return super.query(config, values, callback);
    const text: unknown = typeof config === "string" ? config : config?.text;
    if (typeof text === "string" && BEGIN.test(text) && !this.pendingBegin) {
      const begin = super.query(config, values) as Promise<QueryResult>;
      // Observed by the next query; without one (a connection closed right after BEGIN) nothing is lost.
      begin.catch(() => undefined);
      this.pendingBegin = begin;
      return Promise.resolve(BEGIN_RESULT);
    }
    const result = super.query(config, values) as Promise<QueryResult>;
    const begin = this.pendingBegin;
    if (!begin) return result;
    this.pendingBegin = undefined;
    // When BEGIN fails, the caller hears BEGIN's error and this one would otherwise go unhandled.
    result.catch(() => undefined);
    return begin.then(() => result);
  }
}
