import type { ReadDeps } from "../../lib/serviceDeps";
import type { UsageChange } from "../../realtime/publisher";
import type { Realtime } from "../../realtime/realtime";
import { casesTouchedBy } from "./summary.queries";
import { summaryOfCase } from "./summary.service";

/** Reads the summaries, and sends them to this process's watchers of the cases. */
interface WatcherDeps extends ReadDeps {
  realtime: Pick<Realtime, "watchedCaseIds" | "emitToLocalWatchers">;
}

/**
 * After a `stock.changed` went out (from this or any other app process): sends `inventory.changed` with
 * the recomputed rows of the changed items to every case watched by a socket of THIS process that the
 * change can concern, carrying the number of the `stock.changed` that caused it. Each process serves its
 * own watchers, so the rows are computed once per process and tick, and nothing is read when no case
 * is watched here.
 */
export async function publishInventoryChanged(
  deps: WatcherDeps,
  groupId: number,
  change: UsageChange,
  seq: number,
): Promise<void> {
  const watched = deps.realtime.watchedCaseIds();
  if (watched.length === 0 || change.item_ids.length === 0) return;
  const db = deps.database.db;
  const from = change.from === null ? null : new Date(change.from);
  const to = change.to === null ? null : new Date(change.to);
  const cases = await casesTouchedBy(db, groupId, watched, change.item_ids, from, to);
  for (const kase of cases) {
    const rows = await summaryOfCase(db, groupId, kase, change.item_ids);
    if (rows.length > 0) deps.realtime.emitToLocalWatchers(kase.id, { seq, case_id: kase.id, rows });
  }
}
