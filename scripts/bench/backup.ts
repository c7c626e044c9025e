/**
 * Backup, restore and move benchmark: the three commands as an operator runs them (`node scripts/db.mjs …`,
 * what `npm run backup|restore|db:move` run; each includes its ~1 s of Node and esbuild-register start-up),
 * on two embedded databases:
 *   - demo: a fresh data directory seeded by seed-demo (one group, 40 cases) through a running server;
 *   - 50k:  50,000 shipped (issued) order items over 5,000 cases and 2,000 items, each with its issue
 *           movement and history row, written straight in SQL (the API would take hours).
 * For each: `npm run backup` through the running server (with the longest /api/healthz answer during it,
 * polled every 50 ms: what requests wait while the server dumps its data directory), then, server stopped,
 * `npm run restore` into a new data directory and into a new PostgreSQL database, and `npm run db:move`
 * to PostgreSQL. Writes docs/benchmarks.md between the backup markers.
 *
 *   node -r esbuild-register scripts/bench/backup.ts        # BENCH_SCENARIOS=demo,50k
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../backend/src/db/client";
import { runMigrations } from "../../backend/src/db/migrate";
import { openFreshPostgres } from "../../backend/src/test/databases";
import { startAppProcess } from "../../backend/src/test/processes";
import { seedDemo } from "../seed/seedDemo";
import { writeDocsSection } from "./benchApi";

const ROOT = path.resolve(__dirname, "../..");

interface Timed {
  /** The command's own figure (its final line), and the wall time with Node's start-up. */
  seconds: number;
  wall: number;
  line: string;
}

/** Runs one of the commands (not spawnSync: the health poll goes on meanwhile), timed. */
async function command(args: string[], env: Record<string, string>): Promise<Timed> {
  const started = performance.now();
  const child = spawn(process.execPath, ["scripts/db.mjs", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    stderr += c.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0) throw new Error(`${args.join(" ")}: ${stderr}`);
  const line = stdout.trim().split("\n")[0]!;
  console.info(line);
  const own = /(?:, |\(| in )([\d.]+) s\)?/.exec(line);
  return { seconds: own ? Number(own[1]) : seconds, wall: seconds, line };
}

/** 50,000 issued order items with their movements and history, in SQL. */
async function build50k(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir, pgPoolSize: 1 });
  try {
    await runMigrations(database);
    const { sql } = await import("drizzle-orm");
    const run = (text: string) => database.db.execute(sql.raw(text));
    await run(`INSERT INTO groups (name) VALUES ('ベンチ機材センター')`);
    await run(`INSERT INTO users (group_id, email, password_hash, first_name, last_name, is_member, is_owner)
               VALUES (1, 'bench@example.com', 'x', '太郎', '山田', true, true)`);
    await run(
      `INSERT INTO categories (group_id, name) SELECT 1, 'カテゴリ' || g FROM generate_series(1, 20) g`,
    );
    await run(`INSERT INTO items (group_id, category_id, title, stock_quantity, note)
               SELECT 1, 1 + g % 20, 'アイテム' || g, 1000, '' FROM generate_series(1, 2000) g`);
    await run(`INSERT INTO work_cases (group_id, title, start_date, end_date, note)
               SELECT 1, '案件' || g, now() - make_interval(days => g % 300), now() - make_interval(days => g % 300) + interval '3 days', ''
                 FROM generate_series(1, 5000) g`);
    await run(`INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date, issue, issued_quantity, note)
               SELECT 1, w.id, 1 + (w.id * 10 + k) % 2000, 2, w.start_date, w.end_date, w.start_date, 2, ''
                 FROM work_cases w CROSS JOIN generate_series(0, 9) k`);
    await run(`INSERT INTO order_item_movements (group_id, order_item_id, kind, quantity, at, member_id, member_name)
               SELECT 1, id, 'issue', 2, issue, 1, '山田 太郎' FROM order_items`);
    await run(`INSERT INTO history (group_id, at, actor_id, actor_name, action, case_id, case_title, item_id, item_title, quantity, before, after)
               SELECT 1, o.issue, 1, '山田 太郎', 'orderitem.issue', w.id, w.title, i.id, i.title, 2,
                      jsonb_build_object('issued_quantity', 0), jsonb_build_object('issued_quantity', 2)
                 FROM order_items o JOIN work_cases w ON w.id = o.work_case_id JOIN items i ON i.id = o.item_id`);
  } finally {
    await database.close();
  }
}

