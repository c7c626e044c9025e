/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * Read-view benchmark: the weekly view and the inventory summary with 2,000 items and 50,000 order items
 * in one group (issue 4, target p50 under 30 ms each), beside a trivial authenticated GET (the HTTP and
 * auth floor) and the same views computed in this process without HTTP (query + availability + JSON).
 *
 *   node -r esbuild-register scripts/bench/readViews.ts
 *
 * PostgreSQL from TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch database is
 * created and dropped. The server runs in a process of its own (started from sources). BENCH_GETS (40)
 * sequential GETs per view after 5 warm-up GETs. The timed client is node:http on a kept-alive socket, as
 * in the allocation benchmark; fetch is timed beside it: on the weekly view's 373 KiB, undici's streams
 * added 3–6 ms of the client's own CPU on this 2-vCPU machine, where client and server share the cores. Writes the figures into docs/benchmarks.md between the
 * readviews markers (not with BENCH_DOCS=0). Wall-clock figures depend on what else runs on the machine:
 * the load average is printed with them.
 */
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { cpus, loadavg } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import type { AppDeps } from "../../backend/src/deps";
import { summaryOfCase } from "../../backend/src/features/inventory/summary.service";
import { parseWeek } from "../../backend/src/features/inventory/week";
import { weeklyItems } from "../../backend/src/features/inventory/weekly.service";
import { findCase } from "../../backend/src/features/workcases/workcases.queries";
import type { AuthUser } from "../../backend/src/middlewares/auth";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { benchGroup, cpuYardstick } from "./benchApi";

const ITEMS = 2_000;
const CASES = 2_000;
const ORDER_ITEMS = 50_000;
const GETS = Number(process.env.BENCH_GETS || 40);
const WARM_UP = 5;

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const fmt = (n: number) => n.toFixed(1);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** Latencies (ms, sorted) of `n` sequential calls after the warm-up ones. */
async function timeCalls(op: () => Promise<unknown>, n = GETS): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n + WARM_UP; i++) {
    const t0 = performance.now();
    await op();
    if (i >= WARM_UP) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** One GET read to its last byte on a kept-alive socket; throws on anything but 200. */
function getBody(agent: http.Agent, url: string, token: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`GET ${url}: ${res.statusCode}`)),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** Fills the group like the allocation benchmark did: cases of 3 days every hour from 2026-11-01. */
async function seed(pool: Pool, groupId: number, categoryId: number) {
  await pool.query(
    `INSERT INTO items (group_id, category_id, title, stock_quantity)
     SELECT $1, $2, 'read-' || g, 1000000 FROM generate_series(1, $3) g`,
    [groupId, categoryId, ITEMS],
  );
  await pool.query(
    `INSERT INTO work_cases (group_id, title, start_date, end_date)
     SELECT $1, 'read-case-' || g, timestamptz '2026-11-01' + (g || ' hours')::interval,
            timestamptz '2026-11-01' + (g || ' hours')::interval + interval '3 days'
     FROM generate_series(1, $2) g`,
    [groupId, CASES],
  );
  // Each case holds 25 items (quantities 1 to 3); each item is in a case every 80 hours.
  await pool.query(
    `INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date)
     SELECT $1, c.id, i.id, 1 + (c.rn + i.rn) % 3, c.start_date, c.end_date
     FROM (SELECT id, start_date, end_date, row_number() OVER (ORDER BY id) rn FROM work_cases WHERE group_id = $1) c
     JOIN (SELECT id, row_number() OVER (ORDER BY id) rn FROM items WHERE group_id = $1) i
       ON (i.rn + c.rn * 7) % 80 = 0
     LIMIT $2`,
    [groupId, ORDER_ITEMS],
  );
  await pool.query("ANALYZE");
}

