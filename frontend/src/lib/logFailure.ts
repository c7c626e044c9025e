/**
 * Logs a failed call (spec §8: failed calls are logged to the console). A refusal the server explained
 * (a 4xx: 409 on a '+' that does not fit, 400 on a bad CSV, 401 on a wrong password) is an expected outcome
 * the screen already shows, so it is logged as information; anything else (5xx, a timeout, the network)
 * is an error. Console error checks in the journeys then catch only what is really wrong.
 */
export function logFailure(what: string, error: unknown): void {
  if (isRefusal(error)) console.info(`${what} (refused)`, error);
  else console.error(what, error);
}

/** A 4xx answer from the server (RTK Query's error shape, or a Response). */
export function isRefusal(error: unknown): boolean {
  if (!error || typeof error !== "object" || !("status" in error)) return false;
  const status = (error as { status: unknown }).status;
  return typeof status === "number" && status >= 400 && status < 500;
}
