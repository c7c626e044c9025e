import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import { orderItemPatchSchema } from "@zaiko/common/orderitems/orderitems.schema";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { assertGroupQuery } from "../../middlewares/groupScope";
import { idParam, queryIdParam } from "../../middlewares/params";
import { jsonBody, parseOr400 } from "../../middlewares/validate";
import { addItem, listOrderItems, patchOrderItem, reduceItem } from "./orderitems.service";

/** Shipped items of a case: list, add one, reduce one, issue / receive / edit. */
export function orderItemRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/orderitems/", auth, async (ctx) => {
    assertGroupQuery(ctx);
    ctx.body = await listOrderItems(deps, ctx.state.user, queryIdParam(ctx, "work_case"));
  });

  router.post("/api/additem/:itemId/:caseId/", auth, async (ctx) => {
    ctx.body = await addItem(deps, ctx.state.user, idParam(ctx, "itemId"), idParam(ctx, "caseId"));
  });

  router.post("/api/reduceitem/:itemId/:caseId/", auth, async (ctx) => {
    ctx.body = await reduceItem(deps, ctx.state.user, idParam(ctx, "itemId"), idParam(ctx, "caseId"));
  });

  router.patch("/api/orderitems/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    const body = jsonBody(ctx);
    const schema = orderItemPatchSchema(body);
    if (!schema) throw httpError(400, ja.allocation.patchForm);
    ctx.body = await patchOrderItem(deps, ctx.state.user, id, parseOr400(schema, body));
  });

  return router;
}
