import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import { SetMoveSchema, SetWriteSchema } from "@zaiko/common/sets/sets.schema";
import type { AppDeps } from "../../deps";
import { httpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { idParam, queryIdParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { parseWeek } from "../items";
import { addSet, listLines, reduceSet } from "./setLines.service";
import { moveSetLine } from "./setMovements.service";
import { createSet, editSet, listSets, removeSet } from "./sets.service";
import { weeklySets } from "./setsWeek.service";

/** セット品 (docs/sets.md): the set catalogue, and sets booked on a case. */
export function setRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/sets/", auth, async (ctx) => {
    ctx.body = await listSets(deps, ctx.state.user);
  });

  // The weekly view's sets, beside the items' unchanged GET /api/items/{y}/{m}/{d}/ (same week rules).
  router.get("/api/sets/week/:y/:m/:d/", auth, async (ctx) => {
    const week = parseWeek(ctx.params.y, ctx.params.m, ctx.params.d);
    if (week === "range") throw httpError(400, ja.validation.dayOutOfRange);
    if (week === "invalid") throw httpError(400, ja.catalogue.invalidDate);
    ctx.body = await deps.readViews(() => weeklySets(deps, ctx.state.user, week));
  });

  router.post("/api/sets/", auth, async (ctx) => {
    const body = readBody(ctx, SetWriteSchema);
    ctx.status = 201;
    ctx.body = await createSet(deps, ctx.state.user, body);
  });

  router.put("/api/sets/:id/", auth, async (ctx) => {
    const body = readBody(ctx, SetWriteSchema);
    ctx.body = await editSet(deps, ctx.state.user, idParam(ctx), body);
  });

  router.delete("/api/sets/:id/", auth, async (ctx) => {
    await removeSet(deps, ctx.state.user, idParam(ctx));
    ctx.status = 204;
  });

  router.get("/api/setlines/", auth, async (ctx) => {
    ctx.body = await listLines(deps, ctx.state.user, queryIdParam(ctx, "work_case"));
  });

  router.post("/api/addset/:setId/:caseId/", auth, async (ctx) => {
    ctx.body = await addSet(deps, ctx.state.user, idParam(ctx, "setId"), idParam(ctx, "caseId"));
  });

  router.post("/api/reduceset/:setId/:caseId/", auth, async (ctx) => {
    const where = { setId: idParam(ctx, "setId"), caseId: idParam(ctx, "caseId") };
    ctx.body = await reduceSet(deps, ctx.state.user, where);
  });

  // A line whose set was deleted has no set id to name: it is reduced by its own id.
  router.post("/api/setlines/:id/reduce/", auth, async (ctx) => {
    ctx.body = await reduceSet(deps, ctx.state.user, { lineId: idParam(ctx) });
  });

  // The warehouse board's 出庫 / 入庫 of a whole set: every part's units for the line's sets at once.
  // A set with tracked parts names their units (docs/units.md): `{units}`, optional.
  router.post("/api/setlines/:id/issue/", auth, async (ctx) => {
    const id = idParam(ctx);
    const { units } = readBody(ctx, SetMoveSchema, { optional: true });
    ctx.body = await moveSetLine(deps, ctx.state.user, id, "issue", units);
  });
  router.post("/api/setlines/:id/receive/", auth, async (ctx) => {
    const id = idParam(ctx);
    const { units } = readBody(ctx, SetMoveSchema, { optional: true });
    ctx.body = await moveSetLine(deps, ctx.state.user, id, "receive", units);
  });

  return router;
}
