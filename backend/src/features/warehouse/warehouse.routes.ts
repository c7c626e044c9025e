import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import { isCalendarDay } from "@zaiko/common/warehouse/warehouse.schema";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { assertGroupQuery } from "../../middlewares/groupScope";
import { warehouseBoard } from "./warehouse.service";

/** GET /api/warehouse/?date=YYYY-MM-DD: the warehouse board (read only; toggles use PATCH /api/orderitems/). */
export function warehouseRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/warehouse/", requireAuth(deps), async (ctx) => {
    assertGroupQuery(ctx);
    const raw = ctx.query.date;
    if (raw !== undefined && (typeof raw !== "string" || (raw !== "" && !isCalendarDay(raw))))
      throw httpError(400, ja.warehouse.invalidDate);
    ctx.body = await warehouseBoard(deps, ctx.state.user, raw || undefined);
  });
  return router;
}
