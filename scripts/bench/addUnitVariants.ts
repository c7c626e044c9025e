/**
 * What a part of the + costs the database, without HTTP: add_allocation_unit of this checkout against a
 * variant made from its source file (a part cut out or replaced, installed under another name), in one
 * scratch PostgreSQL database, 8 connections, each a transaction of BEGIN, the function, COMMIT, in
 * alternating slices so the machine's drift falls on both. Each variant has its own 64 items and 32 cases.
 * Prints; writes nothing. Used by historyCost.ts and bookingsViewCost.ts.
 */
import { sql } from "drizzle-orm";
import { Pool } from "pg";
import { functionDefinition } from "../../backend/src/db/functions.testkit";
import { runMigrations } from "../../backend/src/db/migrate";
import { openFreshPostgres } from "../../backend/src/test/databases";

const SLICES = Number(process.env.BENCH_SLICES || 8);
const SLICE_SECONDS = Number(process.env.BENCH_SLICE_SECONDS || 2);
const CONNECTIONS = 8;

/** Runs an INSERT … RETURNING id and gives the id. */
export type InsertId = (text: string, params?: unknown[]) => Promise<number>;

export interface AddUnitComparison {
  /** What the current function does, and what the variant does instead. */
  current: string;
  variant: string;
  /** The variant's source, made from the current function's source (its name is replaced here). */
  variantSource: (source: string) => string;
  /** Prepares more rows for a workload's items and cases (e.g. other bookings to read). */
  prepare?: (
    insertId: InsertId,
    ids: { group: number; category: number },
    items: number[],
    label: string,
  ) => Promise<void>;
  /** How the ratio line is headed, e.g. "with / without". */
  ratio: string;
}

export async function compareAddUnit(c: AddUnitComparison): Promise<void> {
  const database = await openFreshPostgres();
  try {
    await runMigrations(database);
    const source = functionDefinition("add_allocation_unit");
    const variant = c
      .variantSource(source)
      .replace("FUNCTION add_allocation_unit(", "FUNCTION add_allocation_unit_variant(");
    if (!variant.includes("add_allocation_unit_variant(")) throw new Error("the variant has no function");
    await database.db.execute(sql.raw(variant));
    const pool = new Pool({ connectionString: database.url, max: CONNECTIONS, min: CONNECTIONS });
    const insertId: InsertId = async (text, params = []) => {
      const [row] = (await pool.query<{ id: number }>(text, params)).rows;
      if (!row) throw new Error(`nothing inserted: ${text}`);
      return row.id;
    };
    const group = await insertId("INSERT INTO groups (name) VALUES ('bench') RETURNING id");
    const user = await insertId(
      "INSERT INTO users (group_id, email, password_hash, first_name, last_name, is_member, is_owner) VALUES ($1, 'b@example.com', 'x', '太郎', '山田', true, true) RETURNING id",
      [group],
    );
    const category = await insertId(
      "INSERT INTO categories (group_id, name) VALUES ($1, 'bench') RETURNING id",
      [group],
    );
    const ids = { group, category };
    const workload = async (label: string) => {
      const items: number[] = [];
      for (let i = 0; i < 64; i++) {
        items.push(
          await insertId(
            "INSERT INTO items (group_id, category_id, title, stock_quantity, note) VALUES ($1, $2, $3, 1000000, '') RETURNING id",
            [ids.group, ids.category, `${label}-${i}`],
          ),
        );
      }
      const cases: number[] = [];
      for (let i = 0; i < 32; i++) {
        cases.push(
          await insertId(
            "INSERT INTO work_cases (group_id, title, start_date, end_date, note) VALUES ($1, $2, '2027-01-01T00:00:00Z', '2027-02-01T00:00:00Z', '') RETURNING id",
            [ids.group, `${label}-${i}`],
          ),
        );
      }
      await c.prepare?.(insertId, ids, items, label);
      return { items, cases };
    };
    const paths = [
      {
        name: c.current,
        call: "SELECT add_allocation_unit($1, $2, $3, $4)",
        load: await workload("current"),
      },
      {
        name: c.variant,
        call: "SELECT add_allocation_unit_variant($1, $2, $3, $4)",
        load: await workload("variant"),
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
              await client.query(p.call, [ids.group, pick(p.load.cases), pick(p.load.items), user]);
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
    console.info(`${c.ratio}: ${(counts[0]! / counts[1]!).toFixed(3)}`);
    await pool.end();
  } finally {
    await database.close();
  }
}
