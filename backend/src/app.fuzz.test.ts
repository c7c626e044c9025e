import { sql } from "drizzle-orm";
import fc from "fast-check";
import request from "supertest";
import { makeCategory, makeItem } from "./features/items/items.testkit";
import {
  add,
  at,
  invariantViolations,
  makeCase,
  receivedBeforeIssued,
} from "./features/orderitems/orderitems.testkit";
import { makeSet } from "./features/sets/sets.testkit";
import type { RunningServer } from "./server";
import { activate, bearer, login, ownerWithStaff, type Session, signUpOwner, signUpStaff } from "./test/api";
import { describeOnDatabases } from "./test/databases";
import { calls, type IdKind, sendCall } from "./test/fuzz";
import { startTestServer } from "./test/testServer";

/**
 * Generated requests over every route against the real server (reads with their query strings, writes with
 * their bodies, headers that lie): whatever a client sends, the answer is below 500, carries no stack or SQL
 * text, the server stays up, and what is stored afterwards keeps the invariants (no item over its stock, no
 * unit received before it was issued, counters equal to the movements) and the schema's bounds. FUZZ_RUNS
 * and FUZZ_SEED reproduce a run.
 */
// Each run draws a new seed, so runs add up to more inputs than one run holds; 600 per database keeps the
// file off the suite's critical path (FUZZ_RUNS for more).
const RUNS = Number(process.env.FUZZ_RUNS || 600);

