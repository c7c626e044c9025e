import { readId } from "@zaiko/common/input";
import { ja } from "@zaiko/common/messages/ja";
import type { Context } from "koa";
import { httpError } from "../lib/httpError";

/**
 * A path id (`:id`, `:itemId`, …): digits naming a positive 32-bit integer. Anything else, 2^31 included,
 * answers 404 like a row that does not exist (an id in a body that is out of range is a 400 instead:
 * `idField` in common/input.ts).
 */
export function idParam(ctx: Context, name = "id"): number {
  return idOr404(ctx.params[name]);
}

/** A query id (`?work_case=`): the same rule as a path id, a second value or anything else is a 404. */
export function queryIdParam(ctx: Context, name: string): number {
  return idOr404(ctx.query[name]);
}

function idOr404(raw: unknown): number {
  const id = typeof raw === "string" && /^[0-9]{1,10}$/.test(raw) ? readId(raw) : undefined;
  if (id === undefined) throw httpError(404, ja.errors.notFound);
  return id;
}
