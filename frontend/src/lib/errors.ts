import type { SerializedError } from "@reduxjs/toolkit";
import type { FetchBaseQueryError } from "@reduxjs/toolkit/query";

type QueryError = FetchBaseQueryError | SerializedError | undefined | unknown;

function bodyOf(error: QueryError): unknown {
  if (error && typeof error === "object" && "status" in error && "data" in error) return error.data;
  return undefined;
}

/** The server's `{detail}` (or `{error}`) message, if the error carries one. */
export function serverDetail(error: QueryError): string | null {
  const body = bodyOf(error);
  if (!body || typeof body !== "object") return null;
  for (const key of ["detail", "error"] as const) {
    const value = (body as Record<string, unknown>)[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return null;
}

/**
 * Every message of a `{field: [messages]}` body, in the server's order; empty when the body has
 * another shape. A `{detail}` body is included too, so nothing the server said is lost.
 */
export function serverFieldMessages(error: QueryError): string[] {
  const body = bodyOf(error);
  if (!body || typeof body !== "object" || Array.isArray(body)) return [];
  const messages: string[] = [];
  for (const value of Object.values(body as Record<string, unknown>)) {
    if (typeof value === "string") messages.push(value);
    else if (Array.isArray(value)) messages.push(...value.filter((m): m is string => typeof m === "string"));
  }
  return messages;
}

/** The messages of one field of a `{field: [messages]}` body. */
export function serverFieldMessage(error: QueryError, field: string): string | null {
  const body = bodyOf(error);
  if (!body || typeof body !== "object") return null;
  const value = (body as Record<string, unknown>)[field];
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  if (typeof value === "string") return value;
  return null;
}

/** The HTTP status of an RTK Query error, if any. */
export function statusOf(error: unknown): number | string | null {
  if (error && typeof error === "object" && "status" in error) {
    return (error as { status: number | string }).status;
  }
  return null;
}
