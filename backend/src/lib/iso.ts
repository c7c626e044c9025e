/** Timestamps leave the server as ISO strings in UTC (every presenter uses this). */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** iso, keeping null (issue and receive times that are not set). */
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
