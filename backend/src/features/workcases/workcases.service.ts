import { NAME_MAX } from "@zaiko/common/limits";
import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import type { WorkCaseCreate, WorkCaseDto, WorkCaseWrite } from "@zaiko/common/workcases/workcases.schema";
import {
  caseHasOpenOutages,
  findCase,
  lockCase,
  lockItemsForAllocation,
  shortageRefusal,
  shortagesOf,
  spanOf,
} from "../../allocation";
import type { Tx } from "../../db/client";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import {
  insertOrderItems,
  movePeriodOfCase,
  orderItemRows,
  orderItemsOfCase,
  presentOrderItem,
} from "../orderitems";
import { copySetLines } from "../sets";
import { presentWorkCase } from "./workcases.presenter";
import { deleteCase, insertCase, listCases, updateCase, viewOf, type WorkCaseRow } from "./workcases.queries";

/** A case write: it may hold the case, and tells this process's hold sweeper of the deadline (holdSweeper.service.ts). */
export type CaseWriteDeps = WriteDeps & { holdSweeper?: { wakeAt(at: Date): void } };

const notFound = () => httpError(404, ja.errors.notFound);

/** 400 on `hold_until` unless the deadline lies ahead of the server's clock. */
export function assertDeadlineAhead(holdUntil: Date, now = Date.now()): void {
  if (holdUntil.getTime() <= now) throw new HttpError(400, { hold_until: [ja.lifecycle.holdUntilPast] });
}
const retrying = { retries: ALLOCATION_RETRIES };

/** A period as the allocation checks take it. */
interface Period {
  start: Date;
  end: Date;
}

export async function listWorkCases(deps: ReadDeps, actor: AuthUser): Promise<WorkCaseDto[]> {
  return (await listCases(deps.database.db, actor.groupId)).map(presentWorkCase);
}

export async function getWorkCase(deps: ReadDeps, actor: AuthUser, id: number): Promise<WorkCaseDto> {
  const db = deps.database.db;
  const row = await findCase(db, actor.groupId, id);
  if (!row) throw notFound();
  return presentWorkCase(await viewOf(db, row));
}

/** Whether a case is in the user's group (who may watch `case:<id>`). */
export async function caseInGroup(deps: ReadDeps, actor: { groupId: number }, id: number): Promise<boolean> {
  return (await findCase(deps.database.db, actor.groupId, id)) !== undefined;
}

/** workcases.upserted with the case as presented (its holder's name read in the transaction). */
export async function publishCase(tx: Tx, events: EventBuffer, row: WorkCaseRow): Promise<WorkCaseDto> {
  const workcase = presentWorkCase(await viewOf(tx, row));
  events.add(row.groupId, rooms.group(row.groupId), "workcases.upserted", { workcase });
  return workcase;
}

/** orderitems.upserted for every order item of a case, and one stock.changed for their items. */
async function publishOrderItemsOfCase(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  caseId: number,
  periods: Period[],
) {
  const rows = await orderItemRows(tx, groupId, { caseId });
  const room = rooms.group(groupId);
  for (const row of rows)
    events.add(groupId, room, "orderitems.upserted", { order_item: presentOrderItem(row) });
  if (rows.length > 0) {
    const item_ids = [...new Set(rows.map((r) => r.itemId))].sort((a, b) => a - b);
    events.add(groupId, room, "stock.changed", { item_ids, ...spanOf(periods) });
  }
}

/** What the history keeps of a case's fields (docs/history.md). */
const caseValues = (c: { title: string; startDate: Date; endDate: Date; note: string }) => ({
  title: c.title,
  start_date: c.startDate.toISOString(),
  end_date: c.endDate.toISOString(),
  note: c.note,
});

/**
 * POST /api/workcases/: 本予約 unless the body says `status: "tentative"` with a deadline ahead of now; the
 * caller then holds it. A new case has no order items, so no stock check.
 */
