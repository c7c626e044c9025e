import { randomUUID } from "node:crypto";
import type { Context, Next } from "koa";
import type { Logger } from "../lib/logger";
import { requestScope } from "../lib/requestScope";

declare module "koa" {
  interface DefaultContext {
    log: Logger;
    requestId: string;
  }
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Gives every request an id (kept from a proxy's X-Request-Id when sane) and a logger that carries it. */
export function requestContext(logger: Logger) {
  return async function withRequestContext(ctx: Context, next: Next) {
    const incoming = ctx.get("X-Request-Id");
    ctx.requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.set("X-Request-Id", ctx.requestId);
    ctx.log = logger.child({ reqId: ctx.requestId });
    const started = performance.now();
    try {
      // Work started by this request (streams, timers) knows its id: the process guard logs it.
      await requestScope.run({ requestId: ctx.requestId }, next);
    } finally {
      ctx.log.info(
        {
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  };
}
