import { spawnSync } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../../..");

/** Runs `code` in a fresh Node process with the TypeScript sources loadable; returns its output and exit code. */
function runNode(code: string) {
  const result = spawnSync(process.execPath, ["-r", "esbuild-register", "-e", code], {
    cwd: ROOT,
    encoding: "utf8",
    timeout: 30_000,
  });
  return { status: result.status, lines: result.stdout.split("\n").filter(Boolean), stderr: result.stderr };
}

describe("the process guard", () => {
  it("logs an error nobody handled with its request id, and the process keeps serving", () => {
    const lib = (name: string) => JSON.stringify(path.join(__dirname, name));
    const { status, lines } = runNode(`
      const { EventEmitter } = require("node:events");
      const { createLogger } = require(${lib("logger.ts")});
      const { installProcessGuard } = require(${lib("processGuard.ts")});
      const { requestScope } = require(${lib("requestScope.ts")});
      installProcessGuard(createLogger("info"));
      requestScope.run({ requestId: "req-42" }, () => {
        // An 'error' event without a listener, emitted later in the request's work (a stream's, say).
        setTimeout(() => new EventEmitter().emit("error", new Error("Part terminated early")), 5);
        setTimeout(() => Promise.reject(new Error("nobody awaited this")), 10);
      });
      setTimeout(() => { console.log(JSON.stringify({ msg: "still alive" })); process.exit(0); }, 300);
    `);
    expect(status).toBe(0);
    const logged = lines.map(
      (l) => JSON.parse(l) as { msg: string; reqId?: string; err?: { message: string } },
    );
    expect(logged).toEqual([
      expect.objectContaining({
        msg: "uncaught exception; still serving",
        reqId: "req-42",
        err: expect.objectContaining({ message: "Part terminated early" }),
      }),
      expect.objectContaining({
        msg: "unhandled promise rejection; still serving",
        reqId: "req-42",
        err: expect.objectContaining({ message: "nobody awaited this" }),
      }),
      { msg: "still alive" },
    ]);
  });

  it("lets a process whose errors keep coming exit, so that its supervisor restarts it", () => {
    const lib = (name: string) => JSON.stringify(path.join(__dirname, name));
    const { status } = runNode(`
      const { createLogger } = require(${lib("logger.ts")});
      const { installProcessGuard } = require(${lib("processGuard.ts")});
      installProcessGuard(createLogger("silent"));
      for (let i = 0; i < 30; i++) setTimeout(() => { throw new Error("again " + i); }, i);
      setTimeout(() => process.exit(0), 500);
    `);
    expect(status).toBe(1);
  });
});