interface Figures {
  scenario: string;
  rows: number;
  bytes: number;
  backup: Timed;
  pauseSeconds: number;
  longestHealthMs: number;
  restorePglite: Timed;
  restorePg: Timed;
  move: Timed;
}

async function scenario(name: "demo" | "50k"): Promise<Figures> {
  const root = mkdtempSync(path.join(tmpdir(), `zaiko-bench-backup-${name}-`));
  const dataDir = path.join(root, "data");
  const cleanups: (() => Promise<void>)[] = [];
  try {
    if (name === "50k") await build50k(dataDir);
    const env = { DATA_DIR: dataDir, BACKUP_INTERVAL_HOURS: "0" };
    const server = await startAppProcess({ ...env, DATABASE_URL: "", REDIS_URL: "" });
    if (name === "demo") {
      await seedDemo({
        base: server.url,
        email: "demo@example.com",
        password: "demo-password",
        groupName: "デモ",
      });
    }
    const file = path.join(root, "backup.jsonl.gz");
    // What a request waits while the server dumps its directory and the copy is read.
    let polling = true;
    let longestHealthMs = 0;
    const poll = (async () => {
      while (polling) {
        const t0 = performance.now();
        await fetch(`${server.url}/api/healthz`).catch(() => undefined);
        longestHealthMs = Math.max(longestHealthMs, performance.now() - t0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const backup = await command(["backup", "--out", file], env);
    polling = false;
    await poll;
    await server.stop();
    const rows = Number(
      /(\d+) rows/.exec(
        spawnSync("zcat", [file], { encoding: "utf8", maxBuffer: 1 << 30 })
          .stdout.trim()
          .split("\n")
          .at(-1)!
          .replace(/.*"rows":(\d+).*/, "$1 rows"),
      )?.[1],
    );
    const restorePglite = await command(["restore", file, "--to", path.join(root, "restored")], {});
    const pg1 = await openFreshPostgres();
    cleanups.push(() => pg1.close());
    const restorePg = await command(["restore", file, "--to", pg1.url], {});
    const pg2 = await openFreshPostgres();
    cleanups.push(() => pg2.close());
    const move = await command(["move", "--to", pg2.url], env);
    return {
      scenario: name,
      rows,
      bytes: statSync(file).size,
      backup,
      pauseSeconds: Number(/waited ([\d.]+) s/.exec(backup.line)?.[1] ?? Number.NaN),
      longestHealthMs,
      restorePglite,
      restorePg,
      move,
    };
  } finally {
    for (const clean of cleanups) await clean().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const names = (process.env.BENCH_SCENARIOS || "demo,50k").split(",") as ("demo" | "50k")[];
  const results: Figures[] = [];
  for (const name of names) {
    console.info(`scenario ${name}…`);
    results.push(await scenario(name));
  }
  const s = (t: Timed) => `${t.seconds.toFixed(1)} s (${t.wall.toFixed(1)} s)`;
  const report = [
    `Run ${new Date().toISOString().slice(0, 16)}Z on ${cpus().length} vCPUs (${cpus()[0]?.model.trim()}), PostgreSQL on the same machine, load average ${loadavg()[0]!.toFixed(1)} at the end (other work shared the VM); \`node -r esbuild-register scripts/bench/backup.ts\`. Each time is the command's own figure (its last line), then in brackets the wall time of \`node scripts/db.mjs …\` (what \`npm run …\` runs: Node, esbuild-register compiling the sources, then the work).`,
    "",
    "| Database | Rows | Backup file | `npm run backup` (server running) | Server's requests paused for the dump | Longest /api/healthz during the backup | `npm run restore` → new DATA_DIR | `npm run restore` → PostgreSQL | `npm run db:move -- --to postgres://…` |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...results.map(
      (r) =>
        `| ${r.scenario === "demo" ? "seeded demo group (`npm run seed-demo`)" : "50,000 shipped order items"} | ${r.rows.toLocaleString("en")} | ${(r.bytes / 1024).toFixed(0)} KiB | ${s(r.backup)} | ${r.pauseSeconds.toFixed(1)} s | ${r.longestHealthMs.toFixed(0)} ms | ${s(r.restorePglite)} | ${s(r.restorePg)} | ${s(r.move)} |`,
    ),
  ].join("\n");
  console.info(report);
  writeDocsSection("backup", report);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
