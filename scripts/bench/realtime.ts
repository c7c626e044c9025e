/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * Real-time benchmark: BENCH_SOCKETS (500) sockets of one group watch one case while allocations run at a
 * steady BENCH_RATE (20) per second; latency from each HTTP response to the arrival of its
 * `inventory.changed` row at every watcher, beside a bare Socket.IO broadcast (`bench.ping`) to the same
 * sockets at the same rate in the same run: in turns of their own (BENCH_BARE, see BARE below).
 *
 *   node -r esbuild-register scripts/bench/realtime.ts
 *
 * Three processes: this driver (HTTP calls, pacing, figures), the app server (realtimeServer.ts: the real
 * startServer plus the ping hook) and the watchers (realtimeClients.ts). PostgreSQL from TEST_DATABASE_URL
 * (a scratch database is created and dropped); Redis from BENCH_REDIS_URL (default
 * redis://127.0.0.1:6379, empty or `off` for none). BENCH_SECONDS (30) of measurement after 2 s of
 * warm-up. BENCH_PROFILE=<dir> writes a CPU profile of the server there. BENCH_WATCHER=socket.io: watchers on
 * socket.io-client instead of the protocol on bare websockets (realtimeWire.ts says why). Writes the figures into
 * docs/benchmarks.md between the realtime markers (not with BENCH_DOCS=0), where the method is described.
 *
 * BENCH_BASELINE_ROOT=<another checkout with its node_modules> runs that checkout's server (its own
 * scripts/bench/realtimeServer.ts, on a scratch database of its own, with its own watchers' process) beside
 * this one's: after both warmed up, the two take turns (BENCH_TURNS, default 4 each, SECONDS in all per
 * server), so a change's before and after are measured in one run under the same load of the machine.
 */
import { type ChildProcess, fork, type Serializable } from "node:child_process";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { Client } from "pg";
import { signAccessToken } from "../../backend/src/lib/tokens";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { api, benchGroup, writeDocsSection } from "./benchApi";
import {
  type FromClients,
  type FromServer,
  type LagByTurn,
  type MemoryFigures,
  now,
  rowKey,
  type ToClients,
  type ToServer,
  type TurnKind,
} from "./realtimeProtocol";

const SOCKETS = Number(process.env.BENCH_SOCKETS || 500);
/** App processes behind the Redis adapter; the watchers and the writes are spread over them. */
const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES || 2));
const JWT_SECRET = "realtime-bench-secret";
const SECONDS = Number(process.env.BENCH_SECONDS || 30);
const RATE = Number(process.env.BENCH_RATE || 20);
const WARMUP_SECONDS = 2;
/** Another checkout whose server runs beside this one's, for a before/after in one run (see above). */
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;
/**
 * How the bare broadcasts are sent (BENCH_BARE):
 * - `turns` (default): in turns of their own, alternating with turns of allocations alone, each kind at RATE
 *   for SECONDS in all. Socket.IO writes a broadcast to every socket in one go (the emit, then each socket's
 *   write when its cork is released at the end of that tick): at 5,000 sockets that holds the app's event
 *   loop for about 100 ms, and ten a second took 78 % of its core with no allocation at all. Sent between
 *   the allocations, they starved the writes and the fan-out that they were to be compared with.
 * - `mixed`: interleaved with the allocations, half a period after each (the benchmark's earlier way).
 * - `0`: none; the allocations alone.
 */
const BARE_MODE: "turns" | "mixed" | "off" =
  process.env.BENCH_BARE === "0" ? "off" : process.env.BENCH_BARE === "mixed" ? "mixed" : "turns";
const BARE = BARE_MODE !== "off";
/** The kinds of turn that make up one turn of a server. */
const KINDS: TurnKind[] =
  BARE_MODE === "turns" ? ["allocations", "bare"] : [BARE_MODE === "mixed" ? "mixed" : "allocations"];
