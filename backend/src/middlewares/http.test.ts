import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ja } from "@zaiko/common/messages/ja";
import Koa from "koa";
import request from "supertest";
import { httpError } from "../lib/httpError";
import { createLogger } from "../lib/logger";
import type { RunningServer } from "../server";
import { bearer, signUpOwner } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";
import { errorHandler } from "./errors";
import { requestContext } from "./requestContext";

describeOnDatabases("HTTP foundation", (driver) => {
  let server: RunningServer;
  const api = () => request(server.url);
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it("answers malformed JSON with 400 JSON {detail}", async () => {
    const res = await api()
      .post("/api/groups/")
      .set("Content-Type", "application/json")
      .send('{"name": ')
      .expect(400);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    expect(res.body).toEqual({ detail: ja.errors.malformedJson });
  });

  it("answers a bare JSON value (strict parser) with 400 JSON", async () => {
    const res = await api()
      .post("/api/groups/")
      .set("Content-Type", "application/json")
      .send('"name"')
      .expect(400);
    expect(res.body).toEqual({ detail: ja.errors.malformedJson });
  });

  it("answers a JSON body over 256kb with 413 JSON", async () => {
    const body = JSON.stringify({ name: "x".repeat(300 * 1024) });
    const res = await api()
      .post("/api/groups/")
      .set("Content-Type", "application/json")
      .send(body)
      .expect(413);
    expect(res.body).toEqual({ detail: ja.errors.payloadTooLarge });
  });

  it("answers a body of another content type with 415 JSON", async () => {
    const res = await api().post("/api/groups/").set("Content-Type", "text/plain").send("name=x").expect(415);
    expect(res.body).toEqual({ detail: ja.errors.unsupportedMediaType });
  });

  it("answers an unknown /api path with 404 JSON, with and without a trailing slash", async () => {
    for (const path of ["/api/nope/", "/api/nope", "/api", "/api/user/1/extra/"]) {
      const res = await api().get(path).expect(404);
      expect(res.headers["content-type"]).toMatch(/application\/json/);
      expect(res.body).toEqual({ detail: ja.errors.apiNotFound });
    }
  });

  it("answers a wrong method on a known API path with a JSON 405 and Allow", async () => {
    const res = await api().put("/api/groups/").send({ name: "x" }).expect(405);
    expect(res.headers.allow).toMatch(/GET/);
    expect(res.body).toEqual({ detail: ja.errors.methodNotAllowed });
  });

  it("answers a route without its trailing slash as with it", async () => {
    const owner = await signUpOwner(server);
    const withSlash = await api().get("/api/user/").set(bearer(owner)).expect(200);
    const without = await api().get("/api/user").set(bearer(owner)).expect(200);
    expect(without.body).toEqual(withSlash.body);
    await api().get(`/api/user/${owner.userId}`).set(bearer(owner)).expect(200);
  });

  it("reports health at /api/healthz", async () => {
    const res = await api().get("/api/healthz").expect(200);
    expect(res.body).toEqual({ status: "ok", db: "ok" });
    await api().get("/api/healthz/").expect(200);
  });

  it("sends security headers", async () => {
    const res = await api().get("/api/healthz");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-frame-options"]).toBeDefined();
  });

  it("keeps security headers on error answers", async () => {
    const res = await api().get("/api/nope/").expect(404);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("gives every response an X-Request-Id, keeping a sane incoming one", async () => {
    const ok = await api().get("/api/healthz");
    expect(ok.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const err = await api().get("/api/nope/");
    expect(err.headers["x-request-id"]).toBeTruthy();
    expect(err.headers["x-request-id"]).not.toBe(ok.headers["x-request-id"]);
    const kept = await api().get("/api/healthz").set("X-Request-Id", "proxy-id.123");
    expect(kept.headers["x-request-id"]).toBe("proxy-id.123");
    const replaced = await api().get("/api/healthz").set("X-Request-Id", "bad id with spaces<script>");
    expect(replaced.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("error handler in isolation", () => {
  let http: Server;
  let url: string;
  beforeAll(async () => {
    const app = new Koa();
    app.use(requestContext(createLogger("silent")));
    app.use(errorHandler());
    app.use(async (ctx) => {
      if (ctx.path === "/boom") throw new Error("secret internals at /srv/app/db.ts:42");
      if (ctx.path === "/typed") throw httpError(409, "衝突");
      if (ctx.path === "/koa-throw") ctx.throw(422, "internal words");
      if (ctx.path === "/reject") await Promise.reject({ not: "an error" });
      ctx.body = { ok: true };
    });
    http = createServer(app.callback());
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));

  it("answers an unexpected error with 500 and a fixed message, never the stack", async () => {
    const res = await request(url).get("/boom").expect(500);
    expect(res.body).toEqual({ detail: ja.errors.internal });
    expect(res.text).not.toContain("secret internals");
    expect(res.text).not.toMatch(/at .*\.ts/);
    expect(res.headers["x-request-id"]).toBeTruthy();
  });

  it("answers a thrown non-Error with 500 JSON", async () => {
    const res = await request(url).get("/reject").expect(500);
    expect(res.body).toEqual({ detail: ja.errors.internal });
  });

  it("passes an HttpError's status and body through", async () => {
    const res = await request(url).get("/typed").expect(409);
    expect(res.body).toEqual({ detail: "衝突" });
  });

  it("maps a framework 4xx to JSON without echoing its message", async () => {
    const res = await request(url).get("/koa-throw").expect(422);
    expect(res.body).toEqual({ detail: ja.validation.invalidValue });
  });
});
