const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Whether a request's method changes something: the calls an Idempotency-Key applies to
 * (middlewares/idempotency.ts) and the ones the live fan-out steps aside for (middlewares/countWrites.ts).
 */
export const isWriteMethod = (method: string) => WRITE_METHODS.has(method);
