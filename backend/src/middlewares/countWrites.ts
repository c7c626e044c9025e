import type { Middleware } from "koa";
import { isWriteMethod } from "../lib/httpMethods";
import type { WritesInFlight } from "../lib/writesInFlight";

/** Counts the API writes while they are served, so that the live fan-out steps aside for them. */
export function countWrites(writes: WritesInFlight): Middleware {
  return async function countWrites(ctx, next) {
    if (!isWriteMethod(ctx.method) || !ctx.path.startsWith("/api/")) {
      await next();
      return;
    }
    const end = writes.begin();
    try {
      await next();
    } finally {
      end();
    }
  };
}