/**
 * Turns per server: with a baseline beside (see above), or bare broadcasts in turns of their own, the kinds
 * and servers alternate BENCH_TURNS (4) times, so the machine's drift falls on each alike.
 */
const TURNS = BASELINE_ROOT || BARE_MODE === "turns" ? Number(process.env.BENCH_TURNS || 4) : 1;
/** How the watchers connect (realtimeClients.ts): the protocol on a bare websocket, or socket.io-client. */
const WATCHER =
  process.env.BENCH_WATCHER === "socket.io"
    ? "socket.io-client"
    : "the Socket.IO protocol on bare websockets (realtimeWire.ts)";
const REDIS_URL = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379";
/**
 * One item per allocation (warm-up included), so an `inventory.changed` row names its allocation by item
 * id + shippable quantity whatever the server does: two allocations of one item in flight together could
 * share a row (one read after both committed), or be coalesced into one event.
 */
const ITEMS = Math.round((WARMUP_SECONDS + SECONDS) * RATE);
const STOCK = 1_000_000;
/** A pause after each turn once the processes have caught up (see Target.settle). */
const SETTLE_MS = 500;
const DAY = 86_400_000;
const ROOT = path.resolve(__dirname, "../..");

/** Runs `task` for 0..n-1 with at most `concurrency` in flight. */
async function pool<T>(n: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, concurrency) }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** Whether a TCP connection to the Redis URL's host and port opens within a second. */
function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}

