/**
 * Where the app process spends its CPU on the '+' (issue 41, point 2): one app process started with
 * `--cpu-prof`, 32 closed-loop clients on POST /api/additem for BENCH_SECONDS (after a warm-up that the
 * profile also holds, a small share), then the profile summed by stage: each sample is charged to the first
 * stage (in the order of STAGES) found on its stack, else to "other". Also the process's CPU time per '+'
 * (/proc/<pid>/stat over the measured seconds alone), which no profile's sampling overhead touches.
 *
 *   node -r esbuild-register scripts/bench/allocationProfile.ts
 *   BENCH_PROFILE_ENV='{"LOG_LEVEL":"info"}'   another environment for the app process (an A/B of a setting)
 *   BENCH_PROFILE_ROOT=<checkout>              profile another checkout's server (e.g. the baseline)
 *
 * Prints only; the figures in docs/benchmarks.md ("Allocation: where the app's time goes") come from it.
 */
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { api, benchGroup, cpuYardstick } from "./benchApi";
import { drive, fmt, pct } from "./loops";
import { RawHttpClient } from "./rawHttp";

const CLIENTS = 32;
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ITEMS = 64;
const POOL = 8;
const ROOT = process.env.BENCH_PROFILE_ROOT;
const EXTRA_ENV: Record<string, string> = JSON.parse(process.env.BENCH_PROFILE_ENV || "{}");

/**
 * Stages, matched against a sample's stack from the leaf up, the first match (in this order) winning: a
 * frame of pg's connection inside a drizzle call is "pg protocol", not "drizzle". A stage is a function name
 * (exact) and/or a file fragment.
 */
