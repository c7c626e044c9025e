import Router from "@koa/router";
import { ItemWriteSchema } from "@zaiko/common/catalogue/catalogue.schema";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { createItem, editItem, itemAllocations, relatedItems, removeItem } from "./items.service";
import { listOutagesOfItem } from "./outages.service";

/** /api/items/ (list by category, create, edit, delete, an item's allocations and outages). The weekly view: weekly.routes.ts. */
export function itemRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/items/", auth, async (ctx) => {
    const raw = ctx.query.category;
    const categoryId = typeof raw === "string" && /^[0-9]{1,9}$/.test(raw) ? Number(raw) : undefined;
    ctx.body = categoryId === undefined ? [] : await relatedItems(deps, ctx.state.user, categoryId);
  });

  router.get("/api/items/:id/allocations/", auth, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await itemAllocations(deps, ctx.state.user, id);
  });

  router.get("/api/items/:id/outages/", auth, async (ctx) => {
    ctx.body = await listOutagesOfItem(deps, ctx.state.user, idParam(ctx));
  });

  router.post("/api/items/", auth, async (ctx) => {
    const body = readBody(ctx, ItemWriteSchema);
    ctx.status = 201;
    ctx.body = await createItem(deps, ctx.state.user, body);
  });

  router.put("/api/items/:id/", auth, async (ctx) => {
    const body = readBody(ctx, ItemWriteSchema);
    const id = idParam(ctx);
    ctx.body = await editItem(deps, ctx.state.user, id, body);
  });

  router.delete("/api/items/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    await removeItem(deps, ctx.state.user, id);
    ctx.status = 204;
  });

  return router;
}
