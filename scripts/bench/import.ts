/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * CSV import benchmark: a 10,000-row file imported over HTTP (all creates, then all updates) on PGlite and,
 * when reachable, PostgreSQL. Prints the wall time and the longest event-loop stall during each import.
 *
 *   node -r esbuild-register scripts/bench/import.ts            # both drivers
 *   BENCH_DRIVERS=pglite node -r esbuild-register scripts/bench/import.ts
 *
 * PostgreSQL: TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test); a scratch database is
 * created and dropped. The HTTP client runs in the same process, so its work is inside the stall figures.
 */
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { drizzle } from "drizzle-orm/node-postgres";
import { Client, Pool } from "pg";
import { loadConfig } from "../../backend/src/config";
import { type Database, openMemoryPglite } from "../../backend/src/db/client";
import { createLogger } from "../../backend/src/lib/logger";
import { type RunningServer, startServer } from "../../backend/src/server";

const ROWS = Number(process.env.BENCH_ROWS || 10_000);
const PG_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";

async function freshPostgres(): Promise<Database | undefined> {
  const name = `zaiko_bench_${randomBytes(4).toString("hex")}`;
  const admin = new Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  const pool = new Pool({ connectionString: url.toString(), max: 10 });
  return {
    db: drizzle(pool),
    driver: "pg",
    ping: async () => {
      await pool.query("select 1");
    },
    close: async () => {
      await pool.end();
      const dropper = new Client({ connectionString: PG_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

async function post(url: string, body: unknown, token?: string) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

async function owner(server: RunningServer): Promise<string> {
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
  return (await post(`${server.url}/api/token/`, { email, password: "password1" })).access as string;
}

function csv(note: string): Buffer {
  const lines = ["アイテム名,カテゴリ,在庫数,メモ"];
  for (let i = 0; i < ROWS; i++)
    lines.push(`機材${i},カテゴリ${i % 25},${(i % 90) + 10},"${note}${i}, 予備あり"`);
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`);
}

interface Figure {
  driver: string;
  run: string;
  ms: number;
  maxStallMs: number;
  p99StallMs: number;
  result: string;
}

async function importOnce(
  server: RunningServer,
  token: string,
  file: Buffer,
  driver: string,
  run: string,
): Promise<Figure> {
  const form = new FormData();
  form.append("csv_file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "items.csv");
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const started = performance.now();
  const res = await fetch(`${server.url}/api/import-item-csv/`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.text();
  const ms = performance.now() - started;
  histogram.disable();
  if (res.status !== 200) throw new Error(`import: ${res.status} ${body}`);
  return {
    driver,
    run,
    ms: Math.round(ms),
    maxStallMs: Math.round(histogram.max / 1e6),
    p99StallMs: Math.round(histogram.percentile(99) / 1e6),
    result: body,
  };
}

async function bench(driver: "pglite" | "pg"): Promise<Figure[]> {
  const database = driver === "pglite" ? await openMemoryPglite() : await freshPostgres();
  if (!database) {
    console.info(`SKIPPED (no PostgreSQL at ${PG_URL})`);
    return [];
  }
  const config = loadConfig({ JWT_SECRET: "bench", CSRF_SECRET: "bench" } as NodeJS.ProcessEnv, {
    port: 0,
    host: "127.0.0.1",
    bcryptCost: 4,
    clientDir: "/nonexistent-client",
    logLevel: "silent",
  });
  const server = await startServer({ config, database, logger: createLogger("silent") });
  try {
    const token = await owner(server);
    const figures = [
      await importOnce(server, token, csv("初回"), driver, `create ${ROWS}`),
      await importOnce(server, token, csv("更新"), driver, `update ${ROWS}`),
    ];
    return figures;
  } finally {
    await server.close();
  }
}

async function main() {
  const drivers = (process.env.BENCH_DRIVERS || "pglite,pg").split(",") as ("pglite" | "pg")[];
  const figures: Figure[] = [];
  for (const driver of drivers) figures.push(...(await bench(driver)));
  console.info(`node ${process.version}, ${ROWS} rows, ${(csv("初回").length / 1024).toFixed(0)} KiB file`);
  console.info("| driver | run | time (ms) | longest event-loop stall (ms) | p99 stall (ms) | response |");
  console.info("|---|---|---|---|---|---|");
  for (const f of figures)
    console.info(
      `| ${f.driver} | ${f.run} | ${f.ms} | ${f.maxStallMs} | ${f.p99StallMs} | \`${f.result}\` |`,
    );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
