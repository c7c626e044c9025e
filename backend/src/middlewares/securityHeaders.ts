import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, Middleware, Next } from "koa";
import helmet from "koa-helmet";

type HelmetOptions = Parameters<typeof helmet>[0];
type HeaderChange = { set: string; value: number | string | readonly string[] } | { remove: string };

/**
 * helmet's security headers, worked out once at start-up and set on every response. With these options
 * helmet writes the same headers on every request (no nonce, nothing read from the request), and running
 * its middlewares per request (a promise, thirteen functions, the CSP string rebuilt) was about 3 % of the
 * '+' button's CPU (docs/benchmarks.md, "Where the app's time goes"). The changes are replayed in helmet's
 * own order on the response, at the same place in the middleware chain as helmet was.
 */
export function securityHeaders(options: HelmetOptions): Middleware {
  const changes: HeaderChange[] = [];
  const recorder = {
    setHeader(name: string, value: number | string | readonly string[]) {
      changes.push({ set: name, value });
      return recorder;
    },
    removeHeader(name: string) {
      changes.push({ remove: name });
    },
  };
  const probe = {
    req: {} as IncomingMessage,
    res: recorder as unknown as ServerResponse,
  } as Context;
  // helmet sets its headers synchronously, before it calls on; what it calls on afterwards is nothing here.
  void helmet(options)(probe, async () => {}).catch(() => {});
  if (changes.length === 0) throw new Error("helmet set no header on its probe response");
  return async function withSecurityHeaders(ctx: Context, next: Next) {
    const res = ctx.res;
    for (const change of changes) {
      if ("set" in change) res.setHeader(change.set, change.value);
      else res.removeHeader(change.remove);
    }
    await next();
  };
}
