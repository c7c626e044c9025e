import { Writable } from "node:stream";
import Koa from "koa";
import helmet from "koa-helmet";
import request from "supertest";
import { createLogger } from "../lib/logger";
import { requestContext } from "./requestContext";
import { securityHeaders } from "./securityHeaders";

/** The options app.ts gives helmet, with and without HTTPS. */
const optionsOf = (secure: boolean) => ({
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", "data:", "blob:"],
      fontSrc: ["'self'", "data:"],
      connectSrc: ["'self'", "ws:", "wss:"],
      upgradeInsecureRequests: secure ? [] : null,
    },
  },
  strictTransportSecurity: secure,
});

/** Every header of an answer but the ones that change per response. */
async function headersOf(middleware: Koa.Middleware, status: number) {
  const app = new Koa();
  app.use(middleware);
  app.use((ctx) => {
    ctx.status = status;
    ctx.body = { ok: status === 200 };
  });
  const res = await request(app.callback()).get("/x");
  const { date: _date, ...rest } = res.headers;
  return rest;
}

describe("securityHeaders", () => {
  it.each([
    false,
    true,
  ])("sets exactly what helmet sets (HTTPS %s), on answers and refusals", async (secure) => {
    for (const status of [200, 404]) {
      const fromHelmet = await headersOf(helmet(optionsOf(secure)), status);
      const once = await headersOf(securityHeaders(optionsOf(secure)), status);
      expect(once).toEqual(fromHelmet);
      expect(once["content-security-policy"]).toContain("default-src 'self'");
    }
  });
});

describe("requestContext", () => {
  it("writes one request line with the request id, and ctx.log carries the id too", async () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const app = new Koa();
    app.use(requestContext(createLogger("info", sink)));
    app.use((ctx) => {
      if (ctx.path === "/logs") ctx.log.warn({ step: 1 }, "inside");
      ctx.body = { ok: true };
    });
    await request(app.callback()).get("/quiet").set("X-Request-Id", "quiet-1");
    await request(app.callback()).get("/logs").set("X-Request-Id", "logs-1");
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.reqId, l.msg])).toEqual([
      ["quiet-1", "request"],
      ["logs-1", "inside"],
      ["logs-1", "request"],
    ]);
    expect(lines[0]).toMatchObject({ method: "GET", path: "/quiet", status: 200, service: "zaiko" });
  });
});
