import Router from "@koa/router";
import { ITEM_CSV_HEADER, ITEM_CSV_SAMPLE } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import { SET_CSV_HEADER, SET_CSV_SAMPLES } from "@zaiko/common/sets/sets.schema";
import type { AppDeps } from "../../deps";
import { attachmentDisposition, toCsv } from "../../lib/csv";

export const TEMPLATE_NAME = "item_template.csv";
/** The set import's template (docs/sets.md, "CSV import"). */
export const SET_TEMPLATE_NAME = "set_template.csv";

/** The import templates: the header and the example rows, UTF-8 with BOM and CRLF (what Excel opens). */
export const TEMPLATE_CSV = toCsv([...ITEM_CSV_HEADER], [[...ITEM_CSV_SAMPLE]]);
export const SET_TEMPLATE_CSV = toCsv(
  [...SET_CSV_HEADER],
  SET_CSV_SAMPLES.map((row) => [...row]),
);

const TEMPLATES = new Map([
  [`/download/template/${TEMPLATE_NAME}`, { name: TEMPLATE_NAME, body: TEMPLATE_CSV }],
  [`/download/template/${SET_TEMPLATE_NAME}`, { name: SET_TEMPLATE_NAME, body: SET_TEMPLATE_CSV }],
]);

/**
 * GET /download/template/item_template.csv and set_template.csv, without authentication. The path is compared
 * as sent (still percent-encoded), so `..`, `%2e%2e`, encoded slashes and any other name are a plain 404.
 */
export function templateRoutes(_deps: AppDeps): Router {
  const router = new Router();
  router.get("/download/{*rest}", async (ctx) => {
    const template = TEMPLATES.get(ctx.path);
    if (!template) {
      ctx.status = 404;
      ctx.body = { detail: ja.errors.notFound };
      return;
    }
    ctx.set("Content-Type", "text/csv; charset=utf-8");
    ctx.set("Content-Disposition", attachmentDisposition(template.name));
    ctx.set("Cache-Control", "no-cache");
    ctx.body = template.body;
  });
  return router;
}
