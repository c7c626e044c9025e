/** drizzle wraps driver errors; the PostgreSQL SQLSTATE sits on the error or its cause. */
export function sqlState(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === "23505";

/** A foreign key refused the write: the row referred to went (or is still referred to) meanwhile. */
export const isForeignKeyViolation = (err: unknown) => sqlState(err) === "23503";