async function main() {
  const database = await openFreshPostgres();
  const server = await startAppProcess({ DATABASE_URL: database.url, LOG_LEVEL: "silent" });
  const base = server.url;
  const { group, access, category } = await benchGroup(base);
  const pool = new Pool({ connectionString: database.url, max: 4 });
  await seed(pool, group.id, category.id);
  const { rows: counts } = await pool.query(
    `SELECT (SELECT count(*) FROM items WHERE group_id = $1) items,
            (SELECT count(*) FROM order_items WHERE group_id = $1) order_items`,
    [group.id],
  );
  const caseId = (await pool.query("SELECT id FROM work_cases WHERE title = 'read-case-1000'")).rows[0].id;

  const weeklyPath = "/api/items/2026/11/22/";
  const summaryPath = `/api/inventorysummary/${caseId}/summary/`;
  const yardstick = await cpuYardstick();
  const loadBefore = load();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (p: string) => () => getBody(agent, `${base}${p}`, access);
  const fetchText = (p: string) => async () => {
    const res = await fetch(`${base}${p}`, { headers: { Authorization: `Bearer ${access}` } });
    if (!res.ok) throw new Error(`GET ${p}: ${res.status}`);
    return res.text();
  };
  const overHttp = {
    trivial: await timeCalls(get("/api/categories/")),
    weekly: await timeCalls(get(weeklyPath)),
    summary: await timeCalls(get(summaryPath)),
  };
  const withFetch = {
    weekly: await timeCalls(fetchText(weeklyPath)),
    summary: await timeCalls(fetchText(summaryPath)),
  };
  const size = {
    trivial: (await get("/api/categories/")()).length,
    weekly: (await get(weeklyPath)()).length,
    summary: (await get(summaryPath)()).length,
  };
  agent.destroy();

  // The same services in this process, on a pg pool of its own: the query, the availability sweep and
  // JSON.stringify, without HTTP, auth and the transfer.
  const db = drizzle(pool);
  const deps = { database: { db }, config: { timeZone: "Asia/Tokyo" } } as unknown as AppDeps;
  const actor = { groupId: group.id } as AuthUser;
  const week = parseWeek("2026", "11", "22")!;
  const kase = (await findCase(db, group.id, caseId))!;
  const direct = {
    weekly: await timeCalls(async () => JSON.stringify(await weeklyItems(deps, actor, week))),
    summary: await timeCalls(async () => JSON.stringify(await summaryOfCase(db, group.id, kase))),
  };
  const loadAfter = load();

  await pool.end();
  await server.stop();
  await database.close();

  const p50 = (t?: number[]) => (t ? fmt(pct(t, 50)) : "–");
  const row = (name: string, t: number[], bytes: number, fetched?: number[], inProcess?: number[]) =>
    `| ${name} | ${p50(t)} | ${fmt(pct(t, 99))} | ${p50(fetched)} | ${p50(inProcess)} | ${(bytes / 1024).toFixed(0)} |`;
  const report = [
    `Run of ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, ${cpus().length} CPUs, load average ${loadBefore} before and ${loadAfter} after the timed part; ${yardstick}.`,
    `${counts[0].items} items and ${counts[0].order_items} order items in the group; ${GETS} sequential GETs per row after ${WARM_UP} warm-up GETs.`,
    "",
    "| request | p50 ms | p99 ms | with fetch, p50 ms | in process, p50 ms | response KiB |",
    "| --- | --- | --- | --- | --- | --- |",
    row("GET /api/categories/ (one category: HTTP + auth floor)", overHttp.trivial, size.trivial),
    row(`GET ${weeklyPath} (weekly)`, overHttp.weekly, size.weekly, withFetch.weekly, direct.weekly),
    row(
      "GET /api/inventorysummary/{case}/summary/",
      overHttp.summary,
      size.summary,
      withFetch.summary,
      direct.summary,
    ),
  ].join("\n");
  console.info(report);

  if (process.env.BENCH_DOCS === "0") return;
  const docs = path.resolve(__dirname, "../../docs/benchmarks.md");
  const begin = "<!-- readviews:begin -->";
  const finish = "<!-- readviews:end -->";
  const current = readFileSync(docs, "utf8");
  if (!current.includes(begin)) throw new Error(`docs/benchmarks.md has no ${begin} marker`);
  writeFileSync(
    docs,
    current.replace(new RegExp(`${begin}[\\s\\S]*${finish}`), `${begin}\n${report}\n${finish}`),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
