import type { Writable } from "node:stream";
import { Client, type ClientConfig, type QueryResult } from "pg";

/** drizzle's transaction() opens with `begin` (and options, from a transaction config). */
const BEGIN = /^\s*begin\b/i;

const BEGIN_RESULT: QueryResult = { command: "BEGIN", rowCount: null, oid: 0, rows: [], fields: [] };

/** The parts of pg's Connection (lib/connection.js) that write protocol messages. */
interface PgConnection {
  stream: Writable;
  parse(query: { text: string; name: string; types: unknown[] }): void;
  bind(config: { portal: string; statement: string; values: unknown[] }): void;
  execute(config: { portal: string; rows: number }): void;
}

/** pg's Client internals read to tell whether a query is in flight (lib/client.js, 8.23). */
interface PgClientQueues {
  _activeQuery?: unknown;
  _sentQueryQueue?: unknown[];
  _queryQueue?: unknown[];
}

/**
 * A node-postgres client that sends a transaction's BEGIN together with its first statement instead of
 * waiting a round trip for BEGIN's answer.
 *
 * drizzle's `db.transaction()` awaits `begin` before it runs the callback, so every transaction paid three
 * round trips (BEGIN, its statement, COMMIT) on the + button's path. Here drizzle gets an empty result for
 * BEGIN at once, and BEGIN leaves with the next query on the connection, in the same write:
 * - When that query has parameters (extended protocol, as every statement of the app's transactions),
 *   BEGIN is sent as Parse/Bind/Execute without a Sync of its own, as pgjdbc sends it: PostgreSQL answers
 *   both at the query's Sync, in one message, instead of flushing BEGIN's answer on its own. The query's
 *   result carries BEGIN's answer first (pg collects both), which is dropped here.
 * - Otherwise BEGIN is a simple query written in the same write (pg's pipeline mode does not wait for its
 *   answer), and the query's promise settles only after BEGIN's own.
 * Either way, if BEGIN fails the query rejects with BEGIN's error. PostgreSQL executes the two in order, so
 * the transaction is the same; only the waits and the system calls in between are gone: every write and
 * every wake-up is expensive on a small shared machine (scripts/bench/allocation.ts measures the path).
 *
 * Why a failed BEGIN cannot let a statement run unchecked outside the transaction: BEGIN fails only on a
 * broken connection or inside an aborted transaction, and in both cases the statement behind it fails too
 * (with the extended protocol, PostgreSQL skips everything up to the Sync after an error).
 *
 * Only the promise form of `query` with a text or config object holds a BEGIN: that is how drizzle calls
 * it. Callback forms and query objects (pg-pool's `pool.query`, streams) are sent as they come, behind a
 * held BEGIN if there is one.
 */
export class PipelinedBeginClient extends Client {
  /** drizzle's BEGIN, answered but not yet sent: it leaves with the next query. */
  private heldBegin: string | undefined;

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
    const text: unknown = typeof config === "string" ? config : config?.text;
    if (promiseForm && typeof text === "string" && BEGIN.test(text) && this.heldBegin === undefined) {
      this.heldBegin = text;
      return Promise.resolve(BEGIN_RESULT);
    }
    const begin = this.heldBegin;
    if (begin === undefined) return super.query(config, values, callback);
    this.heldBegin = undefined;
    if (promiseForm && this.extendedAndAlone(config, values)) {
      return this.withBeginInBatch(begin, config, values);
    }
    return this.withBeginAhead(begin, promiseForm, () => super.query(config, values, callback));
  }

  /**
   * Whether the query goes out as an unnamed extended-protocol statement (parameters, no name, no row
   * pages) with nothing else in flight on the connection: then every message PostgreSQL sends until the
   * query's Sync belongs to it, BEGIN's answer included.
   */
  private extendedAndAlone(config: unknown, values: unknown): boolean {
    if (typeof config !== "string" && (typeof config !== "object" || config === null)) return false;
    const {
      name,
      rows,
      values: configValues,
    } = typeof config === "string" ? {} : (config as { name?: string; rows?: number; values?: unknown });
    const params = Array.isArray(values) ? values : configValues;
    if (!Array.isArray(params) || params.length === 0 || name || rows) return false;
    const queues = this as unknown as PgClientQueues;
    return (
      !queues._activeQuery &&
      Array.isArray(queues._sentQueryQueue) &&
      queues._sentQueryQueue.length === 0 &&
      Array.isArray(queues._queryQueue) &&
      queues._queryQueue.length === 0
    );
  }

  /** BEGIN as Parse/Bind/Execute in the query's own batch; the query's result without BEGIN's part. */
  private async withBeginInBatch(begin: string, config: unknown, values: unknown): Promise<QueryResult> {
    const results = await this.inOneWrite((connection) => {
      connection.parse({ text: begin, name: "", types: [] });
      connection.bind({ portal: "", statement: "", values: [] });
      connection.execute({ portal: "", rows: 0 });
      return super.query(config as string, values as unknown[]) as Promise<QueryResult | QueryResult[]>;
    });
    // pg gathers every command's result until the Sync; anything but BEGIN's and the query's is a bug here.
    if (!Array.isArray(results) || results.length !== 2 || results[0]!.command !== "BEGIN") {
      throw new Error("PipelinedBeginClient: unexpected results for BEGIN and its statement");
    }
    return results[1]!;
  }

  /** BEGIN as a simple query written with the query; the query settles after BEGIN's answer. */
  private withBeginAhead(begin: string, promiseForm: boolean, send: () => unknown): unknown {
    const { beginAnswer, result } = this.inOneWrite(() => ({
      beginAnswer: super.query(begin) as Promise<QueryResult>,
      result: send(),
    }));
    // Observed below; a callback-form query behind it fails with its own error if BEGIN failed.
    beginAnswer.catch(() => undefined);
    if (!promiseForm) return result;
    const statement = result as Promise<QueryResult>;
    // When BEGIN fails, the caller hears BEGIN's error and this one would otherwise go unhandled.
    statement.catch(() => undefined);
    return beginAnswer.then(() => statement);
  }

  /** Runs `send` with the socket corked, so that every message it writes leaves in one system call. */
  private inOneWrite<T>(send: (connection: PgConnection) => T): T {
    const connection = (this as unknown as { connection: PgConnection }).connection;
    connection.stream.cork();
    try {
      return send(connection);
    } finally {
      connection.stream.uncork();
    }
  }
}
