import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import request from "supertest";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rawSql";
import { makeItem } from "../features/items/items.testkit";
import { invariantViolations, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { type DriverName, describeOnDatabases } from "../test/databases";
import { startTestServer } from "../test/testServer";
import { emptyTarget } from "./backup.testkit";
import { backupDatabase, backupServedPglite } from "./backupDatabase";
import { restoreBackup } from "./restore";
import type { BackupResult } from "./writeBackup";

const CLIENTS = 8;
const ITEMS = 4;
const CASES = 6;
const STOCK = 5;
const BACKUPS = 2;

interface Counters {
  id: number;
  order_quantity: number;
  issued_quantity: number;
  received_quantity: number;
  case_id: number;
  item_id: number;
}
type Sums = Map<number, { issued: number; received: number }>;

const readCounters = (db: Database) =>
  rowsOf<Counters>(
    db.db,
    sql`SELECT id, order_quantity, issued_quantity, received_quantity, work_case_id AS case_id, item_id FROM order_items`,
  );
async function readMovementSums(db: Database): Promise<Sums> {
  const rows = await rowsOf<{ id: number; issued: number; received: number }>(
    db.db,
    sql`SELECT order_item_id AS id,
               coalesce(sum(quantity) FILTER (WHERE kind = 'issue'), 0)::int AS issued,
               coalesce(sum(quantity) FILTER (WHERE kind = 'receive'), 0)::int AS received
          FROM order_item_movements GROUP BY order_item_id`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Order items whose counters disagree with their movements, or break received ≤ issued ≤ booked. */
function counterMismatches(counters: Counters[], sums: Sums): number[] {
  return counters
    .filter((o) => {
      const m = sums.get(o.id) ?? { issued: 0, received: 0 };
      return (
        m.issued !== o.issued_quantity ||
        m.received !== o.received_quantity ||
        o.received_quantity > o.issued_quantity ||
        o.issued_quantity > o.order_quantity
      );
    })
    .map((o) => o.id);
}

/** Order items whose history (units added, issued, received) does not add up to their counters. */
async function historyGaps(db: Database, counters: Counters[]): Promise<number[]> {
  const rows = await rowsOf<{ case_id: number; item_id: number; action: string; total: number }>(
    db.db,
    sql`SELECT case_id, item_id, action, sum(quantity)::int AS total FROM history
         WHERE action IN ('orderitem.add', 'orderitem.issue', 'orderitem.receive') GROUP BY 1, 2, 3`,
  );
  const sum = (c: Counters, action: string) =>
    rows.find((r) => r.case_id === c.case_id && r.item_id === c.item_id && r.action === action)?.total ?? 0;
  return counters
    .filter(
      (c) =>
        sum(c, "orderitem.add") !== c.order_quantity ||
        sum(c, "orderitem.issue") !== c.issued_quantity ||
        sum(c, "orderitem.receive") !== c.received_quantity,
    )
    .map((c) => c.id);
}

/**
 * 8 clients allocate (+), issue and receive over HTTP without pause while backups are taken; each backup,
 * restored into an empty database, must hold every invariant of the allocation tests at its instant: no
 * item over stock at any boundary instant, every order item's counters equal to its movements, and a
 * history that adds up to the counters. The control reads the same tables one after the other outside a
 * snapshot (as copying table by table would) and must find counters and movements that disagree.
 */
describeOnDatabases("a backup taken under concurrent writes", (driver: DriverName) => {
  let server: RunningServer;
  let owner: Session;
  let items: number[];
  let cases: number[];
  const orderItems = new Set<number>();
  let running = false;
  let writesDone = 0;
  let movementsDone = 0;
  let clients: Promise<void>[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), "zaiko-consistency-"));

  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    items = [];
    for (let i = 0; i < ITEMS; i++) items.push((await makeItem(server, owner, { stock: STOCK })).id);
    cases = [];
    for (let i = 0; i < CASES; i++) cases.push((await makeCase(server, owner)).id);
  }, 120_000);
  afterAll(async () => {
    running = false;
    await Promise.all(clients);
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
  async function client(): Promise<void> {
    const api = request(server.url);
    while (running) {
      const roll = Math.random();
      const known = [...orderItems];
      if (roll < 0.5 || known.length === 0) {
        const res = await api.post(`/api/additem/${pick(items)}/${pick(cases)}/`).set(bearer(owner));
        if (res.status === 200) orderItems.add(res.body.order_item.id);
      } else {
        const kind = roll < 0.75 ? "issue" : "receive";
        const res = await api
          .post(`/api/orderitems/${pick(known)}/${kind}/`)
          .set(bearer(owner))
          .send({ quantity: 1 });
        if (res.status === 200) movementsDone++;
      }
      writesDone++;
    }
  }
  const startLoad = () => {
    running = true;
    clients = Array.from({ length: CLIENTS }, () => client());
  };
  const stopLoad = async () => {
    running = false;
    await Promise.all(clients);
  };
  const untilMore = async (count: () => number, more: number) => {
    const target = count() + more;
    while (count() < target) await new Promise((r) => setTimeout(r, 10));
  };
  const backup = (file: string): Promise<BackupResult> =>
    driver === "pg"
      ? backupDatabase({ kind: "pg", url: server.deps.database.url! }, file)
      : backupServedPglite(server.deps.database, file);

  it("restores to a state where no item is over stock and counters, movements and history agree", async () => {
    startLoad();
    const files: string[] = [];
    let writesDuringBackups = 0;
    try {
      for (let i = 0; i < BACKUPS; i++) {
        await untilMore(() => writesDone, 40);
        const before = writesDone;
        const file = path.join(dir, `b${i}.jsonl.gz`);
        await backup(file);
        writesDuringBackups += writesDone - before;
        files.push(file);
      }
    } finally {
      await stopLoad();
    }
    // The clients kept writing while the backups were read (the test would show nothing otherwise).
    expect(writesDuringBackups).toBeGreaterThan(0);
    for (const file of files) {
      const target = await emptyTarget(driver);
      try {
        await restoreBackup(file, target.target);
        const db = await target.open();
        const counters = await readCounters(db);
        expect(counters.length).toBeGreaterThan(0);
        expect(await invariantViolations(db)).toEqual([]);
        expect(counterMismatches(counters, await readMovementSums(db))).toEqual([]);
        expect(await historyGaps(db, counters)).toEqual([]);
      } finally {
        await target.dispose();
      }
    }
  }, 240_000);

  it("control: the same tables read one after the other, outside a snapshot, disagree", async () => {
    startLoad();
    try {
      await untilMore(() => movementsDone, 5);
      const counters = await readCounters(server.deps.database);
      // Writes land between the two reads, as they would between two tables copied one by one.
      await untilMore(() => movementsDone, 10);
      const sums = await readMovementSums(server.deps.database);
      expect(counterMismatches(counters, sums).length).toBeGreaterThan(0);
    } finally {
      await stopLoad();
    }
  }, 120_000);
});
