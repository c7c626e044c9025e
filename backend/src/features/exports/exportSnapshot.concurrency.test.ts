import { sql } from "drizzle-orm";
import { Client } from "pg";
import { rowsOf } from "../../db/rawSql";
import type { RunningServer } from "../../server";
import { type Session, signUpOwner } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { settle } from "../../test/sockets";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { makeCase } from "../orderitems/orderitems.testkit";
import { addSet, makeSet } from "../sets/sets.testkit";
import { orderItemsOfCase, setLinePartsOfCase } from "./exports.queries";
import { exportExcel, sheetRows } from "./exports.testkit";
import { exportLines } from "./sheetRows.presenter";

/**
 * The Excel of a case reads its order items and its set lines in one snapshot (docs/sets.md, "Pack list and
 * Excel"), on PostgreSQL (PGlite runs one transaction at a time). A set's − commits while the export waits
 * between those reads: another connection holds the set lines' parts table locked, changes the line and its
 * part's order item, and commits once the export's read of the parts waits for its lock. One snapshot shows
 * the case as it was before the −, in agreement. The control reads the same rows as the export did before,
 * each statement on its own, under the same steps: the order item from before the −, the line from after it,
 * and the unit the − took away shows as a phantom row booked alone.
 */
type Line = [title: string, quantity: number, kind: "set" | "part" | "item"];

describeOnPostgres("the Excel of a case while a set's − commits [postgres]", () => {
  let server: RunningServer;
  let owner: Session;
  let micSet: number;

  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
    const category = (await makeCategory(server, owner, "音響")).id;
    const mic = await makeItem(server, owner, { category, title: "マイク", stock: 20 });
    micSet = (await makeSet(server, owner, category, [[mic.id, 1]], "マイクセット")).id;
  });
  afterAll(() => server.close());

  /** The export's lines while the − commits in the middle of its reads; the case has 2 sets before it. */
  async function duringSetRemoval(readLines: (caseId: number) => Promise<Line[]>): Promise<Line[]> {
    const caseId = (await makeCase(server, owner)).id;
    await addSet(server, owner, micSet, caseId).expect(200);
    await addSet(server, owner, micSet, caseId).expect(200);
    const blocker = new Client({ connectionString: server.deps.database.url });
    await blocker.connect();
    try {
      await blocker.query("BEGIN");
      await blocker.query("LOCK TABLE case_set_line_parts IN ACCESS EXCLUSIVE MODE");
      // What a set's − writes: one set fewer on the line, one unit fewer on its part's order item.
      await blocker.query("UPDATE case_set_lines SET quantity = 1 WHERE work_case_id = $1", [caseId]);
      await blocker.query("UPDATE order_items SET order_quantity = 1 WHERE work_case_id = $1", [caseId]);
      const lines = readLines(caseId);
      await untilAReadWaitsForALock();
      await blocker.query("COMMIT");
      return await lines;
    } finally {
      await blocker.end();
    }
  }

  async function untilAReadWaitsForALock(): Promise<void> {
    for (let tries = 0; tries < 400; tries++) {
      const [row] = await rowsOf<{ n: number }>(
        server.deps.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE 'select%'`,
      );
      if (row!.n > 0) return;
      await settle(5);
    }
    throw new Error("no read of the export waited for the parts' lock");
  }

  async function viaExcel(caseId: number): Promise<Line[]> {
    const res = await exportExcel(server, owner, { workcaseDetail: { id: caseId } }).expect(200);
    return (await sheetRows(res.body)).map(
      ([title, quantity, , indent, bold]): Line => [
        String(title),
        Number(quantity),
        bold ? "set" : indent > 0 ? "part" : "item",
      ],
    );
  }

  /** The reads as the export made them before: each statement on its own connection, side by side. */
  async function statementByStatement(caseId: number): Promise<Line[]> {
    const db = server.deps.database.db;
    const [rows, parts] = await Promise.all([
      orderItemsOfCase(db, owner.groupId, caseId),
      setLinePartsOfCase(db, owner.groupId, caseId),
    ]);
    return exportLines(rows, rows, parts).map(
      (line): Line =>
        line.kind === "set"
          ? [line.title, line.sets, "set"]
          : [line.row.itemTitle, line.row.quantity, line.kind],
    );
  }

  it("shows the case as it was before the −: its 2 sets and their 2 microphones, nothing booked alone", async () => {
    expect(await duringSetRemoval(viaExcel)).toEqual([
      ["マイクセット", 2, "set"],
      ["マイク", 2, "part"],
    ]);
  });

  it("CONTROL: read statement by statement, the line is after the − and the order item before it", async () => {
    expect(await duringSetRemoval(statementByStatement)).toEqual([
      ["マイクセット", 1, "set"],
      ["マイク", 1, "part"],
      ["マイク", 1, "item"],
    ]);
  });
});
