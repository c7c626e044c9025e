/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * Allocation benchmark on PostgreSQL, two paths side by side in one run (three with BENCH_BASELINE_ROOT):
 *  1. HTTP: 32 concurrent clients calling POST /api/additem/{item}/{case}/ on the real server, which runs
 *     in a separate process (started from sources); then the same with two app processes on the database,
 *     as docker-compose runs it. Each closed-loop client has a kept-alive connection of its own and a
 *     minimal client (rawHttp.ts), so that the load generator takes as little as it can of the 2 vCPUs.
 *  2. Direct: the same transaction (lock the case and the item row, read the overlapping bookings, check the
 *     peak with common/availability, upsert the order item and record it in the history: the transaction of
 *     allocation/addUnit.queries.ts) issued
 *     straight through `pg` by 32 concurrent loops sharing the same number of connections (POOL).
 * Each closed loop runs on items and cases of its own that have no order items yet, after WARM_UP_SECONDS of
 * the same loop on a warm-up workload (a new process runs its first seconds unoptimised). The three closed
 * loops take turns in BENCH_SLICES slices (see interleaved), so a drift of the machine's speed during the
 * run falls on all of them alike.
 * Each path is driven twice: closed loop (throughput at saturation, where latency is only queueing) and
 * open loop at a fixed rate below it (BENCH_RATE, default 300/s: the latency users see at that load),
 * after one second at that rate that is not counted. The stalls of 100–500 ms the open loops used to show
 * came with pg-pool closing a burst's idle connections (10 s after the closed loop): both pools are now
 * fixed-size (docs/benchmarks.md).
 * BENCH_BASELINE_ROOT=<another checkout with its node_modules> adds a closed loop on one app process run
 * from that checkout's sources, on a scratch database of its own (its migrations may differ), taking turns
 * with the others: a change's before and after in one run.
 * Mail and webhooks (issue 40, point 5): two more closed loops, each on one app process of its own on a scratch
 * database, side by side in the same turns: mail and webhooks off, and on with a mail server and three webhook
 * receivers that never answer, each process with a background of events and movements (deliveryMode.ts).
 * BENCH_DELIVERY=0 leaves them out.
 * The read views (weekly view, inventory summary) have a benchmark of their own: scripts/bench/readViews.ts.
 *
 *   node -r esbuild-register scripts/bench/allocation.ts
 *
 * PostgreSQL from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch database is
 * created and dropped. Writes the figures into docs/benchmarks.md between the allocation markers (not with
 * BENCH_DOCS=0).
 */
import http from "node:http";
import { peakUsage } from "@zaiko/common/availability/index";
import { Pool } from "pg";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { api, benchGroup, cpuYardstick, watchMemoryReclaim, writeDocsSection } from "./benchApi";
import { type Background, startDeliveryMode } from "./deliveryMode";
import { additem, drive, driveAtRate, fmt, pct, type Run } from "./loops";
import { RawHttpClient } from "./rawHttp";

const CLIENTS = Number(process.env.BENCH_CLIENTS || 32);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const ITEMS = 64;
/**
 * Connections to PostgreSQL on every path: the app's pool (PG_POOL_SIZE; half each with two processes) and
 * the direct path's. 8, not one per client: on a 2-vCPU machine 32 sessions make PostgreSQL spend more CPU
 * per transaction and serve fewer allocations than 8 do (set BENCH_POOL to compare). The 32 clients queue
 * for a connection.
 */
const POOL = Number(process.env.BENCH_POOL || 8);
/**
 * Seconds of the same closed loop, on cases of their own, before each measured one: a new app process (and
 * the bench's own pg code) runs its first seconds unoptimised, at about two thirds of its later rate.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS || 3);
/** Turns of the closed loops (see interleaved). */
const SLICES = Number(process.env.BENCH_SLICES || 4);
/** Offered load of the open-loop rows: about half of what one app process serves at saturation. */
const RATE = Number(process.env.BENCH_RATE || 300);
/** Another checkout whose server runs beside this one's, for a before/after in one run (see above). */
const BASELINE_ROOT = process.env.BENCH_BASELINE_ROOT;
/** The mail-and-webhooks comparison (deliveryMode.ts); BENCH_DELIVERY=0 leaves it out. */
const DELIVERY = process.env.BENCH_DELIVERY !== "0";
/** The open loop of the comparison: well below what one process serves, so latency is not queueing. */
const DELIVERY_RATE = Number(process.env.BENCH_DELIVERY_RATE || 50);

