import { sql } from "drizzle-orm";
import { Client } from "pg";
import request from "supertest";
import { makeCategory, makeItem } from "../features/items/items.testkit";
import { at, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnPostgres } from "../test/databases";
import { startTestServer } from "../test/testServer";

/**
 * The + of the case screen must read the bookings of its item, not of the whole group. PL/pgSQL keeps a
 * generic plan per session for the statements of `add_allocation_unit`, planned without the values; with
 * `group_id` in the bookings condition that plan could take the group's period index and filter every order
 * item of the group by item (as the function of migration 0002 did). The plan of the nested statement is read with auto_explain,
 * sent to this session as a notice, with the generic plan forced and on a table without statistics.
 */
describeOnPostgres("add_allocation_unit's bookings read [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  it("reads only the item's own order items, however many the group has in the period", async () => {
    const category = (await makeCategory(server, owner)).id;
    const added = await makeItem(server, owner, { category, stock: 10 });
    const busy = await makeItem(server, owner, { category, stock: 1000 });
    const kase = await makeCase(server, owner, { start: at(0), end: at(24) });
    // The item being added has one other booking; another item of the group has 300 in the same period.
    const other = await makeCase(server, owner, { start: at(2), end: at(20) });
    await request(server.url).post(`/api/additem/${added.id}/${other.id}/`).set(bearer(owner)).expect(200);
    await server.deps.database.db.execute(sql`
      WITH cases AS (
        INSERT INTO work_cases (group_id, title, start_date, end_date)
        SELECT ${owner.groupId}, 'bulk ' || n, ${at(1)}::timestamptz, ${at(23)}::timestamptz
        FROM generate_series(1, 300) n
        RETURNING id
      )
      INSERT INTO order_items (group_id, work_case_id, item_id, order_quantity, start_date, end_date)
      SELECT ${owner.groupId}, id, ${busy.id}, 1, ${at(1)}::timestamptz, ${at(23)}::timestamptz FROM cases`);

    const session = new Client({ connectionString: server.deps.database.url });
    await session.connect();
    const notices: string[] = [];
    session.on("notice", (n) => notices.push(n.message ?? ""));
    try {
      await session.query(`
        LOAD 'auto_explain';
        SET auto_explain.log_min_duration = 0;
        SET auto_explain.log_nested_statements = on;
        SET auto_explain.log_analyze = on;
        SET auto_explain.log_level = notice;
        SET client_min_messages = notice;
        SET plan_cache_mode = force_generic_plan`);
      await session.query("BEGIN");
      const { rows } = await session.query("SELECT add_allocation_unit($1, $2, $3, $4) AS r", [
        owner.groupId,
        kase.id,
        added.id,
        owner.userId,
      ]);
      await session.query("ROLLBACK");
      expect(rows[0].r.bookings).toHaveLength(2);

      const plan = notices.find((n) => n.includes("json_agg"));
      expect(plan).toBeDefined();
      expect(plan).toContain("order_items_item_period_idx");
      expect(plan).not.toMatch(/Rows Removed by Filter: [1-9]/);
    } finally {
      await session.end();
    }
  });
});
