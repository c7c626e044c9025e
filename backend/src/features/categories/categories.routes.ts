import Router from "@koa/router";
import { CategoryWriteSchema } from "@zaiko/common/catalogue/catalogue.schema";
import type { z } from "zod";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";

import { idParam } from "../../middlewares/params";
import { validate } from "../../middlewares/validate";
import { createCategory, listGroupCategories, removeCategory, updateCategory } from "./categories.service";

type CategoryWrite = z.output<typeof CategoryWriteSchema>;

/** /api/categories/ */
export function categoryRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/categories/", auth, async (ctx) => {
    ctx.body = await listGroupCategories(deps, ctx.state.user);
  });

  router.post("/api/categories/", auth, validate(CategoryWriteSchema), async (ctx) => {
    const body = ctx.state.body as CategoryWrite;
    ctx.status = 201;
    ctx.body = await createCategory(deps, ctx.state.user, body.category);
  });

  router.put("/api/categories/:id/", auth, validate(CategoryWriteSchema), async (ctx) => {
    const id = idParam(ctx);
    const body = ctx.state.body as CategoryWrite;
    ctx.body = await updateCategory(deps, ctx.state.user, id, body.category);
  });

  router.delete("/api/categories/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    await removeCategory(deps, ctx.state.user, id);
    ctx.status = 204;
  });

  return router;
}
