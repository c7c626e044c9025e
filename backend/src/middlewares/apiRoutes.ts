import Router, { type RouterMiddleware } from "@koa/router";
import type { Context, Middleware, Next } from "koa";

/** `additem` of `/api/additem/1/2/`; "" for a path outside `/api/<segment>`. */
const firstSegment = (path: string): string => {
  if (!path.startsWith("/api/")) return "";
  const end = path.indexOf("/", 5);
  return path.slice(5, end === -1 ? undefined : end);
};

/**
 * Every feature's API routes, matched by the first segment after `/api/` first: a request is tested against
 * the few routes of its segment (at most ten) instead of all of them. @koa/router tests every route's
 * pattern on each request; at 100 routes that was 3–4 % of the '+' button's CPU, twice what it was at 51
 * (docs/benchmarks.md, "Where the app's time goes"). One path's methods all share its segment, so each
 * segment's router answers 405 with Allow, and an unknown segment falls through to the API's JSON 404, as
 * one router did. Every route path must start with `/api/` and a fixed segment (checked here at start-up).
 */
export function apiRoutes(routers: Router[]): Middleware {
  const bySegment = new Map<string, Router>();
  for (const router of routers) {
    for (const layer of router.stack) {
      const segment = typeof layer.path === "string" ? firstSegment(layer.path) : "";
      if (!segment || segment.includes(":") || segment.includes("{")) {
        throw new Error(`API route ${String(layer.path)} does not start with /api/ and a fixed segment`);
      }
      let sub = bySegment.get(segment);
      if (!sub) {
        sub = new Router();
        bySegment.set(segment, sub);
      }
      // HEAD is added again by the route for GET (as router.get did).
      const methods = layer.methods.filter((m) => m !== "HEAD");
      sub.register(layer.path, methods, layer.stack as RouterMiddleware[], layer.opts);
    }
  }
  const dispatch = new Map<string, Middleware>();
  for (const [segment, router] of bySegment) {
    const routes = router.routes();
    const allowed = router.allowedMethods();
    dispatch.set(segment, (ctx, next) => routes(ctx as never, () => allowed(ctx as never, next)));
  }
  return function apiRouter(ctx: Context, next: Next) {
    const routes = dispatch.get(firstSegment(ctx.path));
    return routes ? routes(ctx, next) : next();
  };
}
