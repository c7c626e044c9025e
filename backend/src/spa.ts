import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isClientRoute } from "@zaiko/common/clientRoutes";
import type { Context, Middleware, Next } from "koa";
import serve from "koa-static";

// The client's routes (CLIENT_ROUTES) live in common/src/clientRoutes.ts: the service worker's navigation
// fallback takes the same list (frontend/build/pwa.ts).
export { isClientRoute };

/** Hashed file names change with their content: a year, never revalidated. */
export const IMMUTABLE_CACHE = "public, max-age=31536000, immutable";
/** index.html names the current hashed files: always revalidated, so a deploy is picked up at once. */
export const REVALIDATE_CACHE = "no-cache";
/**
 * The service worker and the web app manifest: revalidated on every check, so a deploy's new worker (and
 * with it the new client, docs/frontend.md "Installable app") is found at the next navigation or update
 * check instead of an hour later. Browsers cap a worker's HTTP cache at 24 hours anyway.
 */
const SERVICE_WORKER_FILES = new Set(["sw.js", "manifest.webmanifest"]);
/** Other files at the root (robots.txt, an icon): an hour. */
const ROOT_FILE_CACHE = "public, max-age=3600";

/**
 * Serves the built client: hashed assets with a long cache, and index.html (revalidated, with an ETag)
 * for every non-API GET. The build writes a brotli (.br) and a gzip (.gz) copy beside each text file
 * (frontend/vite.config.ts); koa-send picks the one the client accepts and sets Content-Encoding, and
 * `compressJson` (app.ts) has already set `Vary: Accept-Encoding`. No Accept-Encoding: the plain file.
 */
export function serveClient(clientDir: string): Middleware[] {
  const indexFile = path.join(clientDir, "index.html");
  const assets = serve(clientDir, {
    index: false,
    brotli: true,
    gzip: true,
    setHeaders: (res, filePath) => {
      // filePath is the file sent: with .br/.gz when a compressed copy was chosen.
      const sentAs = path.basename(filePath).replace(/\.(br|gz)$/, "");
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader("Cache-Control", IMMUTABLE_CACHE);
      else if (sentAs === "index.html" || SERVICE_WORKER_FILES.has(sentAs))
        res.setHeader("Cache-Control", REVALIDATE_CACHE);
      else res.setHeader("Cache-Control", ROOT_FILE_CACHE);
    },
  });
  let indexHtml: string | undefined;
  let indexEtag = "";
  const fallback = async function spaFallback(ctx: Context, next: Next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return;
    if (ctx.path.startsWith("/api/") || ctx.path.startsWith("/socket.io")) return;
    if (indexHtml === undefined && existsSync(indexFile)) {
      indexHtml = readFileSync(indexFile, "utf8");
      indexEtag = `"${createHash("sha256").update(indexHtml).digest("base64url").slice(0, 27)}"`;
    }
    if (indexHtml === undefined) {
      ctx.status = 404;
      ctx.body = "The web client is not built. Run `npm run build`.";
      return;
    }
    ctx.status = isClientRoute(ctx.path) ? 200 : 404;
    ctx.type = "html";
    ctx.set("Cache-Control", REVALIDATE_CACHE);
    ctx.etag = indexEtag;
    // Koa compares If-None-Match with the ETag (only for a 2xx GET/HEAD): a revalidation costs no body.
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = indexHtml;
  };
  const assetsOutsideApi = async function staticFiles(ctx: Context, next: Next) {
    if (ctx.path.startsWith("/api/") || ctx.path.startsWith("/socket.io")) return next();
    return assets(ctx, next);
  };
  return [fallback, assetsOutsideApi];
}
