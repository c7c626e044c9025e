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
 * added a median 4.5 ms of the client's own CPU on this 2-vCPU machine, where client and server share the
 * cores (docs/benchmarks.md, "2026-11-23 late night"). Writes the figures into docs/benchmarks.md between the
 * readviews markers (not with BENCH_DOCS=0). Wall-clock figures depend on what else runs on the machine:
 * the load average is printed with them.
 */
import http from "node:http";
import { cpus, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import { findCase } from "../../backend/src/allocation";
import type { AppDeps } from "../../backend/src/deps";
import { summaryOfCase } from "../../backend/src/features/inventory/summary.service";
import { parseWeek, type Week } from "../../backend/src/features/items/week.input";
import { weeklyItems } from "../../backend/src/features/items/weekly.service";
import type { AuthUser } from "../../backend/src/middlewares/auth";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { benchGroup, cpuYardstick, writeDocsSection } from "./benchApi";
import { fmt, getBody, pct } from "./loops";
import { seedReadViews } from "./readViewsData";

const GETS = Number(process.env.BENCH_GETS || 40);
const WARM_UP = 5;

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

async function main() {
  const database = await openFreshPostgres();
  const server = await startAppProcess({ DATABASE_URL: database.url, LOG_LEVEL: "silent" });
  const base = server.url;
  const { group, access, category } = await benchGroup(base);
  const pool = new Pool({ connectionString: database.url, max: 4 });
  await seedReadViews(pool, group.id, category.id);
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
  const week = parseWeek("2026", "11", "22") as Week;
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

  writeDocsSection("readviews", report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
