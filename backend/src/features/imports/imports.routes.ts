import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import type { AppDeps } from "../../deps";
import { HttpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { CSV_MAX_BYTES, readItemCsv } from "./csvFile.input";
import { importFailed, importItems } from "./imports.service";
import { readUploadedFile } from "./multipart.input";

/** POST /api/import-item-csv/ (multipart, field csv_file). */
export function importRoutes(deps: AppDeps): Router {
  const router = new Router();
  router.post("/api/import-item-csv/", requireAuth(deps), async (ctx) => {
    const file = await readUploadedFile(ctx.req, "csv_file", CSV_MAX_BYTES);
    if (!file) throw new HttpError(400, { csv_file: [ja.imports.fileRequired] });
    const read = await readItemCsv(file);
    if (!read.ok) {
      if (read.status === 413) throw new HttpError(413, { detail: read.detail });
      throw importFailed(read.errors);
    }
    const result = await importItems(deps, ctx.state.user, read.rows);
    // Every row of the file is accounted for: registered, updated, or the template's example left in.
    ctx.body = { ...result, skipped: read.skippedSamples };
  });
  return router;
}