export async function createWorkCase(
  deps: CaseWriteDeps,
  actor: AuthUser,
  input: WorkCaseCreate,
): Promise<WorkCaseDto> {
  const tentative = input.status === "tentative";
  if (tentative) assertDeadlineAhead(input.hold_until!);
  const dto = await inTransaction(deps, async (tx, events) => {
    const row = await insertCase(tx, {
      groupId: actor.groupId,
      title: input.title,
      startDate: input.start_date,
      endDate: input.end_date,
      note: input.note,
      status: input.status,
      holdUntil: tentative ? input.hold_until : null,
      heldBy: tentative ? actor.id : null,
    });
    await recordHistory(tx, events, actor, [
      { action: "case.create", caseId: row.id, caseTitle: row.title, after: caseValues(row) },
    ]);
    return publishCase(tx, events, row);
  });
  if (tentative) deps.holdSweeper?.wakeAt(input.hold_until!);
  return dto;
}

/**
 * PUT /api/workcases/{id}/. A new period moves every order item of the case to it, in one transaction:
 * the case is locked, then its items in id order, and each item's other bookings over the new period plus
 * the case's quantity must fit the stock, else 409 `変更後の期間で在庫不足です` with the shortages.
 */
export function updateWorkCase(
  deps: CaseWriteDeps,
  actor: AuthUser,
  id: number,
  input: WorkCaseWrite,
): Promise<WorkCaseDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const before = await lockCase(tx, groupId, id, "update");
      if (!before) throw notFound();
      const moved =
        before.startDate.getTime() !== input.start_date.getTime() ||
        before.endDate.getTime() !== input.end_date.getTime();
      const orders = moved ? await orderItemsOfCase(tx, groupId, id) : [];
      if (orders.length > 0) {
        const locked = await lockItemsForAllocation(
          tx,
          groupId,
          orders.map((o) => o.itemId),
        );
        const proposals = orders.map((o) => ({
          item: locked.get(o.itemId)!,
          start: input.start_date,
          end: input.end_date,
          quantity: o.orderQuantity,
        }));
        // A cancelled case holds no stock: its order items move without a check (a reopen checks them).
        const shortages = before.status === "cancelled" ? [] : await shortagesOf(tx, groupId, proposals, id);
        if (shortages.length > 0) {
          const windows = proposals.map((p) => ({ itemId: p.item.id, start: p.start, end: p.end }));
          throw await shortageRefusal(tx, groupId, ja.allocation.casePeriodShortage, shortages, windows, id);
        }
        await movePeriodOfCase(tx, groupId, id, input.start_date, input.end_date);
      }
      const row = await updateCase(tx, groupId, id, {
        title: input.title,
        startDate: input.start_date,
        endDate: input.end_date,
        note: input.note,
      });
      await recordHistory(tx, events, actor, [
        {
          action: "case.update",
          caseId: id,
          caseTitle: row.title,
          before: caseValues(before),
          after: caseValues(row),
        },
      ]);
      const workcase = await publishCase(tx, events, row);
      if (orders.length > 0) {
        const periods = [
          ...orders.map((o) => ({ start: o.startDate, end: o.endDate })),
          { start: input.start_date, end: input.end_date },
        ];
        await publishOrderItemsOfCase(tx, events, groupId, id, periods);
      }
      return workcase;
    },
    retrying,
  );
}

/** DELETE /api/workcases/{id}/: the case and (cascading) its order items. */
export function deleteWorkCase(deps: WriteDeps, actor: AuthUser, id: number): Promise<void> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const kase = await lockCase(tx, groupId, id, "update");
      if (!kase) throw notFound();
      // Its lost or broken units would come back with the deleted record (docs/lifecycle.md).
      if (await caseHasOpenOutages(tx, groupId, id)) {
        throw new HttpError(409, { error: ja.outages.caseHasOutages });
      }
      const orders = await orderItemsOfCase(tx, groupId, id);
      await deleteCase(tx, groupId, id);
      await recordHistory(tx, events, actor, [
        {
          action: "case.delete",
          caseId: id,
          caseTitle: kase.title,
          before: { ...caseValues(kase), order_items: orders.length },
        },
      ]);
      const room = rooms.group(groupId);
      for (const o of orders) events.add(groupId, room, "orderitems.deleted", { id: o.id, work_case: id });
      events.add(groupId, room, "workcases.deleted", { id });
      if (orders.length > 0) {
        const item_ids = orders.map((o) => o.itemId);
        const periods = orders.map((o) => ({ start: o.startDate, end: o.endDate }));
        events.add(groupId, room, "stock.changed", { item_ids, ...spanOf(periods) });
      }
    },
    retrying,
  );
}

