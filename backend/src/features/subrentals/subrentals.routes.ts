import Router from "@koa/router";
import { dayStarts } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import {
  SubRentalStatusSchema,
  SubRentalWriteSchema,
  SupplierWriteSchema,
} from "@zaiko/common/subrentals/subrentals.schema";
import type { Context } from "koa";
import type { AppDeps } from "../../deps";
import { attachmentDisposition, toCsv } from "../../lib/csv";
import { HttpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { idParam, queryIdParam } from "../../middlewares/params";
import { readBody } from "../../middlewares/validate";
import { subRentalCsvRows } from "./subrentalCsv.service";
import {
  changeSubRentalStatus,
  createSubRental,
  getSubRental,
  listGroupSubRentals,
  updateSubRental,
} from "./subrentals.service";
import { createSupplier, listGroupSuppliers, removeSupplier, updateSupplier } from "./suppliers.service";

const optionalId = (ctx: Context, name: string) =>
  ctx.query[name] === undefined ? undefined : queryIdParam(ctx, name);

/** `month=YYYY-MM` as its first day and the first day after it (UTC dates; the service reads them in the zone). */
function monthOf(ctx: Context): string | undefined {
  const month = ctx.query.month;
  if (month === undefined) return undefined;
  if (typeof month !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
    throw new HttpError(400, { month: [ja.subrentals.monthInvalid] });
  return month;
}

/** 取引先 /api/suppliers/ and 外部手配 /api/subrentals/ (docs/subrental.md). */
export function subRentalRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/suppliers/", auth, async (ctx) => {
    ctx.body = await listGroupSuppliers(deps, ctx.state.user);
  });
  router.post("/api/suppliers/", auth, async (ctx) => {
    const body = readBody(ctx, SupplierWriteSchema);
    ctx.status = 201;
    ctx.body = await createSupplier(deps, ctx.state.user, body);
  });
  router.put("/api/suppliers/:id/", auth, async (ctx) => {
    const body = readBody(ctx, SupplierWriteSchema);
    ctx.body = await updateSupplier(deps, ctx.state.user, idParam(ctx), body);
  });
  router.delete("/api/suppliers/:id/", auth, async (ctx) => {
    await removeSupplier(deps, ctx.state.user, idParam(ctx));
    ctx.status = 204;
  });

  router.get("/api/subrentals/", auth, async (ctx) => {
    const month = monthOf(ctx);
    const range = month ? monthRange(deps, month) : {};
    ctx.body = await listGroupSubRentals(deps, ctx.state.user, {
      itemId: optionalId(ctx, "item"),
      caseId: optionalId(ctx, "work_case"),
      ...range,
    });
  });
  router.get("/api/subrentals/export/", auth, async (ctx) => {
    const month = monthOf(ctx);
    if (!month) throw new HttpError(400, { month: [ja.subrentals.monthInvalid] });
    const rows = await subRentalCsvRows(deps, ctx.state.user, monthRange(deps, month));
    ctx.set("Content-Type", "text/csv; charset=utf-8");
    ctx.set("Content-Disposition", attachmentDisposition(`subrentals_${month}.csv`));
    ctx.body = toCsv([...ja.subrentals.csvHeader], rows);
  });
  router.post("/api/subrentals/", auth, async (ctx) => {
    const body = readBody(ctx, SubRentalWriteSchema);
    ctx.status = 201;
    ctx.body = await createSubRental(deps, ctx.state.user, body);
  });
  router.get("/api/subrentals/:id/", auth, async (ctx) => {
    ctx.body = await getSubRental(deps, ctx.state.user, idParam(ctx));
  });
  router.put("/api/subrentals/:id/", auth, async (ctx) => {
    const body = readBody(ctx, SubRentalWriteSchema);
    ctx.body = await updateSubRental(deps, ctx.state.user, idParam(ctx), body);
  });
  router.post("/api/subrentals/:id/status/", auth, async (ctx) => {
    const body = readBody(ctx, SubRentalStatusSchema);
    ctx.body = await changeSubRentalStatus(deps, ctx.state.user, idParam(ctx), body);
  });

  return router;
}

/** A month of the business zone as [first instant, first instant of the next month). */
function monthRange(deps: AppDeps, month: string): { from: Date; to: Date } {
  const [y, mo] = month.split("-").map(Number) as [number, number];
  const next = mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, "0")}`;
  const [from, to] = dayStarts(`${month}-01`, 1, deps.config.timeZone).concat(
    dayStarts(`${next}-01`, 1, deps.config.timeZone),
  );
  return { from: new Date(from!), to: new Date(to!) };
}
