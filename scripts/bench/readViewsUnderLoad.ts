/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * The weekly view under load, beside the + button: POST /api/additem at a fixed BENCH_RATE (50/s) on a case
 * of its own while K loops each request the weekly view again as soon as it answered, on the read-view
 * data (2,000 items, 50,000 order items). Two app processes on the same database take turns: one with
 * READ_VIEWS_IN_FLIGHT=0 (no limit: every view runs its queries at once) and one with the default (one view
 * at a time per process; backend/src/lib/readViewLimit.ts). One loop is about 35–40 views/s, far more than
 * a team makes; the rows with 2 and 4 loops are what a morning with many coordinators opening the week at
 * once looks like to the + button.
 *
 *   node -r esbuild-register scripts/bench/readViewsUnderLoad.ts
 *
 * PostgreSQL from TEST_DATABASE_URL; a scratch database is created and dropped. Writes the figures into
 * docs/benchmarks.md between the readviews-load markers (not with BENCH_DOCS=0).
 */
import http from "node:http";
import { Pool } from "pg";
import { DEFAULT_READ_VIEWS_IN_FLIGHT } from "../../backend/src/lib/readViewLimit";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { api, benchGroup, cpuYardstick, writeDocsSection } from "./benchApi";
import { additem, driveAtRate, fmt, getBody, pct, type Run } from "./loops";
import { seedReadViews } from "./readViewsData";

const RATE = Number(process.env.BENCH_RATE || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 6);
const LOOPS = [0, 1, 2, 4];
const WEEKLY_PATH = "/api/items/2026/11/22/";

interface Variant {
  label: string;
  base: URL;
}

/** The weekly view requested back to back by `loops` clients until `stop` says so; returns their latencies. */
async function weeklyLoops(agent: http.Agent, base: URL, token: string, loops: number, stop: () => boolean) {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: loops }, async () => {
      while (!stop()) {
        const t0 = performance.now();
        await getBody(agent, `${base.origin}${WEEKLY_PATH}`, token);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

async function main() {
  const yardstick = await cpuYardstick();
  const database = await openFreshPostgres();
  const unlimited = await startAppProcess({
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    READ_VIEWS_IN_FLIGHT: "0",
  });
  const limited = await startAppProcess({ DATABASE_URL: database.url, LOG_LEVEL: "silent" });
  const variants: Variant[] = [
    { label: "no limit", base: new URL(unlimited.url) },
    { label: `${DEFAULT_READ_VIEWS_IN_FLIGHT} at a time (the default)`, base: new URL(limited.url) },
  ];
  const { group, access, category } = await benchGroup(unlimited.url);
  const pool = new Pool({ connectionString: database.url, max: 2 });
  await seedReadViews(pool, group.id, category.id);
  await pool.end();
  // The + button's own case and items, apart from the seeded ones (a small case, as on the case screen).
  const wc = await api(unlimited.url, "POST", "/api/workcases/", access, {
    title: "plus-button",
    start_date: "2026-11-23T09:00:00+09:00",
    end_date: "2026-11-25T18:00:00+09:00",
    note: "",
    group: group.id,
  });
  const items: number[] = [];
  for (let i = 0; i < 20; i++) {
    const item = await api(unlimited.url, "POST", "/api/items/", access, {
      title: `plus-${i}`,
      category: category.id,
      stock_quantity: 1_000_000,
      note: "",
      group: group.id,
    });
    items.push(item.id);
  }
  const agent = new http.Agent({ keepAlive: true });
  const pick = () => items[Math.floor(Math.random() * items.length)]!;

  // Two passes over the loop counts, the variants in turn and in the opposite order in the second pass,
  // so that neither always runs first (JIT, the VM's drift); each row merges both passes.
  const results = new Map<string, { plus: number[]; errors: number; views: number[]; seconds: number }>();
  for (const pass of [0, 1]) {
    for (const loops of LOOPS) {
      for (const variant of pass === 0 ? variants : [...variants].reverse()) {
        const plus = () => additem(agent, variant.base, pick(), wc.id, access);
        // One uncounted second at the rate, with the loops running, then the measured seconds.
        let stopped = false;
        const viewing = weeklyLoops(agent, variant.base, access, loops, () => stopped);
        await driveAtRate(RATE, 1, plus);
        const started = performance.now();
        const measured: Run = await driveAtRate(RATE, SECONDS, plus);
        const seconds = (performance.now() - started) / 1000 + 1;
        stopped = true;
        const views = await viewing;
        const key = `${loops}|${variant.label}`;
        const sum = results.get(key) ?? { plus: [], errors: 0, views: [], seconds: 0 };
        results.set(key, {
          plus: [...sum.plus, ...measured.latencies],
          errors: sum.errors + measured.errors,
          views: [...sum.views, ...views],
          seconds: sum.seconds + seconds,
        });
      }
    }
  }
  const rows = [...results.entries()].map(([key, r]) => {
    const [loops, label] = key.split("|");
    const plus = r.plus.sort((a, b) => a - b);
    const views = r.views.sort((a, b) => a - b);
    const perSecond = views.length ? fmt(views.length / r.seconds) : "–";
    const viewP50 = views.length ? fmt(pct(views, 50)) : "–";
    return `| ${loops} | ${label} | ${fmt(pct(plus, 50))} | ${fmt(pct(plus, 99))} | ${r.errors} | ${perSecond} | ${viewP50} |`;
  });
  agent.destroy();
  await unlimited.stop();
  await limited.stop();
  await database.close();

  const report = [
    `Run of ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}; additem at ${RATE}/s for ${SECONDS} s after 1 s uncounted, twice per row (the variants in turn, in both orders), the weekly loops running throughout; ${yardstick}.`,
    "",
    "| weekly loops | read views per process | additem p50 ms | additem p99 ms | errors | weekly views/s | weekly p50 ms |",
    "| --- | --- | --- | --- | --- | --- | --- |",
    ...rows,
  ].join("\n");
  console.info(report);
  writeDocsSection("readviews-load", report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
