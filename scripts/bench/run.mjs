#!/usr/bin/env node
// `npm run bench [name…]`: runs the benchmarks one after another (all of them without a name), each in a
// process of its own, from sources. Each writes its figures into docs/benchmarks.md. Names: allocation, setAllocation,
// readViews, import, realtime, lighthouse. They need the PostgreSQL of TEST_DATABASE_URL (and Redis for
// realtime); lighthouse builds the app and needs Chromium (CHROME_PATH, default /usr/bin/chromium).
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const all = ["allocation", "setAllocation", "readViews", "import", "realtime", "lighthouse"];
const names = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`unknown benchmark "${name}"; one of: ${all.join(", ")}`);
    process.exit(2);
  }
  console.info(`== bench ${name}`);
  const run = spawnSync(process.execPath, ["-r", "esbuild-register", `scripts/bench/${name}.ts`], {
    cwd: root,
    stdio: "inherit",
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
