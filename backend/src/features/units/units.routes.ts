import Router from "@koa/router";
import { hasForbiddenCharacter } from "@zaiko/common/input";
import { ja } from "@zaiko/common/messages/ja";
import {
  normalizeTag,
  TrackingSchema,
  UnitCreateSchema,
  UnitEditSchema,
} from "@zaiko/common/units/units.schema";
import type { AppDeps } from "../../deps";
import { attachmentDisposition } from "../../lib/csv";
import { HttpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { idParam, queryIdParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { labelsPdf, readLabelRequest } from "./labels.service";
import {
  addUnit,
  editUnit,
  listUnits,
  lookupUnit,
  resolveUnit,
  retireUnit,
  setTracking,
  unitPage,
} from "./units.service";
import { unitsCsv } from "./unitsCsv.service";

/** 個体管理 (docs/units.md): tracking, units, a unit's page, the scan's look-up, labels and the CSV. */
export function unitRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/units/", auth, async (ctx) => {
    ctx.body = await listUnits(deps, ctx.state.user, queryIdParam(ctx, "item"));
  });

  router.post("/api/units/", auth, async (ctx) => {
    ctx.body = await addUnit(deps, ctx.state.user, readBody(ctx, UnitCreateSchema));
  });

  router.post("/api/units/tracking/", auth, async (ctx) => {
    ctx.body = await setTracking(deps, ctx.state.user, readBody(ctx, TrackingSchema));
  });

  router.get("/api/units/lookup/", auth, async (ctx) => {
    const raw = ctx.query.tag;
    const tag = typeof raw === "string" ? normalizeTag(raw) : "";
    if (tag.length === 0 || tag.length > 200) throw new HttpError(400, { tag: [ja.units.tagRequired] });
    // A query string skips the JSON body's input boundary: NUL would reach PostgreSQL and fail the query.
    if (hasForbiddenCharacter(tag)) throw new HttpError(400, { tag: [ja.validation.forbiddenCharacter] });
    ctx.body = await lookupUnit(deps, ctx.state.user, tag);
  });

  router.get("/api/units/export/", auth, async (ctx) => {
    const item = ctx.query.item === undefined ? undefined : queryIdParam(ctx, "item");
    ctx.body = await unitsCsv(deps, ctx.state.user, item);
    ctx.type = "text/csv; charset=utf-8";
    ctx.set("Content-Disposition", attachmentDisposition(ja.units.csvName));
  });

  router.get("/api/units/labels/", auth, async (ctx) => {
    const request = readLabelRequest(ctx.query);
    ctx.body = Buffer.from(await labelsPdf(deps, ctx.state.user, request));
    ctx.type = "application/pdf";
    ctx.set("Content-Disposition", attachmentDisposition("labels.pdf"));
  });

  router.get("/api/units/:id/", auth, async (ctx) => {
    ctx.body = await unitPage(deps, ctx.state.user, idParam(ctx));
  });

  router.patch("/api/units/:id/", auth, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await editUnit(deps, ctx.state.user, id, readBody(ctx, UnitEditSchema));
  });

  router.post("/api/units/:id/retire/", auth, async (ctx) => {
    ctx.body = await retireUnit(deps, ctx.state.user, idParam(ctx));
  });

  router.post("/api/units/:id/resolve/", auth, async (ctx) => {
    ctx.body = await resolveUnit(deps, ctx.state.user, idParam(ctx));
  });

  return router;
}
