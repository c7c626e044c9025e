import type { IncomingMessage, ServerResponse } from "node:http";
import type { Context, Middleware, Next } from "koa";
import helmet from "koa-helmet";

type HelmetOptions = Parameters<typeof helmet>[0];
type HeaderChange = { set: string; value: number | string | readonly string[] } | { remove: string };

/**
 * What a script, a stylesheet, a font or the scanner's WebAssembly of the client's build keeps of helmet's
 * headers: no sniffing of its type, no use by other sites, no referrer from a stylesheet's fetches, HTTPS
 * only. The others (the CSP, frame, opener, agent-cluster and old browsers' headers) act on a document or a
 * worker, and none of these files is one (the service worker and index.html are outside /assets/, and an
 * address there that is no file gets index.html with every header). Sent on each of the 25–70 files a
 * screen loads, they were 0.55 KiB of each answer's 0.95 KiB of headers on a phone's slow link.
 */
const ASSET_HEADERS = new Set([
  "cross-origin-resource-policy",
  "x-content-type-options",
  "referrer-policy",
  "strict-transport-security",
]);

/** A file of the client's build that is never a document (backend/src/spa.ts serves them). */
const BUILD_FILE = /^\/assets\/[^/]+\.(?:js|css|woff2|wasm)$/;

/**
 * helmet's security headers, worked out once at start-up and set on every response. With these options
 * helmet writes the same headers on every request (no nonce, nothing read from the request), and running
 * its middlewares per request (a promise, thirteen functions, the CSP string rebuilt) was about 3 % of the
 * '+' button's CPU (docs/benchmarks.md, "Where the app's time goes"). The changes are replayed in helmet's
 * own order on the response, at the same place in the middleware chain as helmet was; a file of the
 * client's build that was found keeps only ASSET_HEADERS.
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
  const documentOnly = changes.flatMap((c) =>
    "set" in c && !ASSET_HEADERS.has(c.set.toLowerCase()) ? [c.set] : [],
  );
  return async function withSecurityHeaders(ctx: Context, next: Next) {
    const res = ctx.res;
    for (const change of changes) {
      if ("set" in change) res.setHeader(change.set, change.value);
      else res.removeHeader(change.remove);
    }
    await next();
    // Only once the file has been found: a refusal or index.html in its place keeps every header.
    if ((ctx.status === 200 || ctx.status === 304) && BUILD_FILE.test(ctx.path))
      for (const name of documentOnly) res.removeHeader(name);
  };
}
