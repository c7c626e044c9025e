import type { Pool } from "pg";

const ITEMS = 2_000;
const CASES = 2_000;
const ORDER_ITEMS = 50_000;

/**
 * Fills a group for the read-view benchmarks: 2,000 items (stock 1,000,000) and 2,000 cases of 3 days, one
 * starting every hour from 2026-11-01, each holding 25 items (quantities 1 to 3): 50,000 order items.
 * The week of 2026-11-22 overlaps about 6,000 of them.
 */
export async function seedReadViews(pool: Pool, groupId: number, categoryId: number) {
  await pool.query(
    `INSERT INTO items (group_id, category_id, title, stock_quantity)
     SELECT $1, $2, 'read-' || g, 1000000 FROM generate_series(1, $3) g`,
    [groupId, categoryId, ITEMS],
  );
  await pool.query(
    `INSERT INTO work_cases (group_id, title, start_date, end_date)
     SELECT $1, 'read-case-' || g, timestamptz '2026-11-01' + (g || ' hours')::interval,
            timestamptz '2026-11-01' + (g || ' hours')::interval + interval '3 days'
     FROM generate_series(1, $2) g`,
    [groupId, CASES],
  );
  // Each case holds 25 items (quantities 1 to 3); each item is in a case every 80 hours.
  await pool.query(
    `INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date)
     SELECT $1, c.id, i.id, 1 + (c.rn + i.rn) % 3, c.start_date, c.end_date
     FROM (SELECT id, start_date, end_date, row_number() OVER (ORDER BY id) rn FROM work_cases WHERE group_id = $1) c
     JOIN (SELECT id, row_number() OVER (ORDER BY id) rn FROM items WHERE group_id = $1) i
       ON (i.rn + c.rn * 7) % 80 = 0
     LIMIT $2`,
    [groupId, ORDER_ITEMS],
  );
  await pool.query("ANALYZE");
}