/** The next message of `type` from a child; rejects when it reports a failure or exits first. */
function nextMessage<M extends { type: string }, T extends M["type"]>(
  child: ChildProcess,
  type: T,
  ms: number,
): Promise<Extract<M, { type: T }>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no "${type}" from the child within ${ms} ms`)), ms);
    const onMessage = (message: M) => {
      if (message.type === type) finish(undefined, message as Extract<M, { type: T }>);
      else if (message.type === "failed") finish(new Error((message as { error?: string }).error));
    };
    const onExit = (code: number | null) => finish(new Error(`child exited (${code}) before "${type}"`));
    const finish = (err?: Error, message?: Extract<M, { type: T }>) => {
      clearTimeout(timer);
      child.off("message", onMessage);
      child.off("exit", onExit);
      if (err) reject(err);
      else resolve(message!);
    };
    child.on("message", onMessage);
    child.once("exit", onExit);
  });
}

function forkChild(
  file: string,
  env: Record<string, string>,
  profile?: string,
  root: string = ROOT,
): ChildProcess {
  const child = fork(path.join(root, "scripts/bench", file), [], {
    cwd: root,
    execArgv: [
      "-r",
      "esbuild-register",
      "--expose-gc",
      ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
    ],
    serialization: "advanced",
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  // A send to a child that is gone (interrupted run) must not crash the driver before its clean-up.
  child.on("error", (err) => console.error(`${file}: ${err.message}`));
  return child;
}

/** Sends when the IPC channel is still open; a stopped child is handled by `nextMessage` and `cleanup`. */
function tell<M extends Serializable>(child: ChildProcess | undefined, message: M) {
  if (child?.connected) child.send(message);
}

/** Ends a child: `stop` by IPC when it has one, then SIGKILL if it is still there after `ms`. */
async function end(child: ChildProcess | undefined, stop?: ToServer, ms = 10_000): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  if (stop && child.connected) child.send(stop);
  else child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), ms);
  await exited;
  clearTimeout(timer);
}

/** Linux pressure stall information: microseconds during which some runnable task waited for a CPU. */
function cpuPressure(): { stalledUs: number; at: number } | undefined {
  try {
    const some = readFileSync("/proc/pressure/cpu", "utf8").split("\n")[0] ?? "";
    const total = /total=([0-9]+)/.exec(some)?.[1];
    return total === undefined ? undefined : { stalledUs: Number(total), at: now() };
  } catch {
    return undefined;
  }
}

const sleepUntil = (t: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, t - now())));

const pct = (sorted: Float64Array, p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => (Number.isNaN(n) ? "–" : n.toFixed(1));

interface Allocation {
  key?: string;
  sentAt: number;
  respondedAt?: number;
  failed?: string;
}

interface Latencies {
  /** Every socket's sample, sorted. */
  all: Float64Array;
  /** Per message, the first socket's sample, sorted: the part before the fan-out. */
  first: Float64Array;
  missed: number;
  early: number;
}

/** Latency samples of every (message, socket): arrival − origin, clamped at 0 (counted in `early`). */
function latencies<K>(
  arrivalsByKey: Map<K, Float64Array>,
  origins: Map<K, number>,
  sockets: number,
): Latencies {
  const all: number[] = [];
  const first: number[] = [];
  let missed = 0;
  let early = 0;
  for (const [key, origin] of origins) {
    const arrivals = arrivalsByKey.get(key);
    if (!arrivals) {
      missed += sockets;
      continue;
    }
    let earliest = Number.POSITIVE_INFINITY;
    for (const at of arrivals) {
      if (Number.isNaN(at)) {
        missed++;
        continue;
      }
      const latency = at - origin;
      if (latency < 0) early++;
      all.push(Math.max(0, latency));
      earliest = Math.min(earliest, Math.max(0, latency));
    }
    if (earliest !== Number.POSITIVE_INFINITY) first.push(earliest);
  }
  return {
    all: Float64Array.from(all).sort(),
    first: Float64Array.from(first).sort(),
    missed,
    early,
  };
}

/** Every server, watchers' process and scratch database started, for the clean-up. */
const servers: ChildProcess[] = [];
const watchers: ChildProcess[] = [];
const databases: Awaited<ReturnType<typeof openFreshPostgres>>[] = [];
let cleaning: Promise<void> | undefined;
/** Kills the children and drops the scratch databases; safe to call more than once. */
const cleanup = () => {
  cleaning ??= (async () => {
    await Promise.all([...watchers.map((c) => end(c)), ...servers.map((s) => end(s, { type: "stop" }))]);
    for (const database of databases)
      await database.close().catch((err) => console.error("could not drop a scratch database:", err));
  })();
  return cleaning;
};
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));
}

/** One server under test (this checkout's, or the baseline's) with its group, case and watchers. */
interface Target {
  label: string;
  /**
   * A turn of `seconds` at RATE: allocations, each on the next item; bare broadcasts; or an allocation and a
   * bare broadcast half a period after it (mixed). Tells the processes what kind of turn it is.
   */
  run(seconds: number, kind: TurnKind): Promise<void>;
  /**
   * Waits until the server and the watchers have handled what the last turn sent, and a little more: an
   * overloaded turn's backlog (bare broadcasts queued in the server at 5,000 sockets) would otherwise fall
   * on the next turn, of the other kind.
   */
  settle(): Promise<void>;
  /** Forget the warm-up: what runs from now on is measured, starting with a turn of `kind`. */
  measure(kind: TurnKind): void;
  allocations: Allocation[];
  pingIds: number[];
  /** When the driver asked for each bare broadcast (by ping id). */
  pingAskedAt: Map<number, number>;
  /** The app processes, and one watchers' process for each with its share of the sockets. */
  servers: ChildProcess[];
  clients: ChildProcess[];
  /** Per app process: its memory before the sockets connected and once they all watched. */
  memory: { before?: MemoryFigures; after?: MemoryFigures; sockets: number }[];
}

async function setUp(label: string, root: string, redis: boolean, profile?: string): Promise<Target> {
  if (PROCESSES > 1 && !redis) throw new Error("BENCH_PROCESSES > 1 needs Redis (BENCH_REDIS_URL)");
  const database = await openFreshPostgres();
  databases.push(database);
  const started: ChildProcess[] = [];
  const bases: string[] = [];
  // One after another: the first one migrates the scratch database.
  for (let p = 0; p < PROCESSES; p++) {
    const server = forkChild(
      "realtimeServer.ts",
      {
        DATABASE_URL: database.url,
        REDIS_URL: redis ? REDIS_URL : "",
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
        BCRYPT_COST: "4",
        JWT_SECRET,
        CSRF_SECRET: "realtime-bench-csrf",
      },
      p === 0 ? profile : undefined,
      root,
    );
    servers.push(server);
    started.push(server);
    bases.push((await nextMessage<FromServer, "ready">(server, "ready", 60_000)).url);
  }
  const base = bases[0]!;

  // One group: an owner who sets up the stock and the case, and one member per socket.
  const { group, access, category } = await benchGroup(base);
  const stamp = Date.now().toString(36);
  const items: number[] = await pool(ITEMS, 8, async (i) => {
    const item = await api(bases[i % bases.length]!, "POST", "/api/items/", access, {
      title: `item-${i}`,
      category: category.id,
      stock_quantity: STOCK,
      note: "",
      group: group.id,
    });
    return item.id;
  });
  const kase = await api(base, "POST", "/api/workcases/", access, {
    title: "bench-case",
    // A case in the coming weeks, as a booking in progress would be.
    start_date: new Date(Date.now() + 30 * DAY).toISOString(),
    end_date: new Date(Date.now() + 40 * DAY).toISOString(),
    note: "",
    group: group.id,
  });
  // The members are written straight into the scratch database (the owner's password hash, active
  // members) and given access tokens signed with the servers' secret: signing up thousands over HTTP took
  // minutes of bcrypt and is not what is measured. Each socket's handshake still checks its token and
  // membership as in production.
  const setupStarted = now();
  const admin = new Client({ connectionString: database.url });
  await admin.connect();
  const { rows } = await admin.query<{ id: number }>(
    `INSERT INTO users (group_id, email, password_hash, first_name, last_name, is_member, is_owner)
     SELECT $1, 'member-' || $2 || '-' || g || '@example.com',
            (SELECT password_hash FROM users WHERE group_id = $1 LIMIT 1), 'b', g::text, true, false
       FROM generate_series(0, $3 - 1) AS g
     RETURNING id`,
    [group.id, stamp, SOCKETS],
  );
  await admin.end();
  const tokens = rows.map((r) => signAccessToken(JWT_SECRET, r.id, group.id, 3600));
  console.info(`${label}: ${SOCKETS} members added in ${((now() - setupStarted) / 1000).toFixed(1)} s`);

  // A baseline checkout's server may not answer: its memory is then not reported.
  const memoryOf = async (server: ChildProcess): Promise<MemoryFigures | undefined> => {
    const answer = nextMessage<FromServer, "memory">(server, "memory", 5_000);
    tell<ToServer>(server, { type: "memory" });
    return (await answer.catch(() => undefined))?.memory;
  };
  const before = await Promise.all(started.map(memoryOf));
  const connectStarted = now();
  // The sockets spread evenly: watchers' process p holds every PROCESSES-th token and connects to server p.
  const clients = started.map(() => {
    const child = forkChild("realtimeClients.ts", {});
    watchers.push(child);
    return child;
  });
  const shares = started.map((_, p) => tokens.filter((_, i) => i % PROCESSES === p));
  await Promise.all(
    clients.map((child, p) => {
      const ready = nextMessage<FromClients, "ready">(child, "ready", 300_000);
      tell<ToClients>(child, { type: "connect", url: bases[p]!, tokens: shares[p]!, caseId: kase.id });
      return ready;
    }),
  );
  console.info(
    `${label}: ${SOCKETS} sockets on ${PROCESSES} process(es) watching case ${kase.id} after ${((now() - connectStarted) / 1000).toFixed(1)} s`,
  );
  // Let the handshakes' garbage go before the second reading.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await Promise.all(started.map(memoryOf));
  const memory = started.map((_, p) => ({ before: before[p], after: after[p], sockets: shares[p]!.length }));

  let allocated = 0;
  let pinged = 0;
  const target: Target = {
    label,
    servers: started,
    clients,
    memory,
    allocations: [],
    pingIds: [],
    pingAskedAt: new Map(),
    async settle() {
      await Promise.all([
        ...started.map((server) => {
          const settled = nextMessage<FromServer, "settled">(server, "settled", 120_000);
          tell<ToServer>(server, { type: "settle" });
          return settled;
        }),
        ...clients.map((child) => {
          const settled = nextMessage<FromClients, "settled">(child, "settled", 120_000);
          tell<ToClients>(child, { type: "settle" });
          return settled;
        }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    },
    measure(kind) {
      target.allocations = [];
      target.pingIds = [];
      for (const server of started) tell<ToServer>(server, { type: "measure", kind });
      for (const child of clients) tell<ToClients>(child, { type: "measure", kind });
    },
    // Open loop: the next allocation does not wait for the previous answer.
    async run(seconds, kind) {
      for (const server of started) tell<ToServer>(server, { type: "turn", kind });
      for (const child of clients) tell<ToClients>(child, { type: "turn", kind });
      const calls: Promise<void>[] = [];
      const period = 1000 / RATE;
      const count = Math.round(seconds * RATE);
      const start = now() + 50;
      const ping = () => {
        const id = pinged++;
        target.pingIds.push(id);
        target.pingAskedAt.set(id, now());
        tell<ToServer>(started[id % started.length]!, { type: "ping", groupId: group.id, id });
      };
      for (let i = 0; i < count; i++) {
        await sleepUntil(start + i * period);
        if (kind === "bare") {
          ping();
          continue;
        }
        const allocation: Allocation = { sentAt: now() };
        target.allocations.push(allocation);
        const item = items[allocated++]!;
        // The writes go through every app process in turn.
        calls.push(
          api(bases[i % bases.length]!, "POST", `/api/additem/${item}/${kase.id}/`, access)
            .then((body) => {
              allocation.respondedAt = now();
              allocation.key = rowKey(body.summary.id, body.summary.shippable_quantity);
            })
            .catch((err) => {
              allocation.failed = String(err);
            }),
        );
        if (kind !== "mixed") continue;
        await sleepUntil(start + (i + 0.5) * period);
        ping();
      }
      await Promise.all(calls);
    },
  };
  return target;
}

const TURN_NAMES: Record<TurnKind, string> = {
  allocations: "allocation turns",
  bare: "bare-broadcast turns",
  mixed: "both interleaved",
};

/** A target's figures once its turns are over: latencies at its watchers, HTTP times, loop lag. */
async function figuresOf(target: Target, withLag: boolean) {
  const { servers: started, clients, allocations, pingIds } = target;
  // Loop lag and CPU over the measurement: until the last allocation has answered.
  const serverLags = Promise.all(
    started.map((server) => nextMessage<FromServer, "lag">(server, "lag", 120_000)),
  );
  const clientLags = Promise.all(
    clients.map((child) => nextMessage<FromClients, "lag">(child, "lag", 120_000)),
  );
  for (const server of started) tell<ToServer>(server, { type: "lag" });
  for (const child of clients) tell<ToClients>(child, { type: "lag" });
  const [serverLoops, clientLoops] = await Promise.all([serverLags, clientLags]);
  const emits = Float64Array.from(serverLoops.flatMap((l) => l.emitMs)).sort();
  const loopRows = (name: string, byTurn: LagByTurn) =>
    KINDS.flatMap((kind) => {
      const lag = byTurn[kind];
      if (!lag) return [];
      const during = KINDS.length > 1 ? ` (${TURN_NAMES[kind]})` : "";
      return [
        `| ${name}${during} | ${ms(lag.p50)} | ${ms(lag.p99)} | ${ms(lag.max)} | ${Math.round(lag.cpu * 100)} % |`,
      ];
    });
  const n = (i: number, of: number) => (of > 1 ? ` ${i + 1}` : "");
  // With a baseline the window spans the other server's turns too: its lag and CPU share say little.
  const lagRows = withLag
    ? [
        ...serverLoops.flatMap((l, i) => loopRows(`app server${n(i, serverLoops.length)}`, l.lag)),
        ...clientLoops.flatMap((l, i) => loopRows(`watchers' process${n(i, clientLoops.length)}`, l.lag)),
      ]
    : [];

  const done = allocations.filter((a) => a.key !== undefined);
  const failed = allocations.filter((a) => a.failed);
  const reports = await Promise.all(
    clients.map((child) => {
      const report = nextMessage<FromClients, "report">(child, "report", 60_000);
      tell<ToClients>(child, { type: "drain", rowKeys: done.map((a) => a.key!), pingIds, waitMs: 10_000 });
      return report;
    }),
  );
  // Every watchers' process's arrivals side by side, one slot per socket (NaN where one never arrived).
  const sizes = target.memory.map((m) => m.sockets);
  const merge = <K>(tables: Map<K, Float64Array>[]) => {
    const keys = new Set(tables.flatMap((t) => [...t.keys()]));
    const out = new Map<K, Float64Array>();
    for (const key of keys) {
      const arrivals = new Float64Array(SOCKETS).fill(Number.NaN);
      let offset = 0;
      tables.forEach((t, p) => {
        const own = t.get(key);
        if (own) arrivals.set(own, offset);
        offset += sizes[p]!;
      });
      out.set(key, arrivals);
    }
    return out;
  };
  const pingSentAt = new Map(reports.flatMap((r) => [...r.pingSentAt]));
  const inventory = latencies(
    merge(reports.map((r) => r.rows)),
    new Map(done.map((a) => [a.key!, a.respondedAt!])),
    SOCKETS,
  );
  const pings = merge(reports.map((r) => r.pings));
  const bare = latencies(
    pings,
    new Map(pingIds.map((id) => [id, pingSentAt.get(id) ?? Number.NaN])),
    SOCKETS,
  );
  // The same arrivals from the moment the driver asked: with the time the request waited in the server.
  const bareAsked = latencies(
    pings,
    new Map(pingIds.map((id) => [id, target.pingAskedAt.get(id) ?? Number.NaN])),
    SOCKETS,
  );
  const http = Float64Array.from(done.map((a) => a.respondedAt! - a.sentAt)).sort();
  const disconnects = reports.reduce((sum, r) => sum + r.disconnects, 0);
  return { inventory, bare, bareAsked, http, failed, emits, lagRows, disconnects };
}