/**
 * Where an order item of the source case lands in the copy (docs/allocation.md): one that spans the whole
 * source period spans the whole new one; any other is shifted by the distance between the two starts and
 * clipped to the new period (or, if nothing of it is left inside, spans the whole new period).
 */
export function mapPeriod(order: Period, source: Period, target: Period): Period {
  const t = (d: Date) => d.getTime();
  if (t(order.start) === t(source.start) && t(order.end) === t(source.end)) return target;
  const shift = t(target.start) - t(source.start);
  const start = Math.max(t(order.start) + shift, t(target.start));
  const end = Math.min(t(order.end) + shift, t(target.end));
  if (start > end) return target;
  return { start: new Date(start), end: new Date(end) };
}

/** `<title>（複製）`, the original cut so the copy's title stays within NAME_MAX characters. */
export function copyTitle(title: string): string {
  const suffix = ja.allocation.copySuffix;
  return [...title].slice(0, NAME_MAX - suffix.length).join("") + suffix;
}

/**
 * POST /api/duplicate_work_case/{id}/: a copy `<title>（複製）` with the same note, in the same period or the
 * given one, and a copy of every order item (quantity, note, period mapped by `mapPeriod`; issue and
 * receive cleared). All or nothing: 409 + shortages when a copied booking would overbook.
 */
export function duplicateWorkCase(
  deps: CaseWriteDeps,
  actor: AuthUser,
  id: number,
  period: { start_date: Date; end_date: Date } | null,
): Promise<WorkCaseDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const source = await lockCase(tx, groupId, id, "share");
      if (!source) throw notFound();
      const sourcePeriod = { start: source.startDate, end: source.endDate };
      const target = period ? { start: period.start_date, end: period.end_date } : sourcePeriod;
      const orders = await orderItemsOfCase(tx, groupId, id);
      const locked = await lockItemsForAllocation(
        tx,
        groupId,
        orders.map((o) => o.itemId),
      );
      const copies = orders.map((o) => ({
        order: o,
        ...mapPeriod({ start: o.startDate, end: o.endDate }, sourcePeriod, target),
      }));
      const shortages = await shortagesOf(
        tx,
        groupId,
        copies.map((c) => ({
          item: locked.get(c.order.itemId)!,
          start: c.start,
          end: c.end,
          quantity: c.order.orderQuantity,
        })),
      );
      if (shortages.length > 0) {
        const windows = copies.map((c) => ({ itemId: c.order.itemId, start: c.start, end: c.end }));
        throw await shortageRefusal(tx, groupId, ja.allocation.duplicateShortage, shortages, windows);
      }
      const row = await insertCase(tx, {
        groupId,
        title: copyTitle(source.title),
        startDate: target.start,
        endDate: target.end,
        note: source.note,
      });
      await insertOrderItems(
        tx,
        copies.map((c) => ({
          groupId,
          workCaseId: row.id,
          itemId: c.order.itemId,
          orderQuantity: c.order.orderQuantity,
          startDate: c.start,
          endDate: c.end,
          note: c.order.note,
        })),
      );
      // Its sets stay sets on the copy (the parts' order items copied above hold their units).
      await copySetLines(tx, events, groupId, source.id, row.id);
      await recordHistory(tx, events, actor, [
        {
          action: "case.duplicate",
          caseId: row.id,
          caseTitle: row.title,
          before: { id: source.id, title: source.title },
          after: caseValues(row),
        },
      ]);
      const workcase = await publishCase(tx, events, row);
      await publishOrderItemsOfCase(tx, events, groupId, row.id, copies);
      return workcase;
    },
    retrying,
  );
}
