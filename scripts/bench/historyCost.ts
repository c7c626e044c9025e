/**
 * What recording the + in the history costs the database, without HTTP: the + statement of this checkout
 * (add_allocation_unit with its history INSERT) against the same function without it (the source file with
 * the history block cut out, installed under another name), in one scratch PostgreSQL database, 8
 * connections, each a transaction of BEGIN, the function, COMMIT, in alternating slices so the machine's
 * drift falls on both. Prints; writes nothing.
 *
 *   node -r esbuild-register scripts/bench/historyCost.ts
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import { runMigrations } from "../../backend/src/db/migrate";
import { openFreshPostgres } from "../../backend/src/test/databases";

const SLICES = Number(process.env.BENCH_SLICES || 8);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS || 2);
const CONNECTIONS = 8;

async function main() {
  const database = await openFreshPostgres();
  try {
    await runMigrations(database);
    const source = readFileSync(
      path.resolve(__dirname, "../../backend/src/db/functions/add_allocation_unit.sql"),
      "utf8",
    );
    const start = source.indexOf("  ELSE\n    -- 履歴");
    const end = source.indexOf("  END IF;", start);
    if (start < 0 || end < 0) throw new Error("history block not found in add_allocation_unit.sql");
    const without = (source.slice(0, start) + source.slice(end)).replace(
      "FUNCTION add_allocation_unit(",
      "FUNCTION add_allocation_unit_without_history(",
    );
    await database.db.execute(sql.raw(without));
    const pool = new Pool({ connectionString: database.url, max: CONNECTIONS, min: CONNECTIONS });
    const q = async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows;
    const [g] = await q("INSERT INTO groups (name) VALUES ('bench') RETURNING id");
    const [u] = await q(
      "INSERT INTO users (group_id, email, password_hash, first_name, last_name, is_member, is_owner) VALUES ($1, 'b@example.com', 'x', '太郎', '山田', true, true) RETURNING id",
      [g.id],
    );
    const [c] = await q("INSERT INTO categories (group_id, name) VALUES ($1, 'bench') RETURNING id", [g.id]);
    const workload = async (label: string) => {
      const items: number[] = [];
      for (let i = 0; i < 64; i++)
        items.push(
          (
            await q(
              "INSERT INTO items (group_id, category_id, title, stock_quantity, note) VALUES ($1, $2, $3, 1000000, '') RETURNING id",
              [g.id, c.id, `${label}-${i}`],
            )
          )[0].id,
        );
      const cases: number[] = [];
      for (let i = 0; i < 32; i++)
        cases.push(
          (
            await q(
              "INSERT INTO work_cases (group_id, title, start_date, end_date, note) VALUES ($1, $2, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', '') RETURNING id",
              [g.id, `${label}-${i}`],
            )
          )[0].id,
        );
      return { items, cases };
    };
    const paths = [
      {
        name: "add_allocation_unit (with the history INSERT)",
        call: "SELECT add_allocation_unit($1, $2, $3, $4)",
        load: await workload("with"),
      },
      {
        name: "the same without the history INSERT",
        call: "SELECT add_allocation_unit_without_history($1, $2, $3, $4)",
        load: await workload("without"),
      },
    ];
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const counts = paths.map(() => 0);
    const run = async (i: number, seconds: number) => {
      const p = paths[i]!;
      const until = Date.now() + seconds * 1000;
      let n = 0;
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          const client = await pool.connect();
          try {
            while (Date.now() < until) {
              await client.query("BEGIN");
              await client.query(p.call, [g.id, pick(p.load.cases), pick(p.load.items), u.id]);
              await client.query("COMMIT");
              n++;
            }
          } finally {
            client.release();
          }
        }),
      );
      return n;
    };
    await run(0, 2);
    await run(1, 2);
    for (let s = 0; s < SLICES; s++)
      for (const i of s % 2 === 0 ? [0, 1] : [1, 0]) counts[i]! += await run(i, SLICE_SECONDS);
    const seconds = SLICES * SLICE_SECONDS;
    for (const [i, p] of paths.entries())
      console.info(`${p.name}: ${(counts[i]! / seconds).toFixed(1)} transactions/s`);
    console.info(`with / without: ${(counts[0]! / counts[1]!).toFixed(3)}`);
    await pool.end();
  } finally {
    await database.close();
  }
}

void main();
