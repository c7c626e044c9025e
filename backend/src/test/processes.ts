import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import type { RunningServer } from "../server";
import { migratedPgliteTemplate } from "./databases";

const ROOT = path.resolve(__dirname, "../../..");

export const redisAvailable = () => process.env.ZAIKO_REDIS_AVAILABLE === "1";
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || "redis://127.0.0.1:6379";

/** A TCP port free on 127.0.0.1 right now (the API, socket and browser tests start servers on one). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface AppProcess {
  url: string;
  stop(): Promise<void>;
  /** SIGKILL, as a crash: no shutdown, nothing flushed or released. Resolves once the process is gone. */
  crash(): Promise<void>;
  /** The OS process (to kill it the hard way, or to talk to a hooked entry over IPC). */
  child: ChildProcess;
}

/** The API and socket test helpers only use a server's `url`; a spawned process offers the same. */
export const asServer = (app: AppProcess) => app as unknown as RunningServer;

/** Waits until `check` resolves true, polling every 100 ms, or throws after `ms`. */
export async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** How the server is started from its sources (no build needed), as every test process runs it. */
const SERVER_ARGS = ["--max-semi-space-size=32", "-r", "esbuild-register", "backend/src/main.ts"];

/**
 * Runs the server with exactly `env` over the inherited environment (none of the test secrets) until it
 * exits by itself, which a refused configuration must do; killed after `ms` otherwise.
 */
export async function runUntilExit(
  env: Record<string, string | undefined>,
  ms = 30_000,
): Promise<{ code: number | null; stderr: string }> {
  const merged: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", PORT: String(await freePort()) };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete merged[name];
    else merged[name] = value;
  }
  const child = spawn(process.execPath, SERVER_ARGS, {
    cwd: ROOT,
    env: merged,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (c) => resolve(c)));
  clearTimeout(timer);
  return { code, stderr };
}

/**
 * A new embedded data directory holding the migrated database the test set-up made (test/databases.ts), as a
 * server left it: a process started on it finds no migration to run and skips initdb, which on a busy machine
 * took longer than the start's wait.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const pglite = path.join(dataDir, "pglite");
  mkdirSync(pglite, { recursive: true });
  execFileSync("tar", ["-xzf", await migratedPgliteTemplate(), "-C", pglite], { stdio: "ignore" });
  return dataDir;
}

/**
 * A separate OS process running the server from its sources (no build needed), as production runs
 * several app processes behind a proxy.
 */
export async function startAppProcess(
  env: Record<string, string>,
  nodeArgs: string[] = [],
  /** Another entry than production's, e.g. test/appWithFaults.ts; it gets an IPC channel. */
  entry = "backend/src/main.ts",
  /** Another checkout to run the server of (the allocation bench's baseline); this one by default. */
  root: string = ROOT,
): Promise<AppProcess> {
  const port = await freePort();
  // The young generation production runs with (Dockerfile, scripts/start.mjs; docs/operations.md).
  const args = [SERVER_ARGS[0]!, ...nodeArgs, ...SERVER_ARGS.slice(1, -1), entry];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      BCRYPT_COST: "4",
      JWT_SECRET: "multi-process-test-secret",
      CSRF_SECRET: "multi-process-test-csrf",
      ...env,
    },
    stdio:
      entry === "backend/src/main.ts"
        ? ["ignore", "ignore", "inherit"]
        : ["ignore", "ignore", "inherit", "ipc"],
  });
  const url = `http://127.0.0.1:${port}`;
  // waitFor treats a throwing check as "not yet", so an exit ends the wait and is reported after it.
  try {
    await waitFor(
      async () => child.exitCode !== null || (await fetch(`${url}/api/healthz`)).ok,
      // A fresh embedded database creates its cluster and runs every migration first: 48–51 s on a slow,
      // loaded day of the 2-core VMs (the same before and after the session that measured it).
      120_000,
      "the app process to become healthy",
    );
  } catch (err) {
    // A process that never became healthy must not outlive the test: it would keep its data directory's lock
    // and fail the next test that starts on it with an unrelated error.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGKILL");
      await exited;
    }
    throw err;
  }
  if (child.exitCode !== null) throw new Error(`app process exited with ${child.exitCode}`);
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill(signal);
    await exited;
  };
  return { url, child, stop: () => end("SIGTERM"), crash: () => end("SIGKILL") };
}
