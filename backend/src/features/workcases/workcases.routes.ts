import Router from "@koa/router";
import {
  CaseStatusChangeSchema,
  DuplicateWorkCaseSchema,
  WorkCaseCreateSchema,
  WorkCaseWriteSchema,
} from "@zaiko/common/workcases/workcases.schema";
import type { AppDeps } from "../../deps";
import { requireAuth } from "../../middlewares/auth";
import { idParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { overdueWarnings } from "../orderitems";
import {
  createWorkCase,
  deleteWorkCase,
  duplicateWorkCase,
  getWorkCase,
  listWorkCases,
  updateWorkCase,
} from "./workcases.service";
import { changeCaseStatus } from "./workcases.status";

/** Work cases: list, create, detail, edit (moves its order items), delete, duplicate. */
export function workCaseRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/workcaselist/", auth, async (ctx) => {
    ctx.body = await listWorkCases(deps, ctx.state.user);
  });

  router.post("/api/workcases/", auth, async (ctx) => {
    const body = readBody(ctx, WorkCaseCreateSchema);
    ctx.status = 201;
    ctx.body = await createWorkCase(deps, ctx.state.user, body);
  });

  router.get("/api/workcases/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await getWorkCase(deps, ctx.state.user, id);
  });

  router.put("/api/workcases/:id/", auth, async (ctx) => {
    const body = readBody(ctx, WorkCaseWriteSchema);
    const id = idParam(ctx);
    ctx.body = await updateWorkCase(deps, ctx.state.user, id, body);
  });

  router.delete("/api/workcases/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    await deleteWorkCase(deps, ctx.state.user, id);
    ctx.status = 204;
  });

  router.post("/api/workcases/:id/status/", auth, async (ctx) => {
    const change = readBody(ctx, CaseStatusChangeSchema);
    const id = idParam(ctx);
    ctx.body = await changeCaseStatus(deps, ctx.state.user, id, change);
  });
  router.post("/api/duplicate_work_case/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    // The spec's client sends no body; an empty body is the same period.
    const period = readBody(ctx, DuplicateWorkCaseSchema, { optional: true });
    ctx.status = 201;
    ctx.body = await duplicateWorkCase(deps, ctx.state.user, id, period);
  });
  router.get("/api/workcases/:id/overdue/", auth, async (ctx) => {
    ctx.body = await overdueWarnings(deps, ctx.state.user, idParam(ctx));
  });

  return router;
}
