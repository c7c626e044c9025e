import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import type { CaseStatusChange, WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { lockCase, lockItemsForAllocation, shortageRefusal, shortagesOf, spanOf } from "../../allocation";
import type { Tx } from "../../db/client";
import { authorize } from "../../lib/authorize";
import { type HistoryActor, recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { orderItemsOfCase } from "../orderitems";
import { presentWorkCase } from "./workcases.presenter";
import { caseHasIssued, setCaseStatus, viewOf } from "./workcases.queries";
import type { CaseWriteDeps } from "./workcases.service";
import { assertDeadlineAhead, publishCase } from "./workcases.service";

const L = ja.lifecycle;
const conflict = (error: string) => new HttpError(409, { error });

/** stock.changed for the items of a case's order items: its status changed what they hold (or how: 仮). */
export async function publishCaseUsage(tx: Tx, events: EventBuffer, groupId: number, caseId: number) {
  const orders = await orderItemsOfCase(tx, groupId, caseId);
  if (orders.length === 0) return;
  const item_ids = orders.map((o) => o.itemId);
  const periods = orders.map((o) => ({ start: o.startDate, end: o.endDate }));
  events.add(groupId, rooms.group(groupId), "stock.changed", { item_ids, ...spanOf(periods) });
}

/**
 * Reopening a cancelled case raises usage again: its items are locked in id order and every order item must
 * fit beside the other cases' bookings, as for a period change; else 409 + shortages + tentative holds.
 */
async function assertReopenFits(tx: Tx, groupId: number, caseId: number) {
  const orders = await orderItemsOfCase(tx, groupId, caseId);
  if (orders.length === 0) return;
  const locked = await lockItemsForAllocation(
    tx,
    groupId,
    orders.map((o) => o.itemId),
  );
  const proposals = orders.map((o) => ({
    item: locked.get(o.itemId)!,
    start: o.startDate,
    end: o.endDate,
    quantity: o.orderQuantity,
  }));
  const shortages = await shortagesOf(tx, groupId, proposals, caseId);
  if (shortages.length > 0) {
    const windows = proposals.map((p) => ({ itemId: p.item.id, start: p.start, end: p.end }));
    throw await shortageRefusal(tx, groupId, L.reopenShortage, shortages, windows, caseId);
  }
}

type Outcome = { dto: WorkCaseDto; lapsed?: boolean };

type StatusOf = { id: number; title: string; status: string; holdUntil: Date | null };

/** Records a status change (a lapse by the system: `actor.id` null) in the history (docs/history.md). */
export function recordStatusHistory(
  tx: Tx,
  events: EventBuffer,
  actor: HistoryActor,
  before: StatusOf,
  after: StatusOf,
) {
  const values = (c: StatusOf) => ({ status: c.status, hold_until: c.holdUntil?.toISOString() ?? null });
  return recordHistory(tx, events, actor, [
    {
      action: "case.status",
      caseId: before.id,
      caseTitle: before.title,
      before: values(before),
      after: values(after),
    },
  ]);
}

/**
 * POST /api/workcases/{id}/status/ (docs/lifecycle.md has the diagram). The case row is locked FOR UPDATE
 * first, then (reopen only) its items in id order, as every allocation write does:
 * - tentative → confirmed (本予約にする), → cancelled (仮押さえを解除), → tentative with a new deadline;
 * - confirmed → cancelled (キャンセル; refused while anything is issued); → tentative is refused;
 * - cancelled → confirmed / tentative (再開): checked against stock like a period change;
 * - the same status (but a tentative's new deadline) changes nothing and answers the case.
 * A hold whose deadline has passed is released here and now (as the sweep would), and the answer is 409.
 */
export async function changeCaseStatus(
  deps: CaseWriteDeps,
  actor: AuthUser,
  id: number,
  change: CaseStatusChange,
): Promise<WorkCaseDto> {
  const groupId = actor.groupId;
  const to = change.status;
  if (to === "tentative") assertDeadlineAhead(change.hold_until!);
  const outcome = await inTransaction<Outcome>(
    deps,
    async (tx, events) => {
      const before = await lockCase(tx, groupId, id, "update");
      if (!before) throw httpError(404, ja.errors.notFound);
      authorize(actor, "hold.change", before);
      const from = before.status;
      if (from === "tentative" && before.holdUntil!.getTime() <= Date.now()) {
        const row = await setCaseStatus(tx, groupId, id, {
          status: "cancelled",
          holdUntil: before.holdUntil,
          heldBy: before.heldBy,
        });
        await publishCaseUsage(tx, events, groupId, id);
        await recordStatusHistory(tx, events, { groupId, id: null }, before, row);
        return { dto: await publishCase(tx, events, row), lapsed: true };
      }
      if (from === to && to !== "tentative") return { dto: presentWorkCase(await viewOf(tx, before)) };
      if (from === "confirmed" && to === "tentative") throw conflict(L.backToTentative);
      if (to === "cancelled" && (await caseHasIssued(tx, groupId, id))) throw conflict(L.issuedCannotCancel);
      if (from === "cancelled") await assertReopenFits(tx, groupId, id);
      const row = await setCaseStatus(tx, groupId, id, {
        status: to,
        // A released or lapsed hold keeps its deadline and holder, so the screens can say whose it was.
        holdUntil: to === "tentative" ? change.hold_until : to === "cancelled" ? before.holdUntil : null,
        heldBy:
          to === "tentative"
            ? from === "tentative"
              ? before.heldBy
              : actor.id
            : to === "cancelled"
              ? before.heldBy
              : null,
      });
      // Tentative → tentative moves only the deadline; every other change alters what the case holds or
      // how the weekly view splits it (仮), so the items' watchers recompute.
      if (!(from === "tentative" && to === "tentative")) await publishCaseUsage(tx, events, groupId, id);
      await recordStatusHistory(tx, events, actor, before, row);
      return { dto: await publishCase(tx, events, row) };
    },
    { retries: ALLOCATION_RETRIES },
  );
  if (outcome.lapsed) throw conflict(L.lapsed);
  if (outcome.dto.status === "tentative") deps.holdSweeper?.wakeAt(new Date(outcome.dto.hold_until!));
  return outcome.dto;
}