/** What one measured loop allocates: items (stock 1,000,000) and one case per client. */
interface Workload {
  items: number[];
  cases: number[];
}

/** One additem call of a path, on a client's case of a workload. */
type Call = (load: Workload, client: number) => Promise<boolean>;

/** One closed-loop path of the comparison: its call and its own workload. */
interface ClosedLoopPath {
  call: Call;
  load: Workload;
}

/**
 * The closed loops of all paths, SLICES slices of SECONDS / SLICES each, taking turns (one, two, direct,
 * one, two, direct, …), each path's slices summed. This VM's speed drifts by a fifth within a minute
 * (docs/benchmarks.md); measured one after another, a path that ran in a slow minute looked worse than
 * the code made it, and the ratio moved with it. In turns, every path sees the same minutes.
 */
async function interleaved(paths: ClosedLoopPath[]): Promise<Run[]> {
  const runs: Run[][] = paths.map(() => []);
  for (let slice = 0; slice < SLICES; slice++) {
    for (const [i, p] of paths.entries()) {
      runs[i]!.push(await drive(CLIENTS, SECONDS / SLICES, (c) => p.call(p.load, c)));
    }
  }
  return runs.map((slices) => ({
    ops: slices.reduce((n, r) => n + r.ops, 0),
    seconds: slices.reduce((n, r) => n + r.seconds, 0),
    latencies: slices.flatMap((r) => r.latencies).sort((a, b) => a - b),
    errors: slices.reduce((n, r) => n + r.errors, 0),
  }));
}

/**
 * The direct path: the transaction of backend/src/allocation/addUnit.queries.ts (BEGIN, the database
 * function that locks, writes the unit and reads the bookings, COMMIT), with the same parameters and the
 * same check (common/availability), straight through `pg`.
 */
async function directAddItem(
  pool: Pool,
  groupId: number,
  itemId: number,
  caseId: number,
  actorId: number,
): Promise<boolean> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query("SELECT add_allocation_unit($1, $2, $3, $4) AS r", [
      groupId,
      caseId,
      itemId,
      actorId,
    ]);
    const r = rows[0].r;
    const window = { start: r.order_item.start, end: r.order_item.end };
    const bookings = r.bookings.map(([start, end, quantity]: number[]) => ({ start, end, quantity }));
    if (peakUsage(bookings, window) + (r.added ? 0 : 1) > r.stock_quantity) throw new Error("short");
    await client.query("COMMIT");
    return true;
  } catch (err) {
    await client.query("ROLLBACK");
    throw err;
  } finally {
    client.release();
  }
}

type WorkloadOn = (
  base: string,
  access: string,
  group: { id: number },
  category: { id: number },
  label: string,
) => Promise<Workload>;

/**
 * One app process of another checkout on a scratch database of its own, with its group, a warm-up workload
 * and a measured one, and the closed-loop call on it (same client as this checkout's one-process path).
 */
async function startBaseline(root: string, workloadOn: WorkloadOn) {
  const database = await openFreshPostgres();
  const app = await startAppProcess(
    { DATABASE_URL: database.url, LOG_LEVEL: "silent", PG_POOL_SIZE: String(POOL) },
    [],
    undefined,
    root,
  );
  const { group, access, category } = await benchGroup(app.url);
  const warmUp = await workloadOn(app.url, access, group, category, "baseline-warm-up");
  const load = await workloadOn(app.url, access, group, category, "baseline");
  const auth = { Authorization: `Bearer ${access}` };
  const users = Array.from({ length: CLIENTS }, () => new RawHttpClient(new URL(app.url)));
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  const call: Call = async (w, c) =>
    (await users[c]!.request("POST", `/api/additem/${pick(w.items)}/${w.cases[c]!}/`, auth)) === 200;
  return {
    call,
    warmUp,
    load,
    stop: async () => {
      for (const user of users) user.close();
      await app.stop();
      await database.close();
    },
  };
}

