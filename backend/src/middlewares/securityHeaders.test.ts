import Koa from "koa";
import helmet from "koa-helmet";
import request from "supertest";
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
