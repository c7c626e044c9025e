import { readDay, readWholeNumber } from "@zaiko/common/input";
import { STOCK_MAX } from "@zaiko/common/limits";
import { ja } from "@zaiko/common/messages/ja";
import { readTimestamp } from "@zaiko/common/workcases/workcases.schema";
import type { Context } from "koa";
import { HttpError } from "../../lib/httpError";
import { queryIdParam } from "../../middlewares/params";

const t = ja.availability;
export const MAX_WEEKS = 8;
export const DEFAULT_WEEKS = 4;

/** One value of a query parameter; a repeated one is refused like a malformed one. */
function single(ctx: Context, name: string): string | undefined {
  const raw = ctx.query[name];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw)) return "\u0000";
  return raw;
}

/** What GET …/holders/ asks: the asking case, the window and the units wanted (each optional). */
export interface HoldersQuery {
  caseId?: number;
  start?: Date;
  end?: Date;
  quantity?: number;
  more: number;
}

const bad = (field: string, message: string) => new HttpError(400, { [field]: [message] });

function count(ctx: Context, name: string, min: number): number | undefined {
  const raw = single(ctx, name);
  if (raw === undefined) return undefined;
  // No more units can be wanted (or be in the way) than an item can hold.
  const n = readWholeNumber(raw, min, STOCK_MAX);
  if (typeof n !== "number") throw bad(name, min === 0 ? t.moreInvalid : t.quantityInvalid);
  return n;
}

export function readHoldersQuery(ctx: Context): HoldersQuery {
  const caseId = single(ctx, "case") === undefined ? undefined : queryIdParam(ctx, "case");
  const at = (name: "start" | "end") => {
    const raw = single(ctx, name);
    if (raw === undefined) return undefined;
    const date = readTimestamp(raw, ja.allocation.invalidDateTime);
    if (typeof date === "string") throw bad(name, date);
    return date;
  };
  const start = at("start");
  const end = at("end");
  if ((start === undefined) !== (end === undefined)) throw bad(start ? "end" : "start", t.periodBoth);
  if (start && end && start > end) throw bad("end", t.periodOrder);
  if (caseId === undefined && start === undefined) throw bad("start", t.periodRequired);
  return { caseId, start, end, quantity: count(ctx, "quantity", 1), more: count(ctx, "more", 0) ?? 1 };
}

/** What GET …/timeline/ asks: an item or a category, the first day and how many weeks. */
export interface TimelineQuery {
  scope: { kind: "item" | "category" | "set"; id: number };
  from?: string;
  weeks: number;
}

export function readTimelineQuery(ctx: Context): TimelineQuery {
  // Exactly one scope: an item, a category, or a set (its parts' lanes together, docs/sets.md).
  const given = (["item", "category", "set"] as const).filter((k) => single(ctx, k) !== undefined);
  if (given.length !== 1) throw new HttpError(400, { detail: t.scopeRequired });
  const kind = given[0]!;
  const scope = { kind, id: queryIdParam(ctx, kind) };
  const from = single(ctx, "from");
  if (from !== undefined) {
    const day = readDay(from);
    if (day === "range") throw bad("from", ja.validation.dayOutOfRange);
    if (day !== from) throw bad("from", t.invalidDay);
  }
  const weeksRaw = single(ctx, "weeks");
  let weeks = DEFAULT_WEEKS;
  if (weeksRaw !== undefined) {
    if (!/^[0-9]{1,2}$/.test(weeksRaw) || Number(weeksRaw) < 1 || Number(weeksRaw) > MAX_WEEKS) {
      throw bad("weeks", t.invalidWeeks(MAX_WEEKS));
    }
    weeks = Number(weeksRaw);
  }
  return { scope, from, weeks };
}
