/**
 * The input boundary every call shares (DESIGN.md principle 12): what a text may hold, what an id is, and
 * how deep a JSON body may nest. The server checks every JSON body with `findUnsafeInput` before any schema
 * runs; the schemas read ids with `readId`.
 */
import { z } from "zod";

/** Ids are PostgreSQL `integer` columns: 1 .. 2^31 − 1. */
export const ID_MAX = 2_147_483_647;

/**
 * Nesting a JSON body may have. The deepest body a client sends is two levels (export-excel's
 * order_items of objects); 32 leaves room and keeps every recursive reader far from the stack's end.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * NUL (PostgreSQL text cannot hold it: the write fails) and a UTF-16 half without its pair (not a
 * character: stored as U+FFFD, so the text would silently change).
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds a character no stored text may hold. */
export const hasForbiddenCharacter = (text: string): boolean =>
  text.includes("\u0000") || LONE_SURROGATE.test(text);

/** A positive 32-bit id given as a number or as a string of digits; undefined for anything else. */
export function readId(value: unknown): number | undefined {
  const n = typeof value === "string" && /^[0-9]{1,10}$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= ID_MAX ? n : undefined;
}

/** A zod field for an id (number or digits, never a boolean or a float), refused with `message`. */
export const idField = (message: string) =>
  z.unknown().transform((value, ctx): number => {
    const id = readId(value);
    if (id === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

// The readers of instants, days and whole numbers live in their own module without zod, so that the web
// client's first chunk (which reads the board's ?date=) does not carry zod; they belong to this boundary.
export * from "./inputReaders";

export type UnsafeInput = { problem: "depth" } | { problem: "character"; path: (string | number)[] };

/**
 * The first problem of a parsed JSON value: nesting beyond MAX_JSON_DEPTH, or a string (value or key)
 * with a forbidden character. Walks with an explicit stack, so a body nested 100,000 deep is refused
 * without recursion.
 */
export function findUnsafeInput(value: unknown): UnsafeInput | undefined {
  const stack: { value: unknown; depth: number; path: (string | number)[] }[] = [
    { value, depth: 0, path: [] },
  ];
  while (stack.length > 0) {
    const next = stack.pop()!;
    const v = next.value;
    if (typeof v === "string") {
      if (hasForbiddenCharacter(v)) return { problem: "character", path: next.path };
      continue;
    }
    if (typeof v !== "object" || v === null) continue;
    if (next.depth >= MAX_JSON_DEPTH) return { problem: "depth" };
    // Paths are only used to name the top-level field; deeper levels keep the first key.
    const entries: [string | number, unknown][] = Array.isArray(v)
      ? v.map((item, i) => [i, item])
      : Object.entries(v as Record<string, unknown>);
    for (const [key, child] of entries) {
      const path = next.path.length === 0 ? [key] : next.path;
      if (typeof key === "string" && hasForbiddenCharacter(key)) return { problem: "character", path };
      stack.push({ value: child, depth: next.depth + 1, path });
    }
  }
  return undefined;
}
