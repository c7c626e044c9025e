import type { Context, Next } from "koa";

/**
 * Every answer under /api/ carries `Cache-Control: no-store`: signed-in answers hold a group's data and
 * tokens, and neither a browser's disk cache nor a shared proxy may keep them (a shared computer in a
 * warehouse, a corporate proxy). Set before the route runs, so error answers carry it too.
 */
export function noStoreForApi() {
  return async function noStore(ctx: Context, next: Next) {
    if (ctx.path === "/api" || ctx.path.startsWith("/api/")) ctx.set("Cache-Control", "no-store");
    await next();
  };
}
