import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import type { Database } from "../../db/client";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";

/** Test helpers shared by the work case and allocation suites. */

export const HOUR = 3_600_000;
/** An instant `h` hours after a fixed base, as an ISO string with offset. */
export const at = (h: number) => new Date(Date.parse("2030-04-01T00:00:00Z") + h * HOUR).toISOString();

export async function makeCase(
  server: RunningServer,
  s: Session,
  opts: { start?: string; end?: string; title?: string; note?: string } = {},
): Promise<WorkCaseDto> {
  const res = await request(server.url)
    .post("/api/workcases/")
    .set(bearer(s))
    .send({
      title: opts.title ?? unique("案件"),
      start_date: opts.start ?? at(0),
      end_date: opts.end ?? at(24),
      note: opts.note ?? "",
      group: s.groupId,
    });
  if (res.status !== 201) throw new Error(`case: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const add = (server: RunningServer, s: Session, itemId: number, caseId: number) =>
  request(server.url).post(`/api/additem/${itemId}/${caseId}/`).set(bearer(s));
export const reduce = (server: RunningServer, s: Session, itemId: number, caseId: number) =>
  request(server.url).post(`/api/reduceitem/${itemId}/${caseId}/`).set(bearer(s));
export const patch = (server: RunningServer, s: Session, id: number, body: unknown) =>
  request(server.url)
    .patch(`/api/orderitems/${id}/`)
    .set(bearer(s))
    .send(body as object);

/** Adds `n` units one after another, expecting each to succeed. */
export async function addUnits(server: RunningServer, s: Session, itemId: number, caseId: number, n: number) {
  let last: request.Response | undefined;
  for (let i = 0; i < n; i++) last = await add(server, s, itemId, caseId).expect(200);
  return last!.body;
}

export interface Violation {
  item_id: number;
  at: Date;
  usage: number;
  stock: number;
}

/**
 * The invariant checked in SQL at every boundary instant: for each item and every start or end instant of
 * its order items, the sum of the quantities of the order items containing it must not exceed stock.
 */
export async function invariantViolations(database: Database, itemIds?: number[]): Promise<Violation[]> {
  const filter = itemIds
    ? sql`AND i.id IN (${sql.join(
        itemIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = (await database.db.execute(sql`
    WITH holds AS (
      -- Cancelled cases hold no stock; units out of service (lost, broken) do (docs/lifecycle.md).
      -- What order items hold: early returns free their units from the return (order_item_bookings).
      SELECT o.item_id, o.start_date, o.end_date, o.quantity FROM order_item_bookings o
      JOIN work_cases w ON w.id = o.work_case_id AND w.status <> 'cancelled'
      UNION ALL SELECT item_id, start_date, end_date, quantity FROM item_outages
    ),
    instants AS (
      SELECT item_id, start_date AS t FROM holds
      UNION SELECT item_id, end_date AS t FROM holds
    )
    SELECT i.id AS item_id, p.t AS at, sum(o.quantity)::int AS usage, i.stock_quantity AS stock
    FROM instants p
    JOIN items i ON i.id = p.item_id
    JOIN holds o ON o.item_id = p.item_id AND o.start_date <= p.t AND p.t <= o.end_date
    WHERE true ${filter}
    GROUP BY i.id, p.t, i.stock_quantity
    HAVING sum(o.quantity) > i.stock_quantity`)) as unknown as { rows: Violation[] };
  return result.rows;
}

/**
 * Order items where some unit came back before it went out (docs/lifecycle.md): at a receive's instant, more
 * received by then than issued by then, or the spec's receive time before its issue time. Empty when none.
 */
export async function receivedBeforeIssued(database: Database): Promise<{ order_item_id: number }[]> {
  const result = (await database.db.execute(sql`
    SELECT r.order_item_id FROM order_item_movements r
    WHERE r.kind = 'receive' AND (
      SELECT coalesce(sum(CASE WHEN m.kind = 'issue' THEN m.quantity ELSE -m.quantity END), 0)
      FROM order_item_movements m WHERE m.order_item_id = r.order_item_id AND m.at <= r.at
    ) < 0
    UNION SELECT id FROM order_items WHERE receive < issue`)) as unknown as {
    rows: { order_item_id: number }[];
  };
  return result.rows;
}
