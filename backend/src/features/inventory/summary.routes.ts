import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { assertGroupQuery } from "../categories/categories.policy";
import { publishInventoryChanged } from "./inventoryChanged";
import { inventorySummary } from "./summary.service";

/**
 * GET /api/inventorysummary/{caseId}/summary/, and the fan-out of every committed `stock.changed`
 * (allocations, period changes, stock edits, imports, deletes) to the watched case rooms.
 */
export function summaryRoutes(deps: AppDeps): Router {
  deps.realtime.onStockChanged((groupId, change, seq) => publishInventoryChanged(deps, groupId, change, seq));
  const router = new Router();
  router.get("/api/inventorysummary/:caseId/summary/", requireAuth(deps), async (ctx) => {
    const caseId = idParam(ctx, "caseId");
    assertGroupQuery(ctx);
    ctx.body = await deps.readViews(() => inventorySummary(deps, ctx.state.user, caseId));
  });
  return router;
}
