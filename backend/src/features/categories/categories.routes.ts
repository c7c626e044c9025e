import Router from "@koa/router";
import { CategoryWriteSchema } from "@zaiko/common/catalogue/catalogue.schema";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { createCategory, listGroupCategories, removeCategory, updateCategory } from "./categories.service";

/** /api/categories/ */
export function categoryRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/categories/", auth, async (ctx) => {
    ctx.body = await listGroupCategories(deps, ctx.state.user);
  });

  router.post("/api/categories/", auth, async (ctx) => {
    const body = readBody(ctx, CategoryWriteSchema);
    ctx.status = 201;
    ctx.body = await createCategory(deps, ctx.state.user, body);
  });

  router.put("/api/categories/:id/", auth, async (ctx) => {
    const body = readBody(ctx, CategoryWriteSchema);
    const id = idParam(ctx);
    ctx.body = await updateCategory(deps, ctx.state.user, id, body);
  });

  router.delete("/api/categories/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    await removeCategory(deps, ctx.state.user, id);
    ctx.status = 204;
  });

  return router;
}
