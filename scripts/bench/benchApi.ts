/** What the benchmarks share: JSON calls to the app, a group to measure in, a CPU yardstick, the VM's reclaim. */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";

// biome-ignore lint/suspicious/noExplicitAny: a benchmark reads the JSON answers loosely
export type Json = any;

/** One JSON call; throws with the status and body on anything but 2xx. */
export async function api(
  base: string,
  method: string,
  p: string,
  token?: string,
  body?: unknown,
): Promise<Json> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : res.json();
}

export const BENCH_PASSWORD = "password1";

/** A new group with its owner signed in and one category "bench": where a benchmark puts its data. */
export async function benchGroup(
  base: string,
): Promise<{ group: Json; access: string; category: Json; email: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const group = await api(base, "POST", "/api/groups/", undefined, { name: `bench-${stamp}` });
  const email = `owner-${stamp}@example.com`;
  await api(base, "POST", "/api/signup/", undefined, {
    email,
    password: BENCH_PASSWORD,
    groups: group.id,
    first_name: "b",
    last_name: "b",
    is_owner: true,
    is_member: true,
  });
  const { access } = await api(base, "POST", "/api/token/", undefined, { email, password: BENCH_PASSWORD });
  const category = await api(base, "POST", "/api/categories/", access, {
    category: "bench",
    group: group.id,
  });
  return { group, access, category, email };
}

const YARDSTICK_LOOP = `
  const t0 = performance.now();
  let x = 0;
  for (let i = 0; i < 300_000_000; i++) x += i % 7;
  require("node:worker_threads").parentPort.postMessage(x < 0 ? -1 : performance.now() - t0);
`;

/** Milliseconds of the yardstick loop on each of `threads` workers running at the same time. */
function loopOnThreads(threads: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: threads },
      () =>
        new Promise<number>((resolve, reject) => {
          const worker = new Worker(YARDSTICK_LOOP, { eval: true });
          worker.once("message", (ms: number) => {
            resolve(ms);
            void worker.terminate();
          });
          worker.once("error", reject);
        }),
    ),
  );
}

/**
 * How fast this machine is right now: milliseconds of a fixed JavaScript loop run alone, then on every
 * CPU at once (the slowest of them). The development VMs share their host: the same benchmark has run
 * half as fast an hour apart, and two loops at once have each taken up to 1.5 times as long as one alone.
 * Printed beside every run so that figures from different hours can be compared.
 */
export async function cpuYardstick(): Promise<string> {
  const [alone] = await loopOnThreads(1);
  const together = await loopOnThreads(cpus().length);
  return `CPU yardstick ${Math.round(alone!)} ms alone, ${Math.round(Math.max(...together))} ms on all ${cpus().length} CPUs at once (scripts/bench/benchApi.ts)`;
}

/**
 * Puts a benchmark's report into docs/benchmarks.md between `<!-- name:begin -->` and `<!-- name:end -->`
 * (which must be there), unless BENCH_DOCS=0. The report goes in through a function, so that a `$` in it
 * is not read as a replacement pattern.
 */
export function writeDocsSection(name: string, report: string): void {
  if (process.env.BENCH_DOCS === "0") return;
  const docs = path.resolve(__dirname, "../../docs/benchmarks.md");
  const begin = `<!-- ${name}:begin -->`;
  const finish = `<!-- ${name}:end -->`;
  const current = readFileSync(docs, "utf8");
  if (!current.includes(begin)) throw new Error(`docs/benchmarks.md has no ${begin} marker`);
  writeFileSync(
    docs,
    current.replace(new RegExp(`${begin}[\\s\\S]*${finish}`), () => `${begin}\n${report}\n${finish}`),
  );
}

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (USER_HZ, 100 on Linux x86-64). */
const USER_HZ = 100;

/** CPU seconds used so far by every running kernel thread of DAMON (`kdamond.*`), from /proc. */
function kdamondCpuSeconds(): { threads: number; seconds: number } {
  let threads = 0;
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/comm`, "utf8").startsWith("kdamond")) continue;
      // utime and stime are the 14th and 15th fields of the line, the 12th and 13th after "(comm) ".
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(") ") + 2).split(" ");
      ticks += Number(fields[11]) + Number(fields[12]);
      threads++;
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return { threads, seconds: ticks / USER_HZ };
}

/**
 * Starts watching the VM's proactive memory reclaim and returns what to print when the run ends. The
 * development VMs run DAMON (kernel threads `kdamond.*`, set up by the host, not by this project), which
 * pages out cold file cache and takes CPU in bursts: with it running for some minutes, the allocation
 * bench's closed-loop p99 was 42–67 ms; with it stopped, 30–46 ms in every run (docs/benchmarks.md,
 * "2026-11-24, the VM's memory reclaim"). Printed beside every run, so that a tail can be read against it.
 * (Restarting the thread during a run, which only a person does, makes the figure meaningless.)
 */
export function watchMemoryReclaim(): () => string {
  const start = kdamondCpuSeconds();
  const t0 = performance.now();
  return () => {
    const end = kdamondCpuSeconds();
    if (start.threads === 0 && end.threads === 0) return "no DAMON reclaim thread (kdamond) was running";
    const ms = ((end.seconds - start.seconds) * 1000) / ((performance.now() - t0) / 1000);
    return `DAMON's reclaim thread (kdamond, the host's) took ${ms.toFixed(1)} ms of CPU per second during the run`;
  };
}
