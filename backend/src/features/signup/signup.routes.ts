import Router from "@koa/router";
import { SignupSchema } from "@zaiko/common/auth/auth.schema";
import type { AppDeps } from "../../deps";
import { limitTokenCallsPerIp } from "../../middlewares/rateLimit";
import { readBody } from "../../middlewares/validate";
import { signUp } from "./signup.service";

/** POST /api/signup/ (public). */
export function signupRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post("/api/signup/", limitTokenCallsPerIp(deps.rateLimits), async (ctx) => {
    const body = readBody(ctx, SignupSchema);
    ctx.status = 201;
    ctx.body = await signUp(deps, body);
  });
  return router;
}
