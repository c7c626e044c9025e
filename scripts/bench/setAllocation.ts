/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * The '+' of a set (POST /api/addset/{set}/{case}/) beside the '+' of a plain item (POST /api/additem), on one
 * app process, in one run: what a coordinator's click on a 10-part PA set costs against a click on one item
 * (docs/sets.md). Both loops take turns in slices, as in allocation.ts, so the VM's drift falls on both alike.
 * Each client books on a case of its own; every part has a stock no run reaches, so nothing is refused.
 *
 *   node -r esbuild-register scripts/bench/setAllocation.ts
 *
 * PostgreSQL from TEST_DATABASE_URL (a scratch database is created and dropped). Writes its figures into
 * docs/benchmarks.md between the setAllocation markers (not with BENCH_DOCS=0).
 */
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { api, benchGroup, cpuYardstick, writeDocsSection } from "./benchApi";
import { drive, fmt, pct, type Run } from "./loops";
import { RawHttpClient } from "./rawHttp";

const CLIENTS = Number(process.env.BENCH_CLIENTS || 32);
const SECONDS = Number(process.env.BENCH_SECONDS || 8);
const SLICES = Number(process.env.BENCH_SLICES || 4);
const WARM_UP_SECONDS = Number(process.env.BENCH_WARM_UP_SECONDS || 3);
const POOL = Number(process.env.BENCH_POOL || 8);
/** Parts of the set: the issue asks for the rate of a 10-part set. */
const PARTS = Number(process.env.BENCH_SET_PARTS || 10);

type Call = (client: number) => Promise<boolean>;

async function main() {
  const yardstick = await cpuYardstick();
  const database = await openFreshPostgres();
  const server = await startAppProcess({
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    PG_POOL_SIZE: String(POOL),
  });
  try {
    const base = server.url;
    const { group, access, category } = await benchGroup(base);
    const item = async (title: string) =>
      (
        await api(base, "POST", "/api/items/", access, {
          title,
          category: category.id,
          stock_quantity: 1_000_000,
          note: "",
          group: group.id,
        })
      ).id as number;
    const parts: number[] = [];
    for (let i = 0; i < PARTS; i++) parts.push(await item(`part-${i}`));
    const set = await api(base, "POST", "/api/sets/", access, {
      title: "PAセット",
      category: category.id,
      note: "",
      parts: parts.map((id, i) => ({ item: id, quantity: 1 + (i % 4) })),
    });
    const plain = await item("plain");
    const now = Date.now();
    const cases = async (label: string) => {
      const list: number[] = [];
      for (let c = 0; c < CLIENTS; c++) {
        const kase = await api(base, "POST", "/api/workcases/", access, {
          title: `${label}-${c}`,
          start_date: new Date(now + 86_400_000).toISOString(),
          end_date: new Date(now + 2 * 86_400_000).toISOString(),
          note: "",
          group: group.id,
        });
        list.push(kase.id as number);
      }
      return list;
    };
    const auth = { Authorization: `Bearer ${access}` };
    const users = Array.from({ length: CLIENTS }, () => new RawHttpClient(new URL(base)));
    const onCases =
      (path: (caseId: number) => string, list: number[]): Call =>
      async (c) =>
        (await users[c]!.request("POST", path(list[c]!), auth)) === 200;
    const setCall = (list: number[]) => onCases((k) => `/api/addset/${set.id}/${k}/`, list);
    const itemCall = (list: number[]) => onCases((k) => `/api/additem/${plain}/${k}/`, list);

    await drive(CLIENTS, WARM_UP_SECONDS, setCall(await cases("warm-set")));
    await drive(CLIENTS, WARM_UP_SECONDS, itemCall(await cases("warm-item")));
    const paths = [setCall(await cases("set")), itemCall(await cases("item"))];
    const runs: Run[][] = paths.map(() => []);
    for (let slice = 0; slice < SLICES; slice++) {
      for (const [i, call] of paths.entries()) runs[i]!.push(await drive(CLIENTS, SECONDS / SLICES, call));
    }
    const [setRun, itemRun] = runs.map((slices) => ({
      ops: slices.reduce((n, r) => n + r.ops, 0),
      seconds: slices.reduce((n, r) => n + r.seconds, 0),
      latencies: slices.flatMap((r) => r.latencies).sort((a, b) => a - b),
      errors: slices.reduce((n, r) => n + r.errors, 0),
    })) as [Run, Run];
    for (const user of users) user.close();

    const rate = (r: Run) => r.ops / r.seconds;
    const row = (label: string, r: Run) =>
      `| ${label} | ${fmt(rate(r))} | ${fmt(pct(r.latencies, 50))} | ${fmt(pct(r.latencies, 99))} | ${r.errors} |`;
    const report = [
      `Run of ${new Date().toISOString().slice(0, 16)}Z, node ${process.version}, one app process, ${CLIENTS} clients ` +
        `(a case each), ${SECONDS} s per path in ${SLICES} turns after ${WARM_UP_SECONDS} s of warm-up; ${yardstick}.`,
      "",
      "| path | calls/s | p50 ms | p99 ms | errors |",
      "| --- | --- | --- | --- | --- |",
      row(`POST /api/addset, a set of ${PARTS} parts (${PARTS} items locked, checked, written)`, setRun),
      row("POST /api/additem, one plain item", itemRun),
      "",
      `Set '+' / item '+': **${(rate(setRun) / rate(itemRun)).toFixed(3)}**; units booked per second by the set's '+': ` +
        `**${fmt(rate(setRun) * PARTS)}** part order items written.`,
    ].join("\n");
    console.info(report);
    writeDocsSection("setAllocation", report);
  } finally {
    await server.stop();
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