const STAGES: { stage: string; fn?: RegExp; file?: RegExp }[] = [
  { stage: "GC", fn: /^\(garbage collector\)$/ },
  { stage: "idle", fn: /^\(idle\)$/ },
  { stage: "(program: native, outside JS)", fn: /^\(program\)$/ },
  { stage: "pino logging", file: /node_modules\/pino|node_modules\/sonic-boom|lib\/logger/ },
  { stage: "JWT verify", file: /jsonwebtoken|jws|jwa|lib\/tokens/ },
  { stage: "pg protocol (pg, pg-protocol, buffers)", file: /node_modules\/pg|node_modules\/pg-protocol/ },
  { stage: "drizzle (query building, result mapping)", file: /node_modules\/drizzle-orm/ },
  { stage: "realtime publish after commit", file: /src\/realtime\// },
  { stage: "koa-helmet / helmet headers", file: /node_modules\/(koa-helmet|helmet)/ },
  { stage: "body parser", file: /bodyparser|co-body|raw-body|inflation/ },
  { stage: "router", file: /@koa\/router|path-to-regexp/ },
  { stage: "koa core + compose", file: /node_modules\/(koa|koa-compose|delegates|cookies|accepts)\// },
  { stage: "compression / jsonBytes", file: /middlewares\/(compression|jsonBytes)/ },
  { stage: "requestContext (id, child logger)", file: /middlewares\/requestContext/ },
  {
    stage: "auth + idempotency middleware",
    file: /middlewares\/(auth|idempotency|groupScope|activeMembers)/,
  },
  {
    stage: "the '+' service (allocation check, presenters)",
    file: /features\/orderitems|src\/allocation|common\/src/,
  },
  { stage: "esbuild-register (start-up compile)", file: /esbuild/ },
  { stage: "bcrypt (set-up's sign-up and login)", file: /bcrypt/ },
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * A sample's stage: GC, idle and native time by its leaf; otherwise the first frame from the leaf up that
 * belongs to a package or to the app (Node's own frames, such as a socket write, are charged to whoever
 * called them: pg's writes to "pg protocol", the response's to "koa core").
 */
function stageOf(chain: ProfileNode[]): string {
  const leaf = chain[0]!.callFrame.functionName;
  for (const s of STAGES) if (s.fn?.test(leaf)) return s.stage;
  for (const node of chain) {
    const { url } = node.callFrame;
    if (url === "" || url.startsWith("node:")) continue;
    for (const s of STAGES) if (s.file?.test(url)) return s.stage;
    return `other: ${url.replace(/^.*node_modules\//, "").replace(/^.*\/src\//, "src/")}`;
  }
  return "Node alone (timers, microtasks, http parser)";
}

/** Microseconds of the monotonic clock, which V8's profile timestamps also count (Linux, one machine). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

function summarise(
  profile: Profile,
  window: [number, number] = [0, Number.POSITIVE_INFINITY],
): { stages: [string, number][]; top: [string, number][]; totalMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const chainOf = new Map<number, ProfileNode[]>();
  const chain = (id: number): ProfileNode[] => {
    const known = chainOf.get(id);
    if (known) return known;
    const list: ProfileNode[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) list.push(byId.get(at)!);
    chainOf.set(id, list);
    return list;
  };
  const stages = new Map<string, number>();
  const self = new Map<string, number>();
  let totalMs = 0;
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    if (at < window[0] || at > window[1]) continue;
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const c = chain(id);
    const stage = stageOf(c);
    stages.set(stage, (stages.get(stage) ?? 0) + ms);
    const leaf = c[0]!.callFrame;
    const key = `${leaf.functionName || "(anonymous)"} ${leaf.url.replace(/^.*node_modules\//, "").replace(/^.*\/src\//, "src/")}`;
    self.set(key, (self.get(key) ?? 0) + ms);
    if (stage !== "idle") totalMs += ms;
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return { stages: sorted(stages), top: sorted(self).slice(0, 40), totalMs };
}

const cpuMsOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

function printProfile(file: string, window?: [number, number], calls?: number) {
  const { stages, top, totalMs } = summarise(JSON.parse(readFileSync(file, "utf8")), window);
  const per = (ms: number) => (calls ? ` | ${((ms * 1000) / calls).toFixed(0)}` : "");
  console.info(
    `\nBy stage (${window ? "the measured seconds" : "the whole profile"}; busy ${fmt(totalMs)} ms):\n`,
  );
  console.info(
    `| stage | ms | share of busy${calls ? " | µs per '+'" : ""} |\n| --- | --- | ---${calls ? " | ---" : ""} |`,
  );
  for (const [stage, ms] of stages) {
    const share = stage === "idle" ? "–" : `${((100 * ms) / totalMs).toFixed(1)} %`;
    console.info(`| ${stage} | ${fmt(ms)} | ${share}${per(ms)} |`);
  }
  console.info("\nTop functions by self time:\n");
  for (const [fn, ms] of top) console.info(`${fmt(ms).padStart(8)} ms  ${fn}`);
}

async function main() {
  // BENCH_PROFILE_FILE=<a .cpuprofile>: only sum up a profile already taken.
  if (process.env.BENCH_PROFILE_FILE) return printProfile(process.env.BENCH_PROFILE_FILE);
  const yardstick = await cpuYardstick();
  const dir = mkdtempSync(path.join(tmpdir(), "zaiko-prof-"));
  const database = await openFreshPostgres();
  const app = await startAppProcess(
    { DATABASE_URL: database.url, LOG_LEVEL: "silent", PG_POOL_SIZE: String(POOL), ...EXTRA_ENV },
    ["--cpu-prof", `--cpu-prof-dir=${dir}`],
    undefined,
    ROOT,
  );
  const { group, access, category } = await benchGroup(app.url);
  const items: number[] = [];
  for (let i = 0; i < ITEMS; i++) {
    const item = await api(app.url, "POST", "/api/items/", access, {
      title: `p-item-${i}`,
      category: category.id,
      stock_quantity: 1_000_000,
      note: "",
      group: group.id,
    });
    items.push(item.id);
  }
  const cases: number[] = [];
  for (let c = 0; c < CLIENTS * 2; c++) {
    const wc = await api(app.url, "POST", "/api/workcases/", access, {
      title: `p-case-${c}`,
      start_date: `2027-0${1 + (c % 6)}-01T09:00:00+09:00`,
      end_date: `2027-0${2 + (c % 6)}-15T18:00:00+09:00`,
      note: "",
      group: group.id,
    });
    cases.push(wc.id);
  }
  const auth = { Authorization: `Bearer ${access}` };
  const users = Array.from({ length: CLIENTS }, () => new RawHttpClient(new URL(app.url)));
  const pick = () => items[Math.floor(Math.random() * items.length)]!;
  const loop = (offset: number) => (c: number) =>
    users[c]!.request("POST", `/api/additem/${pick()}/${cases[offset + c]!}/`, auth).then((s) => s === 200);
  await drive(CLIENTS, 3, loop(CLIENTS));
  const pid = app.child.pid!;
  const cpu0 = cpuMsOf(pid);
  const from = monotonicUs();
  const run = await drive(CLIENTS, SECONDS, loop(0));
  const to = monotonicUs();
  const cpuMs = cpuMsOf(pid) - cpu0;
  for (const u of users) u.close();
  await app.stop();
  await database.close();
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no profile in ${dir}`);
  console.info(`${yardstick}; profile ${path.join(dir, file)}`);
  console.info(
    `'+' ${fmt(run.ops / run.seconds)}/s over ${SECONDS} s, p50 ${fmt(pct(run.latencies, 50))} p99 ${fmt(pct(run.latencies, 99))} ms, errors ${run.errors}; app CPU ${fmt(cpuMs)} ms = ${((cpuMs * 1000) / run.ops).toFixed(0)} µs per '+' (measured seconds only)`,
  );
  printProfile(path.join(dir, file), [from, to], run.ops);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
