import { Readable } from "node:stream";
import Koa from "koa";
import request from "supertest";
import { jsonBytes } from "./jsonBytes";

describe("JSON bodies sent as UTF-8 bytes", () => {
  const body = { results: { days: ["11月22日(日)"], items: [{ id: 1, title: '三脚 "大" \\ 🎥\n' }] } };
  const app = new Koa();
  app.use(jsonBytes());
  app.use(async (ctx) => {
    if (ctx.path === "/object") ctx.body = body;
    if (ctx.path === "/created") {
      ctx.status = 201;
      ctx.body = [body];
    }
    if (ctx.path === "/text") ctx.body = "テキスト";
    if (ctx.path === "/stream") {
      ctx.type = "json";
      ctx.body = Readable.from(['{"streamed":', "true}"]);
    }
    if (ctx.path === "/empty") ctx.body = null;
  });
  const server = app.callback();

  it("answers an object as application/json with the UTF-8 length and the same value", async () => {
    const res = await request(server).get("/object").expect(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(res.body).toEqual(body);
  });

  it("keeps a status set by the route", async () => {
    const res = await request(server).get("/created").expect(201);
    expect(res.body).toEqual([body]);
  });

  it("answers HEAD with the length and no body", async () => {
    const res = await request(server).head("/object").expect(200);
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(JSON.stringify(body)));
    expect(res.text).toBeUndefined();
  });

  it("leaves text, streams and empty answers to Koa", async () => {
    const text = await request(server).get("/text").expect(200);
    expect(text.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(text.text).toBe("テキスト");
    const stream = await request(server).get("/stream").expect(200);
    expect(stream.body).toEqual({ streamed: true });
    await request(server).get("/empty").expect(204);
  });
});
