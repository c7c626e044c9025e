import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { readHoldersQuery, readTimelineQuery } from "./availability.input";
import { holdersOfItem, timeline } from "./availability.service";

/**
 * GET /api/availability/items/{id}/holders/ (why is it short?) and GET /api/availability/timeline/ (the
 * availability timeline); docs/availability.md.
 */
export function availabilityRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/availability/items/:itemId/holders/", requireAuth(deps), async (ctx) => {
    const itemId = idParam(ctx, "itemId");
    const query = readHoldersQuery(ctx);
    ctx.body = await holdersOfItem(deps, ctx.state.user, itemId, query);
  });
  router.get("/api/availability/timeline/", requireAuth(deps), async (ctx) => {
    const query = readTimelineQuery(ctx);
    ctx.body = await deps.readViews(() => timeline(deps, ctx.state.user, query));
  });
  return router;
}
