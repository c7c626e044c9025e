import { sqlState } from "./pgErrors";

/** What a log line keeps of an error. */
export interface LoggedError {
  type: string;
  message: string;
  /** The stack's frames only: its first line repeats the message, which may embed SQL parameters. */
  stack?: string;
  /** PostgreSQL's SQLSTATE and the object it names, for database errors. */
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: LoggedError;
}

/**
 * drizzle wraps a failed query as "Failed query: <sql>\nparams: <values>", and PostgreSQL's `detail` can
 * quote a row ("Failing row contains (…)"): a sign-up's password hash among them. These fields never
 * reach a log; of a database error only its SQLSTATE, constraint, table, column and the driver's own
 * message are kept.
 */
const isQueryWrapper = (e: object) => "params" in e && "query" in e;

const frames = (stack: unknown) =>
  typeof stack === "string"
    ? stack
        .split("\n")
        .filter((line) => /^\s+at /.test(line))
        .join("\n")
    : undefined;

const text = (v: unknown) => (typeof v === "string" && v !== "" ? v : undefined);

/** The pino serializer for `err`: type, message, frames, SQLSTATE, constraint; never parameters. */
export function safeErrorForLog(err: unknown, depth = 0): LoggedError | unknown {
  if (!(err instanceof Error) && (typeof err !== "object" || err === null)) return err;
  const e = err as Error & Record<string, unknown>;
  const cause = e.cause;
  if (isQueryWrapper(e) && cause instanceof Error && depth < 4) {
    // The wrapper's own message is the SQL with its parameters; the driver's error says what failed.
    const inner = safeErrorForLog(cause, depth + 1) as LoggedError;
    return { ...inner, type: `${e.constructor?.name ?? "Error"}: ${inner.type}`, stack: frames(e.stack) };
  }
  const out: LoggedError = {
    type: e.constructor?.name ?? "Error",
    message: isQueryWrapper(e) ? "query failed" : String(e.message ?? ""),
    stack: frames(e.stack),
  };
  const code = sqlState(e);
  if (code) {
    out.code = code;
    out.constraint = text(e.constraint);
    out.table = text(e.table);
    out.column = text(e.column);
  } else if (typeof e.code === "string") {
    out.code = e.code;
  }
  if (cause !== undefined && depth < 4) out.cause = safeErrorForLog(cause, depth + 1) as LoggedError;
  return out;
}
