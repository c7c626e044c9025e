import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { waitFor } from "../test/processes";
import { DataDirInUseError, lockDataDir } from "./dataDirLock";

const ROOT = path.resolve(__dirname, "../../..");

/** Another OS process that takes the lock with the real code and holds it until killed. */
async function holderProcess(lockPath: string): Promise<ChildProcess> {
  const code = `require(${JSON.stringify(path.join(__dirname, "dataDirLock.ts"))})
    .lockDataDir(${JSON.stringify(lockPath)})
    .then(() => { process.stdout.write("locked\\n"); setInterval(() => undefined, 1000); })
    .catch(() => process.exit(3));`;
  const child = spawn(process.execPath, ["-r", "esbuild-register", "-e", code], {
    cwd: ROOT,
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (d: Buffer) => d.toString().includes("locked") && resolve());
    child.once("exit", (c) => reject(new Error(`holder exited with ${c}`)));
  });
  return child;
}

describe("the data directory lock", () => {
  let dir: string;
  let lockPath: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), "zaiko-lock-"));
    lockPath = path.join(dir, "pglite.lock");
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("records its owner's pid and host", async () => {
    const release = await lockDataDir(lockPath);
    expect(JSON.parse(readFileSync(lockPath, "utf8"))).toMatchObject({ pid: process.pid, host: hostname() });
    await release();
    await (await lockDataDir(lockPath))();
  });

  it("is refused while another process holds it, and taken over at once after that process is killed", async () => {
    const holder = await holderProcess(lockPath);
    try {
      await expect(lockDataDir(lockPath, { waitMs: 0 })).rejects.toThrow(DataDirInUseError);
      // A start waits a moment for a live owner, then says who holds it.
      const started = Date.now();
      await expect(lockDataDir(lockPath, { waitMs: 600 })).rejects.toThrow(`pid ${holder.pid}`);
      expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    } finally {
      const gone = new Promise((r) => holder.once("exit", r));
      holder.kill("SIGKILL");
      await gone;
    }
    // No waiting for the lock to age: the owner is dead, so the lock is stale now.
    const release = await lockDataDir(lockPath);
    expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
    await release();
  });

  it("waits for a live owner that exits meanwhile (a restart overlapping the old process's shutdown)", async () => {
    const holder = await holderProcess(lockPath);
    const gone = new Promise((r) => holder.once("exit", r));
    setTimeout(() => holder.kill("SIGKILL"), 500);
    const release = await lockDataDir(lockPath, { waitMs: 10_000 });
    await gone;
    expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
    await release();
  });

  it("takes over at once a lock whose owner is a zombie (dead, not yet reaped by its parent)", async () => {
    // The shell execs into a sleep that never waits for its child: the child, once dead, stays a zombie.
    const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 30"], {
      stdio: ["ignore", "pipe", "ignore"],
    });
    try {
      const pid = Number(
        await new Promise<string>((r) => parent.stdout!.once("data", (d: Buffer) => r(d.toString()))),
      );
      await waitFor(
        async () => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.startsWith("Z") ?? false,
        5000,
        "zombie",
      );
      // Signal 0 still reaches a zombie: the check the lock made before would take it for a live owner.
      expect(() => process.kill(pid, 0)).not.toThrow();
      writeFileSync(lockPath, JSON.stringify({ pid, host: hostname(), since: "2026-01-01T00:00:00Z" }));
      const release = await lockDataDir(lockPath, { waitMs: 0 });
      expect(JSON.parse(readFileSync(lockPath, "utf8")).pid).toBe(process.pid);
      await release();
    } finally {
      parent.kill("SIGKILL");
    }
  });

  it("is refused to a second opener in the same process", async () => {
    const release = await lockDataDir(lockPath);
    await expect(lockDataDir(lockPath, { waitMs: 0 })).rejects.toThrow(DataDirInUseError);
    await release();
  });

  it("takes over a lock naming this process's pid that this process never took (a restarted container's pid 1)", async () => {
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: process.pid, host: hostname(), since: "2026-01-01T00:00:00Z" }),
    );
    await (await lockDataDir(lockPath))();
  });

  it("does not guess about another host's process", async () => {
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: 1, host: `not-${hostname()}`, since: "2026-01-01T00:00:00Z" }),
    );
    await expect(lockDataDir(lockPath, { waitMs: 0 })).rejects.toThrow(`on not-${hostname()}`);
  });

  it("reads the former library's lock directory: refused while fresh, taken over once stale", async () => {
    mkdirSync(lockPath);
    await expect(lockDataDir(lockPath, { waitMs: 0 })).rejects.toThrow(DataDirInUseError);
    const old = new Date(Date.now() - 60_000);
    utimesSync(lockPath, old, old);
    await (await lockDataDir(lockPath))();
  });

  it("lets exactly one of several processes starting at once take over a dead owner's lock", async () => {
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: 999_999_999, host: hostname(), since: "2026-01-01T00:00:00Z" }),
    );
    const starters = await Promise.allSettled(Array.from({ length: 4 }, () => holderProcess(lockPath)));
    const holders = starters.flatMap((s) => (s.status === "fulfilled" ? [s.value] : []));
    try {
      expect(holders).toHaveLength(1);
      await waitFor(
        async () => JSON.parse(readFileSync(lockPath, "utf8")).pid === holders[0]!.pid,
        5000,
        "lock",
      );
    } finally {
      for (const h of holders) h.kill("SIGKILL");
    }
  });
});
