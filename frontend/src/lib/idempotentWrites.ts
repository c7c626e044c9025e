import type { FetchArgs, FetchBaseQueryError } from "@reduxjs/toolkit/query/react";

/**
 * Writes that survive a lost answer (docs/idempotency.md): every write carries an `Idempotency-Key`, made
 * once per call of a mutation and kept on every resend of that call (the 401 → refresh → retry, and the
 * retries below), so the server applies it once and answers a resend with the first answer.
 */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Writes the server takes without a signed-in member, so it keeps no key for them: a resend could be
 * applied twice (a second sign-up is refused as a taken email), so they are never resent.
 */
const UNKEYED_PATHS = ["/api/token/", "/api/groups/", "/api/signup/", "/api/logout/"];

/** Resends after a lost answer: 0.5 s, 1 s, 2 s. */
export const WRITE_RETRIES = 3;
const FIRST_BACKOFF_MS = 500;

/** Whether the call changes data (a plain string is a GET). */
export function isWrite(args: string | FetchArgs): args is FetchArgs {
  return typeof args !== "string" && UNSAFE_METHODS.has((args.method ?? "GET").toUpperCase());
}

/**
 * A new key: 128 random bits in hex. getRandomValues rather than randomUUID, which browsers offer only in
 * a secure context, and the app may be served over plain HTTP on a site's network.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The call with the key added to its headers, whatever form they were given in. */
export function withIdempotencyKey(args: FetchArgs, key: string): FetchArgs {
  const given = args.headers;
  if (given instanceof Headers) {
    const headers = new Headers(given);
    headers.set(IDEMPOTENCY_KEY_HEADER, key);
    return { ...args, headers };
  }
  if (Array.isArray(given)) return { ...args, headers: [...given, [IDEMPOTENCY_KEY_HEADER, key]] };
  return { ...args, headers: { ...given, [IDEMPOTENCY_KEY_HEADER]: key } };
}

/** No answer came back, or a proxy said the app was unreachable: the write may or may not have happened. */
function answerLost(error: FetchBaseQueryError): boolean {
  return (
    error.status === "FETCH_ERROR" ||
    error.status === "TIMEOUT_ERROR" ||
    error.status === 502 ||
    error.status === 503 ||
    error.status === 504
  );
}

const pathOf = (args: FetchArgs) => args.url.split("?")[0] ?? args.url;

/** RTK Query's retryCondition for writes: resend a keyed write whose answer was lost, a few times. */
export function resendWrite(error: FetchBaseQueryError, args: string | FetchArgs, attempt: number): boolean {
  return (
    attempt <= WRITE_RETRIES && isWrite(args) && !UNKEYED_PATHS.includes(pathOf(args)) && answerLost(error)
  );
}

/** RTK Query's backoff for those resends; an abandoned call stops waiting. */
export function writeBackoff(attempt: number, _max: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1));
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(new Error("Aborted"));
      },
      { once: true },
    );
  });
}
