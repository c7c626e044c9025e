import Router from "@koa/router";
import { readDay } from "@zaiko/common/input";
import { ja } from "@zaiko/common/messages/ja";
import type { Context } from "koa";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { warehouseBoard, warehouseOverdue } from "./warehouse.service";

/** The board's `date` query ("YYYY-MM-DD", or absent / "" for today); 400 otherwise. */
function boardDay(ctx: Context): string | undefined {
  const raw = ctx.query.date;
  if (raw === undefined || raw === "") return undefined;
  const day = readDay(raw);
  if (day === "range") throw httpError(400, ja.validation.dayOutOfRange);
  if (day === "invalid" || day === "missing") throw httpError(400, ja.warehouse.invalidDate);
  return day;
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
