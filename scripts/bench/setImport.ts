/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * Set CSV import benchmark (docs/sets.md, "Writes in short statements"): a test server on in-memory PGlite, one
 * group with 100 items, then for each size in BENCH_SETS (100, 500, 1000) a file of that many sets of 4 parts
 * imported over HTTP twice (all creates, then all updates). Prints each request's time and, around the second,
 * the server's longest event-loop delay (the server runs in this process: monitorEventLoopDelay).
 *
 *   node -r esbuild-register scripts/bench/setImport.ts
 */
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import request from "supertest";
import { bearer, signUpOwner } from "../../backend/src/test/api";
import { startTestServer } from "../../backend/src/test/testServer";

const SIZES = (process.env.BENCH_SETS || "100,500,1000").split(",").map(Number);
const PARTS = 4;

async function main() {
  const server = await startTestServer("pglite");
  const owner = await signUpOwner(server);
  const upload = (name: string, csv: string) =>
    request(server.url).post(name).set(bearer(owner)).attach("csv_file", Buffer.from(csv), "file.csv");
  const items = Array.from({ length: 100 }, (_, i) => `部品${i}`);
  await upload(
    "/api/import-item-csv/",
    `アイテム名,カテゴリ,在庫数,メモ\n${items.map((t) => `${t},音響,10,`).join("\n")}\n`,
  );
  for (const sets of SIZES) {
    const rows: string[] = [];
    for (let k = 0; k < sets; k++)
      for (let p = 0; p < PARTS; p++)
        rows.push(`セット${sets}-${k},音響,${items[(k + p * 7) % items.length]},${p + 1}`);
    const csv = `セット名,カテゴリ,構成アイテム,数量\n${rows.join("\n")}\n`;
    let start = performance.now();
    const created = await upload("/api/import-set-csv/", csv);
    const createMs = performance.now() - start;
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    start = performance.now();
    const updated = await upload("/api/import-set-csv/", csv);
    const updateMs = performance.now() - start;
    delay.disable();
    process.stdout.write(
      `${sets} sets of ${PARTS} parts: create ${created.status} ${createMs.toFixed(0)} ms, update ${updated.status} ` +
        `${updateMs.toFixed(0)} ms, event-loop delay during the update at most ${(delay.max / 1e6).toFixed(1)} ms\n`,
    );
  }
  await server.close();
}

void main();
