import { Writable } from "node:stream";
import Koa from "koa";
import request from "supertest";
import { createLogger } from "../lib/logger";
import { requestContext } from "./requestContext";

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