async function main() {
  const loadBefore = loadavg();
  const redis = REDIS_URL !== "" && REDIS_URL !== "off" && (await reachable(REDIS_URL));
  if (REDIS_URL !== "" && REDIS_URL !== "off" && !redis)
    console.warn(`Redis at ${REDIS_URL} unreachable: running without`);

  const targets = [await setUp("this checkout", ROOT, redis, process.env.BENCH_PROFILE)];
  if (BASELINE_ROOT) targets.push(await setUp(`baseline (${BASELINE_ROOT})`, BASELINE_ROOT, redis));

  for (const target of targets)
    for (const kind of KINDS) {
      await target.run(WARMUP_SECONDS, kind);
      await target.settle();
    }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const target of targets) target.measure(KINDS[0]!);
  const loadAtStart = loadavg();
  const pressureAtStart = cpuPressure();
  const measureStarted = now();
  for (let turn = 0; turn < TURNS; turn++) {
    for (const target of targets)
      for (const kind of KINDS) {
        await target.run(SECONDS / TURNS, kind);
        if (TURNS > 1) await target.settle();
      }
  }
  const sendSeconds = (now() - measureStarted) / 1000;
  const loadAtEnd = loadavg();
  const pressureAtEnd = cpuPressure();
  const stalled =
    pressureAtStart && pressureAtEnd
      ? (pressureAtEnd.stalledUs - pressureAtStart.stalledUs) / 1000 / (pressureAtEnd.at - pressureAtStart.at)
      : undefined;

  const figures: ({ target: Target } & Awaited<ReturnType<typeof figuresOf>>)[] = [];
  for (const target of targets) figures.push({ target, ...(await figuresOf(target, targets.length === 1)) });
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  const first = figures[0]!;
  const sent = first.target.allocations.length;
  const pings = first.target.pingIds.length;
  const turn = (SECONDS / TURNS).toFixed(1);
  const how = {
    turns: `${sent} allocations and ${pings} bare broadcasts at ${RATE}/s each, in ${TURNS} turns of ${turn} s of allocations alone, each followed by ${turn} s of bare broadcasts alone`,
    mixed: `${sent} allocations at ${RATE}/s, each followed half a period later by a bare broadcast (${pings})`,
    off: `${sent} allocations at ${RATE}/s, no bare broadcast (BENCH_BARE=0)`,
  }[BARE_MODE];
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${cpus().length} cores, ` +
      `Redis adapter ${redis ? "on" : "off"}. ${SOCKETS} sockets (one member each) watching one case, spread over ${PROCESSES} app process${PROCESSES > 1 ? "es" : ""} (one watchers' process each, watching through ${WATCHER}), the allocations and bare broadcasts sent through each in turn; ` +
      `${how}` +
      (targets.length === 1
        ? `: ${sendSeconds.toFixed(1)} s in all, ${first.failed.length} allocations failed, after ${WARMUP_SECONDS} s of warm-up${KINDS.length > 1 ? " of each kind" : ""}.`
        : `, per server, taking turns with the other server (${sendSeconds.toFixed(1)} s in all), after ` +
          `${WARMUP_SECONDS} s of warm-up each; each server has its own scratch database and watchers' process.`),
    `Load average (1 / 5 / 15 min): ${load(loadBefore)} before the set-up, ${load(loadAtStart)} at the start ` +
      `of the measurement, ${load(loadAtEnd)} at its end` +
      (stalled === undefined
        ? "."
        : `; some runnable task was waiting for a CPU ${Math.round(stalled * 100)} % of the measured time (/proc/pressure/cpu).`),
    "",
    `| ${targets.length > 1 ? "server | " : ""}latency to each watcher (ms) | samples | p50 | p99 | max | first watcher p50 | first watcher p99 | missed |`,
    `| ${targets.length > 1 ? "--- | " : ""}--- | --- | --- | --- | --- | --- | --- | --- |`,
  ];
  const who = (f: (typeof figures)[number]) => (targets.length > 1 ? `${f.target.label} | ` : "");
  for (const f of figures) {
    const { inventory, bare } = f;
    lines.push(
      `| ${who(f)}\`inventory.changed\`, from the HTTP response | ${inventory.all.length} | ${ms(pct(inventory.all, 50))} | ${ms(pct(inventory.all, 99))} | ${ms(pct(inventory.all, 100))} | ${ms(pct(inventory.first, 50))} | ${ms(pct(inventory.first, 99))} | ${inventory.missed} |`,
      ...(BARE
        ? [
            `| ${who(f)}bare \`bench.ping\` broadcast, from the emit | ${bare.all.length} | ${ms(pct(bare.all, 50))} | ${ms(pct(bare.all, 99))} | ${ms(pct(bare.all, 100))} | ${ms(pct(bare.first, 50))} | ${ms(pct(bare.first, 99))} | ${bare.missed} |`,
            `| ${who(f)}the same, from the driver's request | ${f.bareAsked.all.length} | ${ms(pct(f.bareAsked.all, 50))} | ${ms(pct(f.bareAsked.all, 99))} | ${ms(pct(f.bareAsked.all, 100))} | ${ms(pct(f.bareAsked.first, 50))} | ${ms(pct(f.bareAsked.first, 99))} | ${f.bareAsked.missed} |`,
          ]
        : [`| ${who(f)}bare \`bench.ping\` broadcast: none sent (BENCH_BARE=0) | | | | | | | |`]),
    );
  }
  lines.push("");
  for (const f of figures) {
    const { inventory, bare, http } = f;
    const ratio = BARE ? pct(inventory.all, 99) / pct(bare.all, 99) : Number.NaN;
    const ratioAsked = BARE ? pct(inventory.all, 99) / pct(f.bareAsked.all, 99) : Number.NaN;
    lines.push(
      `${targets.length > 1 ? `${f.target.label}: ` : ""}` +
        (BARE
          ? `p99 inventory / bare = **${ratio.toFixed(2)}** (${ratioAsked.toFixed(2)} against the bare broadcast from the driver's request). Targets (inventory p99 < 100 ms, ratio ≤ 2, none ` +
            `missed): **${pct(inventory.all, 99) < 100 && ratio <= 2 && inventory.missed === 0 ? "met" : "not met"}**. `
          : "No bare broadcasts (BENCH_BARE=0): no ratio. ") +
        `Events that arrived before the driver had read the HTTP response (counted as 0 ms): ${inventory.early} of ${inventory.all.length}. ` +
        `HTTP additem p50 ${ms(pct(http, 50))} ms, p99 ${ms(pct(http, 99))} ms (target p99 < 50 ms: **${pct(http, 99) < 50 ? "met" : "not met"}**); ${f.failed.length} failed. Socket disconnects during the run: ${f.disconnects}.`,
    );
  }
  if (targets.length === 1) {
    lines.push(
      "",
      "| process, during the measurement | event-loop delay p50 ms | p99 ms | max ms | CPU (of one core) |",
      "| --- | --- | --- | --- | --- |",
      ...first.lagRows,
    );
  }
  lines.push("");
  for (const f of BARE ? figures : []) {
    lines.push(
      `${targets.length > 1 ? `${f.target.label}: t` : "T"}ime inside the server's emit call of one bare broadcast to ${SOCKETS} sockets (the synchronous ` +
        `encoding and socket writes): p50 ${ms(pct(f.emits, 50))} ms, p99 ${ms(pct(f.emits, 99))} ms.`,
    );
  }
  for (const f of figures) {
    const mib = (b: number) => (b / 1024 / 1024).toFixed(1);
    const perSocket = f.target.memory
      .filter((m) => m.before && m.after)
      .map(
        (m, i) =>
          `${f.target.memory.length > 1 ? `process ${i + 1}: ` : ""}RSS ${mib(m.before!.rss)} → ${mib(m.after!.rss)} MiB ` +
          `with ${m.sockets} sockets, ${((m.after!.rss - m.before!.rss) / m.sockets / 1024).toFixed(1)} KiB RSS per socket ` +
          `(JS heap ${((m.after!.heapUsed - m.before!.heapUsed) / m.sockets / 1024).toFixed(1)} KiB, buffers ` +
          `${((m.after!.external - m.before!.external) / m.sockets / 1024).toFixed(1)} KiB after a full GC)`,
      );
    if (perSocket.length > 0)
      lines.push(
        `${figures.length > 1 ? `${f.target.label}: m` : "M"}emory per connected socket: ${perSocket.join("; ")}.`,
      );
  }
  const failure = figures.find((f) => f.failed.length > 0);
  if (failure) lines.push("", `First failure (${failure.target.label}): ${failure.failed[0]!.failed}`);
  const text = lines.join("\n");
  console.info(text);
  // The prose of the section is kept as written in the file; only the figures between the run markers move.
  writeDocsSection("realtime-run", text);
}

main()
  .then(() => cleanup())
  .catch(async (err) => {
    console.error(err);
    await cleanup();
    process.exitCode = 1;
  });
