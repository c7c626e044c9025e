import Router from "@koa/router";
import { SignupSchema } from "@zaiko/common/auth/auth.schema";
import type { z } from "zod";
import type { AppDeps } from "../../deps";
import { limitTokenCallsPerIp } from "../../middlewares/rateLimit";
import { validate } from "../../middlewares/validate";
import { signUp } from "./signup.service";

/** POST /api/signup/ (public). */
export function signupRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post("/api/signup/", limitTokenCallsPerIp(deps.rateLimits), validate(SignupSchema), async (ctx) => {
    ctx.status = 201;
    ctx.body = await signUp(deps, ctx.state.body as z.output<typeof SignupSchema>);
  });
  return router;
}
