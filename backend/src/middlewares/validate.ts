import type { Context, Next } from "koa";
import type { z } from "zod";
import { ja } from "@zaiko/common/messages/ja";
import { HttpError } from "../lib/httpError";

/** Turns zod issues into `{"<field>": ["message", …]}`; issues without a path go to `detail`. */
export function fieldErrors(error: z.ZodError): Record<string, string[] | string> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "detail";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) (out[k] ??= []).push(issue.message);
      continue;
    }
    const list = (out[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  if (out.detail) return { ...out, detail: out.detail.join(" ") };
  return out;
}

/** Parses `input` with `schema` or throws a 400 with field errors. */
export function parseOr400<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new HttpError(400, fieldErrors(result.error));
  return result.data;
}

declare module "koa" {
  interface DefaultContext {
    /** The request body after `validate(schema)`. */
    valid?: unknown;
  }
}

/** Route middleware: validates the JSON body and leaves the parsed value in `ctx.state.body`. */
export function validate<S extends z.ZodType>(schema: S) {
  return async function validateBody(ctx: Context, next: Next) {
    const body = ctx.request.body;
    if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
      if (ctx.is("json") === false && ctx.request.length) throw new HttpError(415, { detail: ja.errors.unsupportedMediaType });
    }
    ctx.state.body = parseOr400(schema, body ?? {});
    await next();
  };
}
