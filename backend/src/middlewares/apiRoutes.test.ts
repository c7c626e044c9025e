import Router from "@koa/router";
import Koa from "koa";
import request from "supertest";
import { apiRoutes } from "./apiRoutes";

/** Two feature routers sharing a segment, and one of their own; unmatched calls reach `fallback`. */
function app() {
  const a = new Router();
  a.get("/api/things/", (ctx) => {
    ctx.body = { list: true };
  });
  a.post("/api/things/:id/", (ctx) => {
    ctx.body = { id: Number(ctx.params.id) };
  });
  const b = new Router();
  b.delete("/api/things/:id/", (ctx) => {
    ctx.status = 204;
  });
  b.get("/api/other/:year/:month/", (ctx) => {
    ctx.body = { year: ctx.params.year, month: ctx.params.month };
  });
  const koa = new Koa();
  koa.use(async (ctx, next) => {
    await next();
    if (ctx.status !== 404 || ctx.body !== undefined) return;
    ctx.body = { fallback: true };
    ctx.status = 404;
  });
  koa.use(apiRoutes([a, b]));
  return koa.callback();
}

describe("apiRoutes", () => {
  it("matches each route with its params, HEAD included for a GET", async () => {
    await request(app()).get("/api/things/").expect(200, { list: true });
    await request(app()).head("/api/things/").expect(200);
    await request(app()).post("/api/things/7/").expect(200, { id: 7 });
    await request(app()).delete("/api/things/7/").expect(204);
    await request(app()).get("/api/other/2026/11/").expect(200, { year: "2026", month: "11" });
  });

  it("answers a known path's other method with 405 and Allow over every router of its segment", async () => {
    const res = await request(app()).put("/api/things/7/").expect(405);
    expect(res.headers.allow?.split(", ").sort()).toEqual(["DELETE", "POST"]);
  });

  it("lets unknown segments and paths fall through", async () => {
    await request(app()).get("/api/nothing/").expect(404, { fallback: true });
    await request(app()).get("/api/things/1/2/3/").expect(404, { fallback: true });
    await request(app()).get("/api").expect(404, { fallback: true });
    await request(app()).get("/index.html").expect(404, { fallback: true });
  });

  it("refuses at start-up a route that does not start with /api/ and a fixed segment", () => {
    const bad = new Router();
    bad.get("/api/:anything/", (ctx) => {
      ctx.body = {};
    });
    expect(() => apiRoutes([bad])).toThrow(/fixed segment/);
    const outside = new Router();
    outside.get("/download/x", (ctx) => {
      ctx.body = {};
    });
    expect(() => apiRoutes([outside])).toThrow(/fixed segment/);
  });
});
