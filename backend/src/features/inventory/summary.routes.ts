import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { inventorySummary } from "./summary.service";

/**
 * GET /api/inventorysummary/{caseId}/summary/. The fan-out of every committed `stock.changed` to the watched
 * case rooms (inventoryChanged.service.ts) is wired in server.ts.
 */
export function summaryRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/inventorysummary/:caseId/summary/", requireAuth(deps), async (ctx) => {
    const caseId = idParam(ctx, "caseId");
    ctx.body = await deps.readViews(() => inventorySummary(deps, ctx.state.user, caseId));
  });
  return router;
}
