import Router from "@koa/router";
import { ja } from "@zaiko/common/messages/ja";
import type { AppDeps } from "../../deps";
import { HttpError } from "../../lib/httpError";
import { requireAuth } from "../../middlewares/auth";
import { CSV_MAX_BYTES, readItemCsv } from "./csvFile.input";
import { importFailed, importItems } from "./imports.service";
import { readUploadedFile } from "./multipart.input";
import { readSetCsv } from "./setCsv.input";
import { importSets } from "./setImport.service";

/** POST /api/import-item-csv/ and /api/import-set-csv/ (multipart, field csv_file). */
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
  // セット品 (docs/sets.md, "CSV import"): one row per part; every part row is in `parts` or `skipped`.
  router.post("/api/import-set-csv/", requireAuth(deps), async (ctx) => {
    const file = await readUploadedFile(ctx.req, "csv_file", CSV_MAX_BYTES);
    if (!file) throw new HttpError(400, { csv_file: [ja.imports.fileRequired] });
    const read = await readSetCsv(file);
    if (!read.ok) {
      if (read.status === 413) throw new HttpError(413, { detail: read.detail });
      throw importFailed(read.errors);
    }
    const result = await importSets(deps, ctx.state.user, read.sets, read.parts);
    ctx.body = { ...result, skipped: read.skippedSamples };
  });
  return router;
}
