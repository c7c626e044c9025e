import Router from "@koa/router";
import type { AppDeps } from "../../deps";
import { attachmentDisposition } from "../../lib/csv";
import { requireAuth } from "../../middlewares/auth";
import { readBody } from "../../middlewares/validate";
import { presentWorkbook, XLSX_CONTENT_TYPE } from "./exports.presenter";
import { ExportExcelSchema } from "./exports.schema";
import { caseForExport } from "./exports.service";

/** POST /api/export-excel/: the case's shipped items as an .xlsx named after the case. */
export function exportRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post("/api/export-excel/", requireAuth(deps), async (ctx) => {
    const body = readBody(ctx, ExportExcelSchema);
    const { workCase, lines } = await caseForExport(
      deps,
      ctx.state.user,
      body.workcaseDetail.id,
      body.order_items,
    );
    const file = await presentWorkbook(workCase, lines, deps.config.timeZone);
    ctx.set("Content-Type", XLSX_CONTENT_TYPE);
    ctx.set("Content-Disposition", attachmentDisposition(`${workCase.title}.xlsx`));
    ctx.set("Cache-Control", "no-store");
    ctx.body = file;
  });
  return router;
}
