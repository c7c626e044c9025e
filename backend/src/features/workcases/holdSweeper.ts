import { rooms } from "@zaiko/common/realtime/events";
import type { LogDeps, ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import { cancelByIds, claimDue, nextHoldDeadline } from "./holdSweeper.queries";
import { presentWorkCase } from "./workcases.presenter";
import { caseViews } from "./workcases.queries";
import { publishCaseUsage, recordStatusHistory } from "./workcases.status";

/** Cases released per transaction: a backlog (a server down for days) goes out in short transactions. */
const BATCH = 200;

/**
 * Test-only switches. `naive` is the two-process test's control: it reads the due cases without a lock and
 * updates them by id alone, as a sweep that forgot the other processes would; `afterClaim` runs inside the
 * transaction once the cases are claimed (or, naive, once they are read), so a test can make two sweeps meet.
 */
export interface SweepOptions {
  naive?: boolean;
  afterClaim?: (ids: number[]) => Promise<void>;
}

/**
 * One pass: releases every hold whose deadline has passed (status → cancelled; deadline and holder kept) and,
 * after each transaction commits, pushes `workcases.upserted` and the items' `stock.changed` to the group.
 * Returns the ids this call released (each id is released by exactly one caller, whatever runs at once).
 */
export async function sweepLapsedHolds(deps: WriteDeps, opts: SweepOptions = {}): Promise<number[]> {
  const released: number[] = [];
  for (;;) {
    const batch = await inTransaction(deps, async (tx, events) => {
      const rows = await claimDue(tx, opts.naive === true, BATCH);
      if (opts.naive && rows.length > 0) {
        await opts.afterClaim?.(rows.map((r) => r.id));
        await cancelByIds(
          tx,
          rows.map((r) => r.id),
        );
      } else if (rows.length > 0) {
        await opts.afterClaim?.(rows.map((r) => r.id));
      }
      const byGroup = new Map<number, number[]>();
      for (const r of rows) byGroup.set(r.group_id, [...(byGroup.get(r.group_id) ?? []), r.id]);
      for (const [groupId, ids] of byGroup) {
        for (const view of await caseViews(tx, groupId, ids)) {
          events.add(groupId, rooms.group(groupId), "workcases.upserted", {
            workcase: presentWorkCase(view),
          });
          await publishCaseUsage(tx, events, groupId, view.id);
          // The lapse is the system's doing: no member is recorded (docs/history.md).
          await recordStatusHistory(
            tx,
            events,
            { groupId, id: null },
            { ...view, status: "tentative" },
            view,
          );
        }
      }
      return rows.map((r) => r.id);
    });
    released.push(...batch);
    if (batch.length < BATCH) return released;
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
