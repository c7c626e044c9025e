import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../../db/client";
import type { LogDeps, ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { claimDue, nextHoldDeadline, type Released } from "./holdSweeper.queries";
import { presentWorkCase } from "./workcases.presenter";
import { caseViews } from "./workcases.queries";
import { publishCaseUsage, recordStatusHistory } from "./workcases.status";

/** Cases released per transaction: a backlog (a server down for days) goes out in short transactions. */
const BATCH = 200;

/**
 * How a sweep claims its cases: inside the sweep's transaction, marks up to `batch` due holds cancelled and
 * returns those this caller released (each case to one caller only, whatever runs at once). Production uses
 * `claimDue`; a test hands in another claim composed from it (docs/testing.md), never a switch of this file.
 */
export type ClaimDue = (tx: Tx, batch: number) => Promise<Released[]>;

/**
 * One pass: releases every hold whose deadline has passed (status → cancelled; deadline and holder kept) and,
 * after each transaction commits, pushes `workcases.upserted` and the items' `stock.changed` to the group.
 * Returns the ids this call released (each id is released by exactly one caller, whatever runs at once).
 */
export async function sweepLapsedHolds(deps: WriteDeps, claim: ClaimDue = claimDue): Promise<number[]> {
  const released: number[] = [];
  for (;;) {
    const batch = await inTransaction(deps, async (tx, events) => {
      const rows = await claim(tx, BATCH);
      await announceReleases(tx, events, rows);
      return rows.map((r) => r.id);
    });
    released.push(...batch);
    if (batch.length < BATCH) return released;
  }
}

/** The release's other half, in the claim's transaction: each case's event, its items' usage, its history. */
async function announceReleases(tx: Tx, events: EventBuffer, rows: Released[]): Promise<void> {
  const byGroup = new Map<number, number[]>();
  for (const r of rows) byGroup.set(r.group_id, [...(byGroup.get(r.group_id) ?? []), r.id]);
  for (const [groupId, ids] of byGroup) {
    for (const view of await caseViews(tx, groupId, ids)) {
      events.add(groupId, rooms.group(groupId), "workcases.upserted", {
        workcase: presentWorkCase(view),
      });
      await publishCaseUsage(tx, events, groupId, view.id);
      // The lapse is the system's doing: no member is recorded (docs/history.md).
      await recordStatusHistory(tx, events, { groupId, id: null }, { ...view, status: "tentative" }, view);
    }
  }
}

/** When the next hold of any group lapses, or null when none is held. */
function nextDeadline(deps: ReadDeps): Promise<Date | null> {
  return nextHoldDeadline(deps.database.db);
}

export interface HoldSweeper {
  /** A hold made or moved through this process: wake up at its deadline if that is sooner. */
  wakeAt(at: Date): void;
  stop(): void;
}

/**
 * Releases lapsed holds at their deadlines. Nothing lives only in memory: the deadlines are in the database,
 * so a restart sweeps what lapsed meanwhile at once, and with several processes each one sweeps (the claim
 * lets exactly one release each case). A process sleeps until the next deadline it knows of, at most
 * `maxWaitMs`, so a hold made through another process is released within that.
 */
export function startHoldSweeper(deps: WriteDeps & LogDeps, maxWaitMs: number): HoldSweeper {
  let timer: NodeJS.Timeout | undefined;
  let wakeTime = Number.POSITIVE_INFINITY;
  let running = false;
  let again = false;
  let stopped = false;

  const schedule = (at: number) => {
    if (stopped) return;
    const when = Math.min(at, Date.now() + maxWaitMs);
    if (timer && when >= wakeTime) return;
    if (timer) clearTimeout(timer);
    wakeTime = when;
    // setTimeout's longest delay is about 24.8 days; maxWaitMs bounds it anyway.
    timer = setTimeout(run, Math.max(0, when - Date.now()));
    timer.unref();
  };

  const run = async () => {
    timer = undefined;
    wakeTime = Number.POSITIVE_INFINITY;
    if (running) {
      again = true;
      return;
    }
    running = true;
    let next: Date | null = null;
    try {
      await sweepLapsedHolds(deps);
      next = await nextDeadline(deps);
    } catch (err) {
      deps.logger.warn({ err }, "hold sweep failed");
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      schedule(Date.now());
    } else {
      // A deadline a few ms ahead is woken for just after it, so the next pass finds it due.
      schedule(next ? next.getTime() + 5 : Date.now() + maxWaitMs);
    }
  };

  schedule(Date.now());
  return {
    wakeAt: (at) => schedule(at.getTime() + 5),
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
