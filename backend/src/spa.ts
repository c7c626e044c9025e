import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Context, Middleware, Next } from "koa";
import serve from "koa-static";

/** The client's routes (spec §2). Anything else gets the client's NotFound screen with a 404 status. */
const CLIENT_ROUTES = [
  /^\/$/,
  /^\/workcase\/?$/,
  /^\/category\/?$/,
  /^\/item\/\d{1,4}\/\d{1,2}\/\d{1,2}\/?$/,
  /^\/orderitems\/\d+\/?$/,
  /^\/orderitemslist\/\d+\/?$/,
  /^\/login\/?$/,
  /^\/signup\/?$/,
  /^\/useredit\/\d+\/?$/,
  /^\/user\/?$/,
  /^\/warehouse\/?$/,
];

export const isClientRoute = (p: string) => CLIENT_ROUTES.some((re) => re.test(p));

/**
 * Serves the built client: hashed assets with a long cache, and index.html (never cached, so a deploy
 * is picked up) for every non-API GET.
 */
export function serveClient(clientDir: string): Middleware[] {
  const indexFile = path.join(clientDir, "index.html");
  const assets = serve(clientDir, {
    index: false,
    maxage: 365 * 24 * 3600 * 1000,
    immutable: true,
    setHeaders: (res, filePath) => {
      if (!filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader("Cache-Control", "public, max-age=3600");
    },
  });
  let indexHtml: string | undefined;
  const fallback = async function spaFallback(ctx: Context, next: Next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return;
    if (ctx.path.startsWith("/api/") || ctx.path.startsWith("/socket.io")) return;
    if (indexHtml === undefined && existsSync(indexFile)) indexHtml = readFileSync(indexFile, "utf8");
    if (indexHtml === undefined) {
      ctx.status = 404;
      ctx.body = "The web client is not built. Run `npm run build`.";
      return;
    }
    ctx.status = isClientRoute(ctx.path) ? 200 : 404;
    ctx.type = "html";
    ctx.set("Cache-Control", "no-cache");
    ctx.body = indexHtml;
  };
  const assetsOutsideApi = async function staticFiles(ctx: Context, next: Next) {
    if (ctx.path.startsWith("/api/") || ctx.path.startsWith("/socket.io")) return next();
    return assets(ctx, next);
  };
  return [fallback, assetsOutsideApi];
}
