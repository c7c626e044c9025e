/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * CSV import benchmark: a 10,000-row file imported over HTTP (all creates, then all updates) on PGlite and,
 * when reachable, PostgreSQL, while BENCH_WATCHERS (200) sockets watch a case and the '+' runs at
 * BENCH_RATE (10) per second on it; side by side, the same '+' for BENCH_SECONDS (10) with no import.
 * Per phase: the server's event-loop delay (monitorEventLoopDelay, max and p99), the '+' over HTTP and the
 * arrival of its `inventory.changed` at every watcher.
 *
 *   node -r esbuild-register scripts/bench/import.ts            # both drivers
 *   BENCH_DRIVERS=pglite node -r esbuild-register scripts/bench/import.ts
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch database is
 * created and dropped. The server, the '+' and the upload run in this process (their client work is inside
 * the delay figures); the watchers in a child process (realtimeClients.ts). Writes its table into
 * docs/benchmarks.md between the import-run markers (not with BENCH_DOCS=0).
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { loadConfig } from "../../backend/src/config";
import { type Database, openMemoryPglite } from "../../backend/src/db/client";
import { createLogger } from "../../backend/src/lib/logger";
import { signAccessToken } from "../../backend/src/lib/tokens";
import { createRateLimits } from "../../backend/src/middlewares/rateLimit";
import { type RunningServer, startServer } from "../../backend/src/server";
import { openFreshPostgres, TEST_DATABASE_URL } from "../../backend/src/test/databases";
import { cpuYardstick, writeDocsSection } from "./benchApi";
import { type FromClients, now, rowKey, type ToClients } from "./realtimeProtocol";

const ROWS = Number(process.env.BENCH_ROWS || 10_000);
const WATCHERS = Number(process.env.BENCH_WATCHERS || 200);
const RATE = Number(process.env.BENCH_RATE || 10);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const JWT_SECRET = "bench";
/**
 * The '+' cycles over these items (40 s at 10/s): an item is allocated again only after the others, never twice
 * while the import holds the '+' back (PGlite), where the two could share one `inventory.changed` row.
 */
const PLUS_ITEMS = 400;

async function freshPostgres(): Promise<Database | undefined> {
  try {
    return await openFreshPostgres();
  } catch {
    return undefined;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: a benchmark reads the JSON answers loosely
async function post(url: string, body: unknown, token?: string): Promise<any> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function owner(server: RunningServer): Promise<{ token: string; groupId: number }> {
  const tag = randomBytes(4).toString("hex");
  const group = await post(`${server.url}/api/groups/`, { name: `bench-${tag}` });
  const email = `bench-${tag}@example.com`;
  await post(`${server.url}/api/signup/`, {
    email,
    password: "password1",
    groups: group.id,
    first_name: "ベンチ",
    last_name: "計測",
    is_owner: true,
    is_member: true,
  });
  const token = (await post(`${server.url}/api/token/`, { email, password: "password1" })).access as string;
  return { token, groupId: group.id as number };
}

function csv(note: string): Buffer {
  const lines = ["アイテム名,カテゴリ,在庫数,メモ"];
  for (let i = 0; i < ROWS; i++)
    lines.push(`機材${i},カテゴリ${i % 25},${(i % 90) + 10},"${note}${i}, 予備あり"`);
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`);
}

interface Phase {
  driver: string;
  phase: string;
  ms: number;
  maxDelayMs: number;
  /** The longest stretch between two turns of a 2 ms timer, in this process's CPU time (see blockWatch). */
  maxBlockCpuMs: number;
  p99DelayMs: number;
  plusP50: number;
  plusP99: number;
  plusCount: number;
  liveP50: number;
  liveP99: number;
  missed: number;
  result: string;
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0
    ? Number.NaN
    : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

function nextMessage<T extends FromClients["type"]>(child: ChildProcess, type: T, ms: number) {
  return new Promise<Extract<FromClients, { type: T }>>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} from the watchers`)), ms);
    const on = (m: FromClients) => {
      if (m.type === "failed") reject(new Error(m.error));
      if (m.type !== type) return;
      clearTimeout(timer);
      child.off("message", on);
      resolve(m as Extract<FromClients, { type: T }>);
    };
    child.on("message", on);
  });
}

/** Nanoseconds the main thread has run on a CPU (Linux: the first field of its schedstat). */
const mainThreadRunNs = () =>
  Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, "utf8").split(" ")[0]);

