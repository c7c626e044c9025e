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

/**
 * Gives every request an id (kept from a proxy's X-Request-Id when sane) and a logger that carries it.
 * The request's child logger is made when something first logs through `ctx.log`: most requests never do,
 * and making one (pino's bindings and redaction set-up) was a measurable share of the '+' button's CPU
 * (docs/benchmarks.md, "Where the app's time goes"). The request line itself is the parent logger's with the
 * same `reqId` field, the line a child would have written.
 */
export function requestContext(logger: Logger) {
  return async function withRequestContext(ctx: Context, next: Next) {
    const incoming = ctx.get("X-Request-Id");
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    ctx.requestId = requestId;
    ctx.set("X-Request-Id", requestId);
    let child: Logger | undefined;
    Object.defineProperty(ctx, "log", {
      configurable: true,
      enumerable: true,
      get: () => {
        child ??= logger.child({ reqId: requestId });
        return child;
      },
    });
    const started = performance.now();
    try {
      // Work started by this request (streams, timers) knows its id: the process guard logs it.
      await requestScope.run({ requestId }, next);
    } finally {
      if (logger.isLevelEnabled("info")) {
        logger.info(
          {
            reqId: requestId,
            method: ctx.method,
            path: ctx.path,
            status: ctx.status,
            ms: Math.round(performance.now() - started),
          },
          "request",
        );
      }
    }
  };
}
