import { bodyParser } from "@koa/bodyparser";
import { ja } from "@zaiko/common/messages/ja";
import Koa from "koa";
import type { AppDeps } from "./deps";
import { authRoutes } from "./features/auth/auth.routes";
import { availabilityRoutes } from "./features/availability/availability.routes";
import { calendarRoutes } from "./features/calendar/calendar.routes";
import { categoryRoutes } from "./features/categories/categories.routes";
import { deliveryRoutes } from "./features/delivery/delivery.routes";
import { exportRoutes } from "./features/exports/exports.routes";
import { groupRoutes } from "./features/groups/groups.routes";
import { healthRoutes } from "./features/health/health.routes";
import { historyRoutes } from "./features/history/history.routes";
import { importRoutes } from "./features/imports/imports.routes";
import { templateRoutes } from "./features/imports/template.routes";
import { summaryRoutes } from "./features/inventory/summary.routes";
import { itemRoutes } from "./features/items/items.routes";
import { weeklyRoutes } from "./features/items/weekly.routes";
import { memberRoutes } from "./features/members/members.routes";
import { notificationRoutes } from "./features/notifications/notifications.routes";
import { orderItemRoutes } from "./features/orderitems/orderitems.routes";
import { setRoutes } from "./features/sets/sets.routes";
import { signupRoutes } from "./features/signup/signup.routes";
import { subRentalRoutes } from "./features/subrentals/subrentals.routes";
import { unitRoutes } from "./features/units/units.routes";
import { warehouseRoutes } from "./features/warehouse/warehouse.routes";
import { workCaseRoutes } from "./features/workcases/workcases.routes";
import { HttpError } from "./lib/httpError";
import { apiRoutes } from "./middlewares/apiRoutes";
import { compressJson } from "./middlewares/compression";
import { countWrites } from "./middlewares/countWrites";
import { errorHandler } from "./middlewares/errors";
import { jsonBytes } from "./middlewares/jsonBytes";
import { noStoreForApi } from "./middlewares/noStore";
import { requestContext } from "./middlewares/requestContext";
import { securityHeaders } from "./middlewares/securityHeaders";
import { safeJsonInput } from "./middlewares/validate";
import { serveClient } from "./spa";

/** JSON bodies above this are refused with 413 (file uploads use their own limits). */
export const JSON_BODY_LIMIT = "256kb";

/**
 * The body parser's errors: a body that its `Content-Encoding` (gzip, deflate, br) does not decode fails
 * inside zlib, with an errno and no HTTP status, and would be a 500; it is the client's mistake, a 400.
 * Everything else keeps its own status (413, 415, malformed JSON) for the error handler.
 */
function refuseUndecodableBody(err: Error): never {
  if (typeof (err as NodeJS.ErrnoException).errno === "number" && !("status" in err)) {
    throw new HttpError(400, { detail: ja.errors.badContentEncoding });
  }
  throw err;
}

/** Every feature's routes; later features add theirs here. */
const features = [
  healthRoutes,
  authRoutes,
  groupRoutes,
  signupRoutes,
  memberRoutes,
  categoryRoutes,
  itemRoutes,
  weeklyRoutes,
  importRoutes,
  exportRoutes,
  workCaseRoutes,
  orderItemRoutes,
  setRoutes,
  unitRoutes,
  subRentalRoutes,
  summaryRoutes,
  warehouseRoutes,
  availabilityRoutes,
  historyRoutes,
  notificationRoutes,
  deliveryRoutes,
  calendarRoutes,
];

/**
 * Routes outside /api that must answer before the static client files: koa-static would turn a path trick
 * under /download/ into a 403/400 before any feature saw it, and the contract is a 404.
 */
const beforeClient = [templateRoutes];

/** Builds the Koa app with the middleware order in one place. */
export function createApp(deps: AppDeps): Koa {
  // Behind trusted proxies, the client address is the X-Forwarded-For entry the nearest trusted proxy added
  // (maxIpsCount: only the last TRUST_PROXY_HOPS entries count), never one the client wrote itself.
  const { trustProxy, trustProxyHops } = deps.config;
  const app = new Koa({ proxy: trustProxy, maxIpsCount: trustProxyHops });
  // Errors after the response started (a streamed file whose client went away) reach here, not the error
  // middleware. A client that left is not the server's fault: no stack on stderr for it (Koa's default).
  app.on("error", (err: NodeJS.ErrnoException) => {
    const clientLeft = ["ERR_STREAM_PREMATURE_CLOSE", "ECONNRESET", "EPIPE"].includes(err.code ?? "");
    if (clientLeft) deps.logger.debug({ code: err.code }, "client closed the connection during a response");
    else deps.logger.error({ err }, "error after the response started");
  });
  app.use(requestContext(deps.logger));
  // Outside the error handler, so that large error answers are compressed too.
  app.use(compressJson());
  app.use(errorHandler());
  // Inside the error handler, so that a body that cannot be serialised becomes its logged 500.
  app.use(jsonBytes());
  app.use(noStoreForApi());
  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The board's camera scanner compiles ZXing's WebAssembly where the browser has no BarcodeDetector
          // (docs/units.md); 'wasm-unsafe-eval' allows compiling WebAssembly only, never eval of JavaScript.
          scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
          // PrimeReact positions overlays with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", "data:", "blob:"],
          fontSrc: ["'self'", "data:"],
          connectSrc: ["'self'", "ws:", "wss:"],
          upgradeInsecureRequests: deps.config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: deps.config.secureCookies,
    }),
  );
  for (const feature of beforeClient) {
    const router = feature(deps);
    app.use(router.routes()).use(router.allowedMethods());
  }
  for (const mw of serveClient(deps.config.clientDir)) app.use(mw);
  app.use(
    bodyParser({
      enableTypes: ["json"],
      jsonLimit: JSON_BODY_LIMIT,
      encoding: "utf-8",
      // Only JSON is parsed; the strict parser refuses bare primitives.
      jsonStrict: true,
      onError: refuseUndecodableBody,
    }),
  );
  app.use(safeJsonInput());
  // Counted once the body has arrived: a client that sends its body slowly holds no fan-out back.
  app.use(countWrites(deps.writes));
  // Unmatched API calls answer JSON: 405 (with Allow, set by the routers) or 404.
  app.use(async function apiFallback(ctx, next) {
    await next();
    if (!(ctx.path.startsWith("/api/") || ctx.path === "/api") || ctx.body !== undefined) return;
    // Koa's 404 is implicit; setting a body would turn it into 200, so the status is set again.
    if (ctx.status === 405) ctx.body = { detail: ja.errors.methodNotAllowed };
    else if (ctx.status === 404) {
      ctx.status = 404;
      ctx.body = { detail: ja.errors.apiNotFound };
    }
  });
  // Routes are declared with the spec's trailing slash; the same path without it answers the same way.
  app.use(async function trailingSlash(ctx, next) {
    if (ctx.path.startsWith("/api/") && !ctx.path.endsWith("/")) ctx.path = `${ctx.path}/`;
    await next();
  });
  // The features' routes, matched by their first segment (middlewares/apiRoutes.ts): a request is matched
  // once, against the routes of its segment, instead of passing through a routes() and an allowedMethods()
  // middleware of each feature. The feature routers have no router-level middleware, which this would drop.
  app.use(apiRoutes(features.map((feature) => feature(deps))));
  return app;
}