/**
 * The longest time the event loop was held, counted in the main thread's CPU time rather than wall time: a
 * timer every 2 ms notes how long the main thread has run (its schedstat; the helper threads of V8 and libuv
 * are not in it), and the largest growth between two of its turns is the longest piece of work that ran
 * without yielding (PGlite's statements run on this thread; the watchers are another process). On the shared
 * VM the wall-clock delay also counts the time the process waited for a CPU behind other engineers' work;
 * this figure does not, so it says what the code holds the loop for on a machine of this speed, whatever the
 * load (docs/benchmarks.md, "CSV import").
 */
function blockWatch() {
  let last = mainThreadRunNs();
  let max = 0;
  const timer = setInterval(() => {
    const now = mainThreadRunNs();
    max = Math.max(max, (now - last) / 1e6);
    last = now;
  }, 2);
  return () => {
    clearInterval(timer);
    return max;
  };
}

async function uploadCsv(server: RunningServer, token: string, file: Buffer): Promise<string> {
  const form = new FormData();
  form.append("csv_file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "items.csv");
  const res = await fetch(`${server.url}/api/import-item-csv/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`import: ${res.status} ${body}`);
  return body;
}

async function bench(driver: "pglite" | "pg"): Promise<Phase[]> {
  const database = driver === "pglite" ? await openMemoryPglite() : await freshPostgres();
  if (!database) {
    console.info(`SKIPPED (no PostgreSQL at ${TEST_DATABASE_URL})`);
    return [];
  }
  const config = loadConfig({ JWT_SECRET, CSRF_SECRET: "bench" } as NodeJS.ProcessEnv, {
    port: 0,
    host: "127.0.0.1",
    bcryptCost: 4,
    clientDir: "/nonexistent-client",
    logLevel: "silent",
  });
  const rateLimits = createRateLimits({ perEmail: 1_000_000, perIpPerMinute: 1_000_000 });
  const server = await startServer({ config, database, logger: createLogger("silent"), rateLimits });
  const watchers = fork(path.join(__dirname, "realtimeClients.ts"), [], {
    execArgv: ["-r", "esbuild-register"],
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  try {
    const { token, groupId } = await owner(server);
    const category = await post(
      `${server.url}/api/categories/`,
      { category: "プラス", group: groupId },
      token,
    );
    const items: number[] = [];
    for (let i = 0; i < PLUS_ITEMS; i += 8) {
      const created = await Promise.all(
        Array.from({ length: Math.min(8, PLUS_ITEMS - i) }, (_, k) =>
          post(
            `${server.url}/api/items/`,
            {
              title: `plus-${i + k}`,
              category: category.id,
              stock_quantity: 1_000_000,
              note: "",
              group: groupId,
            },
            token,
          ),
        ),
      );
      items.push(...created.map((item) => item.id as number));
    }
    const day = 86_400_000;
    const kase: { id: number } = await post(
      `${server.url}/api/workcases/`,
      {
        title: "import-bench",
        start_date: new Date(Date.now() + 30 * day).toISOString(),
        end_date: new Date(Date.now() + 40 * day).toISOString(),
        note: "",
        group: groupId,
      },
      token,
    );
    // The watchers are members written straight into the database, with tokens signed by the server's secret.
    const inserted = await database.db.execute<{ id: number }>(sql`
      INSERT INTO users (group_id, email, password_hash, first_name, last_name, is_member, is_owner)
      SELECT ${groupId}, 'watcher-' || g || '-' || ${randomBytes(4).toString("hex")} || '@example.com',
             (SELECT password_hash FROM users WHERE group_id = ${groupId} LIMIT 1), 'b', g::text, true, false
        FROM generate_series(1, ${WATCHERS}) AS g
      RETURNING id`);
    const ids = (inserted as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
    const tokens = ids.map((id) => signAccessToken(JWT_SECRET, id, groupId, 3600));
    const ready = nextMessage(watchers, "ready", 120_000);
    watchers.send({ type: "connect", url: server.url, tokens, caseId: kase.id } satisfies ToClients);
    await ready;

    let allocated = 0;
    /** The '+' at RATE until `until` settles (or for SECONDS), the event loop watched throughout. */
    const phase = async (name: string, work?: () => Promise<string>): Promise<Phase> => {
      watchers.send({ type: "measure", kind: "allocations" } satisfies ToClients);
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const blocks = blockWatch();
      const started = performance.now();
      let finished = false;
      let result = "";
      const running = work
        ? work().then((r) => {
            result = r;
            finished = true;
          })
        : new Promise<void>((resolve) =>
            setTimeout(() => {
              finished = true;
              resolve();
            }, SECONDS * 1000),
          );
      const calls: Promise<void>[] = [];
      const answered: { key: string; at: number; ms: number }[] = [];
      for (let i = 0; !finished; i++) {
        await new Promise((r) => setTimeout(r, Math.max(0, started + (i * 1000) / RATE - performance.now())));
        if (finished) break;
        const item = items[allocated++ % items.length]!;
        const sent = now();
        calls.push(
          fetch(`${server.url}/api/additem/${item}/${kase.id}/`, {
            method: "POST",
            headers: { Authorization: `Bearer ${token}` },
          }).then(async (res) => {
            const body = (await res.json()) as { summary: { id: number; shippable_quantity: number } };
            if (res.status !== 200) throw new Error(`additem: ${res.status}`);
            const at = now();
            answered.push({
              key: rowKey(body.summary.id, body.summary.shippable_quantity),
              at,
              ms: at - sent,
            });
          }),
        );
      }
      await running;
      const ms = performance.now() - started;
      await Promise.all(calls);
      delay.disable();
      const maxBlockCpuMs = blocks();
      const report = nextMessage(watchers, "report", 60_000);
      watchers.send({
        type: "drain",
        rowKeys: answered.map((a) => a.key),
        pingIds: [],
        waitMs: 10_000,
      } satisfies ToClients);
      const { rows } = await report;
      const live: number[] = [];
      let missed = 0;
      for (const a of answered) {
        const arrivals = rows.get(a.key);
        if (!arrivals) {
          missed += WATCHERS;
          continue;
        }
        for (const at of arrivals) {
          if (Number.isNaN(at)) missed++;
          else live.push(Math.max(0, at - a.at));
        }
      }
      live.sort((x, y) => x - y);
      const plus = answered.map((a) => a.ms).sort((x, y) => x - y);
      const res = (n: number) => Math.max(0, n / 1e6 - 5);
      return {
        driver,
        phase: name,
        ms: Math.round(ms),
        maxDelayMs: res(delay.max),
        maxBlockCpuMs,
        p99DelayMs: res(delay.percentile(99)),
        plusP50: pct(plus, 50),
        plusP99: pct(plus, 99),
        plusCount: plus.length,
        liveP50: pct(live, 50),
        liveP99: pct(live, 99),
        missed,
        result,
      };
    };
    // Warm-up, uncounted.
    await phase("warm-up", () => new Promise((r) => setTimeout(() => r(""), 2000)));
    return [
      await phase("no import"),
      await phase(`create ${ROWS}`, () => uploadCsv(server, token, csv("初回"))),
      await phase("no import"),
      await phase(`update ${ROWS}`, () => uploadCsv(server, token, csv("更新"))),
    ];
  } finally {
    watchers.kill();
    await server.close();
  }
}

async function main() {
  const drivers = (process.env.BENCH_DRIVERS || "pglite,pg").split(",") as ("pglite" | "pg")[];
  const yardstick = await cpuYardstick();
  const figures: Phase[] = [];
  for (const driver of drivers) figures.push(...(await bench(driver)));
  const f1 = (n: number) => (Number.isNaN(n) ? "–" : n.toFixed(1));
  const lines = [
    `Run of ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${ROWS} rows (${(csv("初回").length / 1024).toFixed(0)} KiB), ` +
      `${WATCHERS} watchers of the case, the '+' at ${RATE}/s on it throughout; "no import" phases ${SECONDS} s; ${yardstick}.`,
    "",
    "| driver | phase | time (ms) | event-loop delay max (ms) | p99 (ms) | longest block, CPU ms | '+' | '+' p50 (ms) | '+' p99 (ms) | `inventory.changed` p50 (ms) | p99 (ms) | missed |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...figures.map(
      (f) =>
        `| ${f.driver} | ${f.phase} | ${f.ms} | ${f1(f.maxDelayMs)} | ${f1(f.p99DelayMs)} | ${f1(f.maxBlockCpuMs)} | ${f.plusCount} | ${f1(f.plusP50)} | ${f1(f.plusP99)} | ${f1(f.liveP50)} | ${f1(f.liveP99)} | ${f.missed} |`,
    ),
  ];
  const text = lines.join("\n");
  console.info(text);
  for (const f of figures) if (f.result) console.info(`${f.driver} ${f.phase}: ${f.result}`);
  writeDocsSection("import-run", text);
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
