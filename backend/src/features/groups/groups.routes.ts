import Router from "@koa/router";
import { CreateGroupSchema } from "@zaiko/common/groups/groups.schema";
import type { AppDeps } from "../../deps";
import { limitTokenCallsPerIp } from "../../middlewares/rateLimit";
import { readBody } from "../../middlewares/validate";
import { createGroup, listGroups } from "./groups.service";

/** /api/groups/: public, because sign-up needs them before anyone is signed in. */
export function groupRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.get("/api/groups/", async (ctx) => {
    ctx.body = await listGroups(deps);
  });
  router.post("/api/groups/", limitTokenCallsPerIp(deps.rateLimits), async (ctx) => {
    const { name } = readBody(ctx, CreateGroupSchema);
    ctx.status = 201;
    ctx.body = await createGroup(deps, name);
  });
  return router;
}
