import Router from "@koa/router";
import type { AppDeps } from "../../deps";

/** GET /api/healthz: 200 when the database answers, 503 otherwise (for load balancers). */
export function healthRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/healthz/", async (ctx) => {
    try {
      await deps.database.ping();
      ctx.body = { status: "ok", db: "ok" };
    } catch {
      ctx.status = 503;
      ctx.body = { status: "error", db: "unreachable" };
    }
  });
  return router;
}
