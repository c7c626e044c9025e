/**
 * What reading bookings through the view order_item_bookings (early returns free stock: docs/lifecycle.md,
 * part 4) costs the + at the database, without HTTP: add_allocation_unit of this checkout against the same
 * function reading order_items as planned (the source file with the view's read replaced by the earlier one,
 * installed under another name), in one scratch PostgreSQL database, 8 connections, each a transaction of
 * BEGIN, the function, COMMIT, in alternating slices so the machine's drift falls on both. Each item already
 * has order items of 8 overlapping cases (BENCH_OTHERS), each with 2 units out and 1 of them back early, so
 * the view's early-return rows are read on every call. Prints; writes nothing.
 *
 *   node -r esbuild-register scripts/bench/bookingsViewCost.ts
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
/** BENCH_OTHERS=0: items with no other order items (as the allocation benchmark's), to see the view's fixed cost. */
const OTHERS = Number(process.env.BENCH_OTHERS ?? 8);

async function main() {
  const database = await openFreshPostgres();
  try {
    await runMigrations(database);
    const source = readFileSync(
      path.resolve(__dirname, "../../backend/src/db/functions/add_allocation_unit.sql"),
      "utf8",
    );
    const viewRead = source.slice(
      source.indexOf("    -- What order items hold"),
      source.indexOf("      -- Cancelled cases hold no stock"),
    );
    if (!viewRead.includes("FROM order_item_bookings o")) throw new Error("view read not found");
    const planned = source
      .replace(
        viewRead,
        `    SELECT o.start_date, o.end_date, o.order_quantity AS quantity
    FROM order_items o
    WHERE o.item_id = p_item
      AND o.start_date <= v_unit.end_date AND o.end_date >= v_unit.start_date
`,
      )
      .replace("FUNCTION add_allocation_unit(", "FUNCTION add_allocation_unit_as_planned(");
    await database.db.execute(sql.raw(planned));
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
      // OTHERS other cases over the same period: 2 units of each item out, 1 of them back early.
      for (let k = 0; k < OTHERS; k++) {
        const [other] = await q(
          "INSERT INTO work_cases (group_id, title, start_date, end_date, note) VALUES ($1, $2, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', '') RETURNING id",
          [g.id, `${label}-other-${k}`],
        );
        for (const item of items) {
          const [o] = await q(
            "INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date, issued_quantity, received_quantity) VALUES ($1, $2, $3, 2, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', 2, 1) RETURNING id",
            [g.id, other.id, item],
          );
          await q(
            "INSERT INTO order_item_movements (group_id, order_item_id, kind, quantity, at, member_name) VALUES ($1, $2, 'issue', 2, '2026-12-31T00:00:00Z', ''), ($1, $2, 'receive', 1, '2027-01-15T00:00:00Z', '')",
            [g.id, o.id],
          );
        }
      }
      return { items, cases };
    };
    const paths = [
      {
        name: "add_allocation_unit (bookings through order_item_bookings)",
        call: "SELECT add_allocation_unit($1, $2, $3, $4)",
        load: await workload("view"),
      },
      {
        name: "the same reading order_items as planned",
        call: "SELECT add_allocation_unit_as_planned($1, $2, $3, $4)",
        load: await workload("planned"),
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
    console.info(`view / as planned: ${(counts[0]! / counts[1]!).toFixed(3)}`);
    await pool.end();
  } finally {
    await database.close();
  }
}

void main();
