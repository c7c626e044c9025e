import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Koa from "koa";
import helmet from "koa-helmet";
import request from "supertest";
import { serveClient } from "../spa";
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

describe("securityHeaders on the client's files", () => {
  let dir: string;
  let server: ReturnType<Koa["callback"]>;

  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "zaiko-headers-"));
    mkdirSync(path.join(dir, "assets"));
    writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>在庫管理</title>");
    writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
    writeFileSync(path.join(dir, "assets", "index-AbCd1234.js"), "export {};");
    writeFileSync(path.join(dir, "assets", "theme-AbCd1234.css"), "body{margin:0}");
    const app = new Koa();
    // supertest may close the connection as a file's stream ends, which Koa would print as an error.
    app.silent = true;
    app.use(securityHeaders(optionsOf(true)));
    for (const mw of serveClient(dir)) app.use(mw);
    server = app.callback();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("sends a script or a stylesheet of the build the headers that act on it, and no document's", async () => {
    for (const file of ["/assets/index-AbCd1234.js", "/assets/theme-AbCd1234.css"]) {
      const res = await request(server).get(file).expect(200);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["strict-transport-security"]).toContain("max-age=");
      for (const documentOnly of ["content-security-policy", "x-frame-options", "cross-origin-opener-policy"])
        expect([file, documentOnly, res.headers[documentOnly]]).toEqual([file, documentOnly, undefined]);
    }
  });

  it("keeps every header on documents, the service worker and an asset address that is no file", async () => {
    const fromHelmet = await headersOf(helmet(optionsOf(true)), 200);
    const documentHeaders = Object.keys(fromHelmet).filter(
      (h) => !["content-type", "content-length"].includes(h),
    );
    for (const url of ["/workcase", "/sw.js", "/assets/missing-AbCd1234.js"]) {
      const res = await request(server).get(url);
      for (const header of documentHeaders)
        expect([url, header, res.headers[header]]).toEqual([url, header, fromHelmet[header]]);
    }
  });
});
