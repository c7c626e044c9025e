import Router from "@koa/router";
import { HistoryExportQuerySchema } from "@zaiko/common/history/history.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { Context } from "koa";
import type { AppDeps } from "../../deps";
import { attachmentDisposition, toCsv } from "../../lib/csv";
import { httpError } from "../../lib/httpError";
import { requireAuth, requirePermission } from "../../middlewares/auth";
import { queryIdParam } from "../../middlewares/params";
import { historyCsvRows, historyOf, historyOfUnit } from "./history.service";

/** An optional query id: absent is undefined, anything but a valid id is a 404 (middlewares/params.ts). */
const optionalId = (ctx: Context, name: string) =>
  ctx.query[name] === undefined ? undefined : queryIdParam(ctx, name);

/** 履歴 (docs/history.md): a case's, an item's or a unit's entries, and the owner's CSV of a period. */
export function historyRoutes(deps: AppDeps): Router {
  const router = new Router();
  const auth = requireAuth(deps);

  router.get("/api/history/", auth, async (ctx) => {
    const caseId = optionalId(ctx, "work_case");
    const itemId = optionalId(ctx, "item");
    const unitId = optionalId(ctx, "unit");
    const before = optionalId(ctx, "before");
    // Exactly one of the three: a case's history, an item's or a unit's.
    const given = [caseId, itemId, unitId].filter((id) => id !== undefined).length;
    if (given !== 1) throw httpError(404, ja.errors.notFound);
    if (unitId !== undefined) {
      ctx.body = await historyOfUnit(deps, ctx.state.user, unitId, before);
      return;
    }
    ctx.body = await historyOf(
      deps,
      ctx.state.user,
      caseId !== undefined ? { caseId } : { itemId: itemId! },
      before,
    );
  });

  router.get("/api/history/export/", auth, requirePermission("history.export"), async (ctx) => {
    const period = HistoryExportQuerySchema.safeParse({ from: ctx.query.from, to: ctx.query.to });
    if (!period.success) throw httpError(400, ja.history.invalidPeriod);
    const filter = { caseId: optionalId(ctx, "work_case"), itemId: optionalId(ctx, "item") };
    const rows = await historyCsvRows(deps, ctx.state.user, period.data, filter);
    ctx.set("Content-Type", "text/csv; charset=utf-8");
    ctx.set(
      "Content-Disposition",
      attachmentDisposition(`history_${period.data.from}_${period.data.to}.csv`),
    );
    ctx.set("Cache-Control", "no-store");
    ctx.body = toCsv([...ja.history.csvHeader], rows);
  });

  return router;
}
