import Router from "@koa/router";
import type { AppDeps } from "../../deps";

/**
 * GET /api/healthz: 200 when the database answers, 503 otherwise (for load balancers). On the embedded
 * database it also tells when the last backup was written and why the last attempt failed, if it did; a
 * failed backup does not make the process unhealthy (restarting it would not help).
 */
export function healthRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/healthz/", async (ctx) => {
    try {
      await deps.database.ping();
      const backup = deps.backups?.status();
      ctx.body = backup ? { status: "ok", db: "ok", backup } : { status: "ok", db: "ok" };
    } catch {
      ctx.status = 503;
      ctx.body = { status: "error", db: "unreachable" };
    }
  });
  return router;
}
