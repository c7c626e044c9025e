/**
 * How instants leave the server: ISO-8601 in UTC (API.md allows any offset; clients show them in the
 * business zone). Timestamps read through raw `sql` come back as Date or string depending on the driver,
 * and spans as epoch ms, so all three are accepted.
 */
export const iso = (value: Date | string | number): string => new Date(value).toISOString();

/** `iso`, with null (an issue or receive not set, no span) staying null. */
export const isoOrNull = (value: Date | string | number | null | undefined): string | null =>
  value === null || value === undefined ? null : iso(value);