async function main() {
  const yardstick = await cpuYardstick();
  const database = await openFreshPostgres();
  const url = database.url;
  // The server runs in a process of its own, as in production: the load generator must not share its
  // event loop (the direct path's pg sessions run in this process).
  const server = await startAppProcess({
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    PG_POOL_SIZE: String(POOL),
  });
  const base = server.url;
  const { group, access, category } = await benchGroup(base);
  /** 64 items and one case per client, none with order items yet, in a group of a server. */
  const workloadOn = async (
    base: string,
    access: string,
    group: { id: number },
    category: { id: number },
    label: string,
  ): Promise<Workload> => {
    const items: number[] = [];
    for (let i = 0; i < ITEMS; i++) {
      const item = await api(base, "POST", "/api/items/", access, {
        title: `${label}-item-${i}`,
        category: category.id,
        stock_quantity: 1_000_000,
        note: "",
        group: group.id,
      });
      items.push(item.id);
    }
    const cases: number[] = [];
    for (let c = 0; c < CLIENTS; c++) {
      const wc = await api(base, "POST", "/api/workcases/", access, {
        title: `${label}-case-${c}`,
        start_date: `2027-0${1 + (c % 6)}-01T09:00:00+09:00`,
        end_date: `2027-0${2 + (c % 6)}-15T18:00:00+09:00`,
        note: "",
        group: group.id,
      });
      cases.push(wc.id);
    }
    return { items, cases };
  };
  const newWorkload = (label: string) => workloadOn(base, access, group, category, label);
  // The direct path records its units in the history by the same member, as the server does.
  const actorId: number = (await api(base, "GET", "/api/user-info/", access)).user.id;
  // Every measured closed loop starts from the same state, items and cases of its own without order items,
  // so each path runs the same mix of first units (inserts) and further units (updates) over the same
  // number of bookings; the warm-ups run on a workload of their own.
  const warmUp = await newWorkload("warm-up");
  const oneProcessLoad = await newWorkload("one-process");
  const twoProcessLoad = await newWorkload("two-processes");
  const directLoad = await newWorkload("direct");
  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const baseUrl = new URL(base);
  // Fixed-size, as the app's pool (db/client.ts): no idle connections closed in the middle of a loop.
  const pool = new Pool({ connectionString: url, max: POOL, min: POOL });
  const auth = { Authorization: `Bearer ${access}` };
  /** The closed loops' clients: one connection per simulated user (rawHttp.ts). */
  const usersOf = (bases: URL[]) =>
    Array.from({ length: CLIENTS }, (_, c) => new RawHttpClient(bases[c % bases.length]!));
  const plus = async (user: RawHttpClient, itemId: number, caseId: number) =>
    (await user.request("POST", `/api/additem/${itemId}/${caseId}/`, auth)) === 200;
  const oneProcessUsers = usersOf([baseUrl]);
  const oneProcessCall: Call = (load, c) => plus(oneProcessUsers[c]!, pick(load.items), load.cases[c]!);
  const directCall: Call = (load, c) =>
    directAddItem(pool, group.id, pick(load.items), load.cases[c]!, actorId);
  // The docker-compose topology: two app processes on the same database, half of the clients on each.
  const second = await startAppProcess({
    DATABASE_URL: url,
    LOG_LEVEL: "silent",
    PG_POOL_SIZE: String(Math.max(1, POOL / 2)),
  });
  const twoProcessUsers = usersOf([baseUrl, new URL(second.url)]);
  const twoProcessCall: Call = (load, c) => plus(twoProcessUsers[c]!, pick(load.items), load.cases[c]!);
  const baseline = BASELINE_ROOT ? await startBaseline(BASELINE_ROOT, workloadOn) : undefined;
  const deliveryOff = DELIVERY ? await startDeliveryMode(false, workloadOn, CLIENTS, POOL) : undefined;
  const deliveryOn = DELIVERY ? await startDeliveryMode(true, workloadOn, CLIENTS, POOL) : undefined;
  for (const call of [oneProcessCall, twoProcessCall, directCall]) {
    await drive(CLIENTS, WARM_UP_SECONDS, (c) => call(warmUp, c));
  }
  if (baseline) await drive(CLIENTS, WARM_UP_SECONDS, (c) => baseline.call(baseline.warmUp, c));
  for (const mode of [deliveryOff, deliveryOn]) {
    if (mode) await drive(CLIENTS, WARM_UP_SECONDS, (c) => mode.call(mode.warmUp, c));
  }
  // The background's figures count from here, as the turns do.
  for (const mode of [deliveryOff, deliveryOn]) {
    if (!mode) continue;
    for (const list of [mode.background.confirm, mode.background.issue, mode.background.receive])
      list.length = 0;
    mode.background.errors = 0;
  }
  const reclaim = watchMemoryReclaim();
  const cpuAtStart = [deliveryOff?.cpuSeconds() ?? 0, deliveryOn?.cpuSeconds() ?? 0];
  const extra = [
    ...(baseline ? [{ call: baseline.call, load: baseline.load }] : []),
    ...(deliveryOff && deliveryOn
      ? [
          { call: deliveryOff.call, load: deliveryOff.load },
          { call: deliveryOn.call, load: deliveryOn.load },
        ]
      : []),
  ];
  const runs = await interleaved([
    { call: oneProcessCall, load: oneProcessLoad },
    { call: twoProcessCall, load: twoProcessLoad },
    { call: directCall, load: directLoad },
    ...extra,
  ]);
  const [oneProcess, twoProcesses, direct] = runs as [Run, Run, Run];
  const baselineRun = baseline ? runs[3] : undefined;
  const [offRun, onRun] = deliveryOn ? (runs.slice(baseline ? 4 : 3) as [Run, Run]) : [];
  const backgroundOf = (b: Background) => ({
    confirm: [...b.confirm].sort((x, y) => x - y),
    issue: [...b.issue].sort((x, y) => x - y),
    receive: [...b.receive].sort((x, y) => x - y),
    errors: b.errors,
  });
  const cpuUsed = [
    (deliveryOff?.cpuSeconds() ?? 0) - cpuAtStart[0]!,
    (deliveryOn?.cpuSeconds() ?? 0) - cpuAtStart[1]!,
  ];
  // Open loop at a fixed rate below saturation, off and on taking turns: does a write wait for anything?
  const atRate: [Run[], Run[]] = [[], []];
  if (deliveryOff && deliveryOn) {
    for (let turn = 0; turn < SLICES; turn++) {
      atRate[0].push(await driveAtRate(DELIVERY_RATE, SECONDS / SLICES, deliveryOff.plusAtRate));
      atRate[1].push(await driveAtRate(DELIVERY_RATE, SECONDS / SLICES, deliveryOn.plusAtRate));
    }
  }
  const merged = (runs: Run[]): Run => ({
    ops: runs.reduce((n, r) => n + r.ops, 0),
    seconds: runs.reduce((n, r) => n + r.seconds, 0),
    latencies: runs.flatMap((r) => r.latencies).sort((a, b) => a - b),
    errors: runs.reduce((n, r) => n + r.errors, 0),
  });
  const offAtRate = merged(atRate[0]);
  const onAtRate = merged(atRate[1]);
  const offBackground = deliveryOff ? backgroundOf(deliveryOff.background) : undefined;
  const onBackground = deliveryOn ? backgroundOf(deliveryOn.background) : undefined;
  const queueOn = deliveryOn ? await deliveryOn.queueState() : "";
  for (const user of [...oneProcessUsers, ...twoProcessUsers]) user.close();
  await second.stop();
  await baseline?.stop();
  await deliveryOff?.stop();
  await deliveryOn?.stop();

  const httpAtRate = () =>
    additem(agent, baseUrl, pick(oneProcessLoad.items), pick(oneProcessLoad.cases), access);
  await driveAtRate(RATE, 1, httpAtRate);
  const oneProcessAtRate = await driveAtRate(RATE, SECONDS, httpAtRate);
  agent.destroy();
  const directOpAtRate = () =>
    directAddItem(pool, group.id, pick(directLoad.items), pick(directLoad.cases), actorId);
  await driveAtRate(RATE, 1, directOpAtRate);
  const directAtRate = await driveAtRate(RATE, SECONDS, directOpAtRate);
  const reclaimDuringRun = reclaim();

  await pool.end();
  await server.stop();
  await database.close();

  const rate = (r: Run) => r.ops / r.seconds;
  const row = (label: string, r: Run) =>
    `| ${label} | ${fmt(rate(r))} | ${fmt(pct(r.latencies, 50))} | ${fmt(pct(r.latencies, 99))} | ${r.errors} |`;
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${CLIENTS} clients, ${SECONDS} s per path in ${SLICES} turns after ${WARM_UP_SECONDS} s of warm-up, ${ITEMS} items (random per call); ${yardstick}; ${reclaimDuringRun}.`,
    "",
    "Closed loop (each client sends its next call when the last one answered: the most the path serves):",
    "",
    "| path | allocations/s | p50 ms | p99 ms | errors |",
    "| --- | --- | --- | --- | --- |",
    row("HTTP POST /api/additem, one app process", oneProcess),
    row("HTTP POST /api/additem, two app processes", twoProcesses),
    row("same transaction through pg", direct),
    ...(baselineRun
      ? [row(`HTTP POST /api/additem, one app process, baseline (${BASELINE_ROOT})`, baselineRun)]
      : []),
    "",
    ...(baselineRun
      ? [
          `This checkout / baseline, one app process: **${(rate(oneProcess) / rate(baselineRun)).toFixed(3)}**.`,
          "",
        ]
      : []),
    `HTTP / direct = **${(rate(oneProcess) / rate(direct)).toFixed(3)}** with one app process, **${(rate(twoProcesses) / rate(direct)).toFixed(3)}** with two (target ≥ 0.7, issue 41); HTTP p99 target < 25 ms.`,
    "",
    `Open loop at a fixed ${RATE} calls/s over ${CLIENTS} kept-alive node:http connections (latency from the moment a call was due):`,
    "",
    "| path | allocations/s | p50 ms | p99 ms | errors |",
    "| --- | --- | --- | --- | --- |",
    row("HTTP POST /api/additem, one app process", oneProcessAtRate),
    row("same transaction through pg", directAtRate),
  ];
  const report = lines.join("\n");
  console.info(report);
  writeDocsSection("allocation", report);
  const deliveryLines = [
    ...(offRun && onRun && offBackground && onBackground
      ? [
          `Run of ${new Date().toISOString().slice(0, 16)}Z with the allocation benchmark above (same turns, ${SECONDS} s per path in ${SLICES} turns, ${CLIENTS} clients); ${yardstick}.`,
          "",
          "Mail and webhooks (issue 40): one app process each, on a database of its own, with 300 仮押さえ reminders queued and a background of a confirm, an issue and a receive every 250 ms (scripts/bench/deliveryMode.ts); closed loop of '+' in the same turns as above:",
          "",
          "| path | allocations/s | p50 ms | p99 ms | errors |",
          "| --- | --- | --- | --- | --- |",
          row("HTTP POST /api/additem, mail and webhooks off", offRun),
          row("HTTP POST /api/additem, SMTP server hanging + 3 webhooks hanging", onRun),
          "",
          `On / off = **${(rate(onRun) / rate(offRun)).toFixed(3)}**. CPU of the app process over the closed loops: off ${cpuUsed[0]!.toFixed(1)} s, on ${cpuUsed[1]!.toFixed(1)} s.`,
          "",
          `Open loop at a fixed ${DELIVERY_RATE} '+'/s, off and on taking turns (latency from the moment a call was due):`,
          "",
          "| path | allocations/s | p50 ms | p99 ms | errors |",
          "| --- | --- | --- | --- | --- |",
          row("HTTP POST /api/additem, mail and webhooks off", offAtRate),
          row("HTTP POST /api/additem, SMTP server hanging + 3 webhooks hanging", onAtRate),
          "",
          "The background's writes meanwhile (ms):",
          "",
          "| write | off p50 | off p99 | on p50 | on p99 | calls off / on |",
          "| --- | --- | --- | --- | --- | --- |",
          ...(["confirm", "issue", "receive"] as const).map(
            (k) =>
              `| ${k} (POST ${k === "confirm" ? "/api/workcases/{id}/status/" : `/api/orderitems/{id}/${k}/`}) | ${fmt(pct(offBackground[k], 50))} | ${fmt(pct(offBackground[k], 99))} | ${fmt(pct(onBackground[k], 50))} | ${fmt(pct(onBackground[k], 99))} | ${offBackground[k].length} / ${onBackground[k].length} |`,
          ),
          "",
          `Errors of the background: off ${offBackground.errors}, on ${onBackground.errors}. The "on" queue at the end: ${queueOn}.`,
        ]
      : []),
  ];
  if (deliveryLines.length > 0) {
    const deliveryReport = deliveryLines.join("\n");
    console.info(`\n${deliveryReport}`);
    writeDocsSection("delivery", deliveryReport);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
