/**
 * The claims of a lapsed-hold sweep that tests compose (docs/testing.md): the sweep takes its claim as an
 * ordinary parameter (`sweepLapsedHolds(deps, claim)`, features/workcases/holdSweeper.service.ts), so the server has
 * no switch for them. Production code never imports this file (`.dependency-cruiser.cjs`, rule
 * `no-test-imports`; backend/src/build.test.ts greps the bundle for these names).
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { rowsOf } from "../db/rawSql";
import type { Released } from "../features/workcases/holdSweeper.queries";
import type { ClaimDue } from "../features/workcases/holdSweeper.service";

type Meet = (ids: number[]) => Promise<void>;

/** `claim`, then `meet` with the ids it claimed, still inside the claim's transaction: two sweeps meet there. */
export function claimThenMeet(claim: ClaimDue, meet: Meet): ClaimDue {
  return async (tx, batch) => {
    const rows = await claim(tx, batch);
    if (rows.length > 0) await meet(rows.map((r) => r.id));
    return rows;
  };
}

/**
 * The control sweep's claim: a sweep that forgot the other processes. It reads the due cases without a lock,
 * then (after `meet`, where another sweep can run) cancels them by id alone, without reading the status again.
 */
export function naiveClaim(meet: Meet = async () => {}): ClaimDue {
  return async (tx, batch) => {
    const rows = await rowsOf<Released>(
      tx,
      sql`SELECT id, group_id FROM work_cases WHERE status = 'tentative' AND hold_until <= now() ORDER BY id LIMIT ${batch}`,
    );
    if (rows.length === 0) return rows;
    await meet(rows.map((r) => r.id));
    await cancelById(
      tx,
      rows.map((r) => r.id),
    );
    return rows;
  };
}

async function cancelById(tx: Tx, ids: number[]): Promise<void> {
  await tx.execute(
    sql`UPDATE work_cases SET status = 'cancelled' WHERE id IN (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
