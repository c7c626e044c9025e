import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import { MovementSchema, orderItemPatchSchema } from "@zaiko/common/orderitems/orderitems.schema";
import { ReceiveSchema } from "@zaiko/common/orderitems/outages.schema";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { idParam, queryIdParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { listMovements, postMovement, undoLatestMovement } from "./movements.service";
import { addItem, listOrderItems, patchOrderItem, reduceItem } from "./orderitems.service";
import { listLineHires, postReceive, resolve } from "./outages.service";

/** Shipped items of a case: list, add one, reduce one, issue / receive / edit, movements by quantity. */
export function orderItemRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/orderitems/", auth, async (ctx) => {
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
    const patch = readBody(ctx, (body) => {
      const schema = orderItemPatchSchema(body);
      if (!schema) throw httpError(400, ja.allocation.patchForm);
      return schema;
    });
    ctx.body = await patchOrderItem(deps, ctx.state.user, id, patch);
  });

  // Issue and receive by quantity (docs/lifecycle.md): some units out or back now, the record, the undo.
  router.post("/api/orderitems/:id/issue/", auth, async (ctx) => {
    const id = idParam(ctx);
    const { quantity, units } = readBody(ctx, MovementSchema);
    ctx.body = await postMovement(deps, ctx.state.user, id, "issue", quantity, units);
  });

  // A receive may report units lost or broken (docs/lifecycle.md, return dispositions).
  router.post("/api/orderitems/:id/receive/", auth, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await postReceive(deps, ctx.state.user, id, readBody(ctx, ReceiveSchema));
  });

  router.post("/api/outages/:id/resolve/", auth, async (ctx) => {
    ctx.body = await resolve(deps, ctx.state.user, idParam(ctx));
  });

  router.get("/api/orderitems/:id/movements/", auth, async (ctx) => {
    ctx.body = await listMovements(deps, ctx.state.user, idParam(ctx));
  });

  router.get("/api/orderitems/:id/hires/", auth, async (ctx) => {
    ctx.body = await listLineHires(deps, ctx.state.user, idParam(ctx));
  });

  router.delete("/api/orderitems/:id/movements/latest/", auth, async (ctx) => {
    ctx.body = await undoLatestMovement(deps, ctx.state.user, idParam(ctx));
  });

  return router;
}
