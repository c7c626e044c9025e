import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { parseWeek } from "./week.input";
import { weeklyItems } from "./weekly.service";

/** GET /api/items/{y}/{m}/{d}/: the item screen's week. */
export function weeklyRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/items/:y/:m/:d/", requireAuth(deps), async (ctx) => {
    const week = parseWeek(ctx.params.y, ctx.params.m, ctx.params.d);
    if (week === "range") throw httpError(400, ja.validation.dayOutOfRange);
    if (week === "invalid") throw httpError(400, ja.catalogue.invalidDate);
    ctx.body = await deps.readViews(() => weeklyItems(deps, ctx.state.user, week));
  });
  return router;
}
