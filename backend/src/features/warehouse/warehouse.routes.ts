import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import { isCalendarDay } from "@zaiko/common/warehouse/warehouse.schema";
import type { Context } from "koa";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { assertGroupQuery } from "../../middlewares/groupScope";
import { warehouseBoard, warehouseOverdue } from "./warehouse.service";

/** The board's `date` query ("YYYY-MM-DD", or absent / "" for today); 400 otherwise. */
function boardDay(ctx: Context): string | undefined {
  assertGroupQuery(ctx);
  const raw = ctx.query.date;
  if (raw !== undefined && (typeof raw !== "string" || (raw !== "" && !isCalendarDay(raw))))
    throw httpError(400, ja.warehouse.invalidDate);
  return raw || undefined;
}

/** GET /api/warehouse/?date=YYYY-MM-DD: the warehouse board (read only; toggles use PATCH /api/orderitems/). */
export function warehouseRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/warehouse/", requireAuth(deps), async (ctx) => {
    ctx.body = await warehouseBoard(deps, ctx.state.user, boardDay(ctx));
  });
  // The overdue warnings of the board's cases going out (延滞, docs/lifecycle.md), read live beside the board.
  router.get("/api/warehouse/overdue/", requireAuth(deps), async (ctx) => {
    ctx.body = await warehouseOverdue(deps, ctx.state.user, boardDay(ctx));
  });
  return router;
}
