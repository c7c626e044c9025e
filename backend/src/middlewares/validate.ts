import { findUnsafeInput } from "@zaiko/common/input";
import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import type { z } from "zod";
import { HttpError } from "../lib/httpError";

/** Turns zod issues into `{"<field>": ["message", …]}`; issues without a path go to `detail`. */
export function fieldErrors(error: z.ZodError): Record<string, string[] | string> {
  // A Map, not an object: a body's key may be "constructor" or "__proto__", which a plain object already
  // has (a 500 once) or would take as its prototype.
  const out = new Map<string, string[]>();
  const add = (key: string, message: string) => {
    const list = out.get(key) ?? [];
    if (!list.includes(message)) list.push(message);
    out.set(key, list);
  };
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) add(k, issue.message);
      continue;
    }
    // A body of the wrong shape (an array or a bare value instead of an object) has no field to name,
    // and zod's own message is English.
    const message =
      issue.path.length === 0 && issue.code === "invalid_type" ? ja.errors.malformedJson : issue.message;
    add(issue.path.length > 0 ? String(issue.path[0]) : "detail", message);
  }
  const detail = out.get("detail");
  out.delete("detail");
  const fields: Record<string, string[] | string> = Object.fromEntries(out);
  return detail ? { ...fields, detail: detail.join(" ") } : fields;
}

/** Parses `input` with `schema` or throws a 400 with field errors. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, fieldErrors(result.error));
  return result.data;
}

/**
 * The input boundary every JSON body passes, right after the body parser and before any route, group check
 * or schema sees it: nesting deeper than MAX_JSON_DEPTH is a 400 (recursive readers would overflow the
 * stack), and a text with NUL or a lone surrogate is a 400 on its top-level field (PostgreSQL refuses NUL;
 * a lone surrogate is no text).
 */
export function safeJsonInput() {
  return async function checkJsonInput(ctx: Context, next: Next) {
    const unsafe = findUnsafeInput(ctx.request.body);
    if (unsafe?.problem === "depth") throw new HttpError(400, { detail: ja.errors.tooDeep });
    if (unsafe?.problem === "character") {
      const [field] = unsafe.path;
      if (field === undefined) throw new HttpError(400, { detail: ja.validation.forbiddenCharacter });
      throw new HttpError(400, { [String(field)]: [ja.validation.forbiddenCharacter] });
    }
    await next();
  };
}

/**
 * The request's JSON body (`{}` when there is none), always an object: a top-level array is a 400. A body of
 * another content type is a 415: the body parser only reads JSON and leaves `{}` for anything else, which
 * must not pass for an empty object. The body already passed `safeJsonInput`.
 */
function jsonBody(ctx: Context): Record<string, unknown> {
  if (ctx.is("json") === false) throw new HttpError(415, { detail: ja.errors.unsupportedMediaType });
  const body: unknown = ctx.request.body ?? {};
  // Every call's body is an object of fields; a top-level array is no form any call takes.
  if (typeof body !== "object" || body === null || Array.isArray(body))
    throw new HttpError(400, { detail: ja.errors.malformedJson });
  return body as Record<string, unknown>;
}

/**
 * The one way a route reads its body: the JSON body parsed with `schema`, typed, or a 400 with field errors
 * (415 for another content type). `schema` may be a function choosing the schema from the body, for the
 * calls whose body comes in several forms (it throws its own 400 when the body is none of them).
 * `optional`: a request without a body reads as `{}` (the spec's duplicate call sends none).
 */
export function readBody<S extends z.ZodType>(
  ctx: Context,
  schema: S | ((body: Record<string, unknown>) => S),
  { optional = false }: { optional?: boolean } = {},
): z.output<S> {
  const body = optional && !ctx.request.length ? {} : jsonBody(ctx);
  return parseOr400(typeof schema === "function" ? schema(body) : schema, body);
}