/** Words of a stack trace or of SQL/driver errors: none may reach a client. */
const LEAK =
  /Failed query|params:|node_modules|\.ts:\d+|\bat \S+ \(|SQLSTATE|duplicate key|violates|syntax error at|invalid input syntax|relation "|column "|\bstack\b/i;

describeOnDatabases("fuzzing every call", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
    // Something of the other group's to aim at: its rows must come through untouched.
    const item = await makeItem(server, other, { title: "他社アイテム", stock: 3 });
    const c = await makeCase(server, other, { title: "他社案件", end: at(48) });
    expect((await add(server, other, item.id, c.id)).status).toBe(200);
  });
  afterAll(() => server.close());

  /** A category, two items and a case of the owner's group, made the ordinary way. */
  const stock = async (s: Session, n: number) => {
    const category = (await makeCategory(server, s, `在庫${n}`)).id;
    const items: number[] = [];
    for (const t of ["マイク", "スピーカー"])
      items.push((await makeItem(server, s, { category, title: `${t}${n}`, stock: 3 })).id);
    await makeSet(server, s, category, [
      [items[0]!, 1],
      [items[1]!, 2],
    ]);
    await makeCase(server, s, { title: `案件${n}`, start: at(24), end: at(72) });
  };
  const ids = async (groupId: number): Promise<Record<IdKind, number[]>> => {
    const q = async (table: string) =>
      (
        (await server.deps.database.db.execute(
          sql.raw(`SELECT id FROM ${table} WHERE group_id = ${groupId} ORDER BY id`),
        )) as unknown as {
          rows: { id: number }[];
        }
      ).rows.map((r) => r.id);
    return {
      category: await q("categories"),
      item: await q("items"),
      case: await q("work_cases"),
      order: await q("order_items"),
      user: await q("users"),
      movement: await q("order_item_movements"),
      set: await q("item_sets"),
      line: await q("case_set_lines"),
    };
  };
  /**
   * Everything of a group, for the before/after comparison. A sign-up may name any group (the public call
   * staff join with): it adds an inactive staff member, which only the group's owner can let in, so new
   * rows of that kind are left out.
   */
  const snapshot = async (groupId: number, usersUpTo: number) => {
    const rows = async (table: string, more = "") =>
      (
        (await server.deps.database.db.execute(
          sql.raw(`SELECT * FROM ${table} WHERE group_id = ${groupId} ${more} ORDER BY id`),
        )) as unknown as { rows: unknown[] }
      ).rows;
    return JSON.stringify([
      await rows("categories"),
      await rows("items"),
      await rows("work_cases"),
      await rows("order_items"),
      await rows("item_sets"),
      await rows("case_set_lines"),
      await rows("users", `AND (id <= ${usersUpTo} OR is_member OR is_owner)`),
    ]);
  };

  it(
    `answers ${RUNS} generated requests below 500, without stack or SQL, and keeps the data valid`,
    async () => {
      const seed = Number(process.env.FUZZ_SEED || Date.now() % 1_000_000);
      const generated = fc.sample(calls, { numRuns: RUNS, seed });
      const lastUser = Math.max(...(await ids(other.groupId)).user, ...(await ids(owner.groupId)).user);
      const otherBefore = await snapshot(other.groupId, lastUser);
      const counts = new Map<number, number>();
      const failures: string[] = [];
      let own = await ids(owner.groupId);
      const others = await ids(other.groupId);

      for (const [n, c] of generated.entries()) {
        if (n % 25 === 0) {
          own = await ids(owner.groupId);
          // A long run (10,000 requests on a busy machine) outlives the owner's access token. The fuzz's
          // wrong passwords may have the owner's email locked for a while (429): then it tries again later.
          const signedIn = async () =>
            (await request(server.url).get("/api/user-info/").set(bearer(owner))).status !== 401;
          if (!(await signedIn()))
            owner = await login(server, owner.email, owner.password).catch(() => owner);
          // The fuzz deactivates and deletes members too; a staff member is kept at hand for the role checks.
          if ((await request(server.url).get("/api/user-info/").set(bearer(staff))).status === 401) {
            const s = await signUpStaff(server, owner.groupId);
            await activate(server, owner, s.id);
            staff = await login(server, s.email, s.password);
          }
          // The catalogue and the cases are kept stocked, so that allocation calls have something to act on.
          if ((own.item.length < 3 || own.case.length < 2) && (await signedIn())) await stock(owner, n);
        }
        const { path, res } = await sendCall(c, {
          server,
          owner,
          staff,
          own,
          others,
          otherGroupId: other.groupId,
        });
        counts.set(res.status, (counts.get(res.status) ?? 0) + 1);
        const text = res.type.includes("spreadsheet") ? "" : res.text;
        // A request whose Content-Length promised more than it sent may get no answer at all (status 0);
        // the server must still be there for the next one, which the health check after the run shows.
        if (
          res.status >= 500 ||
          (res.status >= 400 && LEAK.test(text)) ||
          /Failed query|node_modules/.test(text)
        ) {
          failures.push(
            `${c.name} ${c.method.toUpperCase()} ${path} ${JSON.stringify(c.body)?.slice(0, 300)} -> ${res.status} ${text.slice(0, 300)}`,
          );
        }
      }

      const byStatus = [...counts.entries()].sort(([a], [b]) => a - b);
      console.info(
        `fuzz [${driver}] seed ${seed}: ${RUNS} requests; by status ${byStatus.map(([s, n]) => `${s}: ${n}`).join(", ")}`,
      );
      expect(failures).toEqual([]);
      await request(server.url).get("/api/healthz").expect(200);

      // Stored data afterwards: the invariant and the schema's bounds.
      expect(await invariantViolations(server.deps.database)).toEqual([]);
      // No unit came back before it went out, and the counters on the rows are the movements' sums.
      expect(await receivedBeforeIssued(server.deps.database)).toEqual([]);
      const counters = (await server.deps.database.db.execute(sql`
      SELECT o.id FROM order_items o
      LEFT JOIN LATERAL (
        SELECT coalesce(sum(quantity) FILTER (WHERE kind = 'issue'), 0) AS issued,
               coalesce(sum(quantity) FILTER (WHERE kind = 'receive'), 0) AS received
        FROM order_item_movements m WHERE m.order_item_id = o.id
      ) s ON true
      WHERE o.issued_quantity <> s.issued OR o.received_quantity <> s.received
        OR NOT (0 <= o.received_quantity AND o.received_quantity <= o.issued_quantity
                AND o.issued_quantity <= o.order_quantity)`)) as unknown as { rows: unknown[] };
      expect(counters.rows).toEqual([]);
      const bad = (await server.deps.database.db.execute(sql`
      SELECT 'item' AS kind, id FROM items
        WHERE stock_quantity < 0 OR stock_quantity > 1000000 OR length(btrim(title)) NOT BETWEEN 1 AND 200
          OR length(note) > 2000 OR strpos(title || note, chr(65533)) > 0
      UNION ALL SELECT 'category', id FROM categories WHERE length(btrim(name)) NOT BETWEEN 1 AND 200
          OR strpos(name, chr(65533)) > 0
      UNION ALL SELECT 'case', id FROM work_cases WHERE start_date > end_date OR length(btrim(title)) NOT BETWEEN 1 AND 200
          OR length(note) > 2000 OR strpos(title || note, chr(65533)) > 0
      UNION ALL SELECT 'order', id FROM order_items WHERE order_quantity < 1 OR start_date > end_date
          OR (receive IS NOT NULL AND issue IS NULL)
      UNION ALL SELECT 'user', id FROM users WHERE length(btrim(first_name)) NOT BETWEEN 1 AND 200
          OR length(btrim(last_name)) NOT BETWEEN 1 AND 200 OR strpos(first_name || last_name, chr(65533)) > 0
    `)) as unknown as { rows: unknown[] };
      expect(bad.rows).toEqual([]);
      // A part's order item holds at least what its case's set lines need of it (docs/sets.md).
      const belowNeed = (await server.deps.database.db.execute(sql`
      SELECT p.item_id, l.work_case_id FROM case_set_lines l
      JOIN case_set_line_parts p ON p.line_id = l.id
      LEFT JOIN order_items o ON o.work_case_id = l.work_case_id AND o.item_id = p.item_id
      GROUP BY p.item_id, l.work_case_id, o.order_quantity
      HAVING coalesce(o.order_quantity, 0) < sum(l.quantity * p.quantity)`)) as unknown as {
        rows: unknown[];
      };
      expect(belowNeed.rows).toEqual([]);
      // The other group was aimed at and never touched.
      expect(await snapshot(other.groupId, lastUser)).toBe(otherBefore);
    },
    Math.max(180_000, RUNS * 100),
  );
});
