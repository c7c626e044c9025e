import Router from "@koa/router";
import { ITEM_CSV_HEADER, ITEM_CSV_SAMPLE } from "@zaiko/common/catalogue/catalogue.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { AppDeps } from "../../deps";
import { attachmentDisposition, toCsv } from "../../lib/csv";

export const TEMPLATE_NAME = "item_template.csv";
const TEMPLATE_PATH = `/download/template/${TEMPLATE_NAME}`;

/** The import template: the header and one example row, UTF-8 with BOM and CRLF (what Excel opens). */
export const TEMPLATE_CSV = toCsv([...ITEM_CSV_HEADER], [[...ITEM_CSV_SAMPLE]]);

/**
 * GET /download/template/item_template.csv, without authentication. The path is compared as sent (still
 * percent-encoded), so `..`, `%2e%2e`, encoded slashes and any other name are a plain 404.
 */
export function templateRoutes(_deps: AppDeps): Router {
  const router = new Router();
  router.get("/download/{*rest}", async (ctx) => {
    if (ctx.path !== TEMPLATE_PATH) {
      ctx.status = 404;
      ctx.body = { detail: ja.errors.notFound };
      return;
    }
    ctx.set("Content-Type", "text/csv; charset=utf-8");
    ctx.set("Content-Disposition", attachmentDisposition(TEMPLATE_NAME));
    ctx.set("Cache-Control", "no-cache");
    ctx.body = TEMPLATE_CSV;
  });
  return router;
}
