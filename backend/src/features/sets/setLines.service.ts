import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import type { CaseSetLineDto, SetAllocationResultDto } from "@zaiko/common/sets/sets.schema";
import {
  type CaseRow,
  findCase,
  itemRows,
  lockAllocation,
  type ProposedBooking,
  shortageRefusal,
  shortagesOf,
  spanOf,
} from "../../allocation";
import type { Tx } from "../../db/client";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { isUniqueViolation, sqlState } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { summaryOfCase } from "../inventory";
import { deleteOrderItems, insertOrderItems, publishOrderItems, retally, setQuantities } from "../orderitems";
import { presentLines } from "./setLines.presenter";
import {
  deleteLine,
  findSet,
  insertLine,
  type LineRow,
  lineRows,
  orderItemsOfParts,
  partsOfLines,
  partsOfSets,
  setLineQuantity,
} from "./sets.queries";

const notFound = () => httpError(404, ja.errors.notFound);
const retrying = { retries: ALLOCATION_RETRIES };

/** Which line: a set's on a case, or a line by id. */
type LineWhere = { caseId?: number; setId?: number; lineId?: number };

/** A part as booked: units of an item per set. */
interface Part {
  itemId: number;
  quantity: number;
}

/** GET /api/setlines/?work_case={caseId}: the sets booked on a case; 404 when the case is not in the group. */
export async function listLines(deps: ReadDeps, actor: AuthUser, caseId: number): Promise<CaseSetLineDto[]> {
  const db = deps.database.db;
  if (!(await findCase(db, actor.groupId, caseId))) throw notFound();
  return presentLines(db, actor.groupId, await lineRows(db, actor.groupId, { caseId }));
}

/** The case's line of the set and its parts per set (the line's snapshot), read after the locks. */
async function lineOf(tx: Tx, groupId: number, where: LineWhere) {
  const [line] = await lineRows(tx, groupId, {
    caseId: where.caseId,
    setId: where.setId,
    ids: where.lineId === undefined ? undefined : [where.lineId],
  });
  if (!line) return undefined;
  const parts = (await partsOfLines(tx, groupId, [line.id])).map((p) => ({
    itemId: p.itemId,
    quantity: p.quantity,
  }));
  return { line, parts };
}

/** Takes the locks of a set booking in the one order (case share, then every part item in id order). */
async function lockBooking(tx: Tx, groupId: number, caseId: number, itemIds: number[]): Promise<CaseRow> {
  await lockAllocation(tx, groupId, { caseId, caseMode: "share", itemIds });
  const kase = await findCase(tx, groupId, caseId);
  if (!kase) throw notFound();
  return kase;
}

/** Queues the events of changed parts and line, and answers with them and the parts' summary rows. */
async function finish(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  kase: CaseRow,
  changes: { itemIds: number[]; windows: { start: Date; end: Date }[]; updated: number[]; deleted: number[] },
  lineId: number | null,
): Promise<SetAllocationResultDto> {
  const order_items: OrderItemDto[] = await publishOrderItems(tx, events, groupId, changes.updated);
  for (const id of changes.deleted) {
    events.add(groupId, rooms.group(groupId), "orderitems.deleted", { id, work_case: kase.id });
  }
  events.add(groupId, rooms.group(groupId), "stock.changed", {
    item_ids: changes.itemIds,
    ...spanOf(changes.windows),
  });
  let line: CaseSetLineDto | null = null;
  if (lineId !== null) {
    [line] = (await presentLines(tx, groupId, await lineRows(tx, groupId, { ids: [lineId] }))) as [
      CaseSetLineDto,
    ];
    events.add(groupId, rooms.group(groupId), "setlines.upserted", { line });
  }
  const summary = await summaryOfCase(tx, groupId, kase, changes.itemIds);
  return { line, order_items, deleted_order_items: changes.deleted, summary };
}

/**
 * POST /api/addset/{set}/{case}/: `count` more sets on the case, in one transaction. The parts are the case's
 * line's (what it booked first) or, for a first booking, the catalogue's. Locks, through lock_allocation as a
 * '+' takes them: the case (share), then every part item in id order; then each part's order item of the case,
 * with its units for the sets added, is checked like an order item edit (allocation's shortagesOf): any short
 * part refuses all (409, the short parts named). A set deleted meanwhile is a 404 (the line's key to it).
 */
export async function addSet(
  deps: WriteDeps,
  actor: AuthUser,
  setId: number,
  caseId: number,
  count = 1,
): Promise<SetAllocationResultDto> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await inTransaction(
        deps,
        (tx, events) => addSetIn(tx, events, actor, setId, caseId, count),
        retrying,
      );
    } catch (err) {
      // Two first bookings of a set on one case that met an edit of it (so their parts, and locks, differed):
      // the second's line is refused by the (case, set) key; once more, it finds the first's line and uses it.
      if (isUniqueViolation(err) && attempt === 0) continue;
      if (sqlState(err) === "23503") throw notFound();
      throw err;
    }
  }
}

async function addSetIn(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  setId: number,
  caseId: number,
  count: number,
): Promise<SetAllocationResultDto> {
  const groupId = actor.groupId;
  const set = await findSet(tx, groupId, setId);
  if (!set) throw notFound();
  const catalogue: Part[] = (await partsOfSets(tx, groupId, [setId])).map((p) => ({
    itemId: p.itemId,
    quantity: p.quantity,
  }));
  // The line's parts may be an older version of the set's: both are locked.
  const before = await lineOf(tx, groupId, { caseId, setId });
  const locked = new Set([...catalogue, ...(before?.parts ?? [])].map((p) => p.itemId));
  if (locked.size === 0) throw notFound();
  const kase = await lockBooking(tx, groupId, caseId, [...locked]);
  if (kase.status === "cancelled") throw new HttpError(409, { error: ja.lifecycle.cancelledCase });
  const current = await lineOf(tx, groupId, { caseId, setId });
  const parts = current?.parts ?? catalogue;
  if (parts.length === 0) throw notFound();
  // A line made meanwhile from an edited set can name an item not locked yet: locked now, after the others
  // (out of id order, so PostgreSQL may find a deadlock: the transaction is then retried).
  const missing = parts.map((p) => p.itemId).filter((id) => !locked.has(id));
  if (missing.length > 0) await lockAllocation(tx, groupId, { itemIds: missing });

  const itemIds = parts.map((p) => p.itemId);
  const items = new Map((await itemRows(tx, groupId, itemIds)).map((i) => [i.id, i]));
  const existing = new Map((await orderItemsOfParts(tx, groupId, caseId, itemIds)).map((o) => [o.itemId, o]));
  const proposals: ProposedBooking[] = parts.map((p) => {
    const own = existing.get(p.itemId);
    return {
      item: items.get(p.itemId)!,
      start: own?.startDate ?? kase.startDate,
      end: own?.endDate ?? kase.endDate,
      quantity: (own?.orderQuantity ?? 0) + p.quantity * count,
    };
  });
  const windows = proposals.map((p) => ({ itemId: p.item.id, start: p.start, end: p.end }));
  const shortages = await shortagesOf(tx, groupId, proposals, caseId);
  if (shortages.length > 0) {
    throw await shortageRefusal(tx, groupId, ja.sets.shortage, shortages, windows, caseId);
  }

  const updated: number[] = [];
  const quantities: { id: number; quantity: number }[] = [];
  for (const p of proposals) {
    const own = existing.get(p.item.id);
    if (!own) continue;
    quantities.push({ id: own.id, quantity: p.quantity });
    // More booked than came back: as for a '+', an order item back entirely loses its 入庫 time.
    if (own.issuedQuantity > 0) await retally(tx, groupId, own.id, p.quantity);
    updated.push(own.id);
  }
  // One statement for every part: the locks of all parts are held until the commit.
  await setQuantities(tx, quantities);
  const created = await insertOrderItems(
    tx,
    proposals
      .filter((p) => !existing.has(p.item.id))
      .map((p) => ({
        groupId,
        workCaseId: caseId,
        itemId: p.item.id,
        orderQuantity: p.quantity,
        startDate: p.start,
        endDate: p.end,
        note: "",
      })),
  );
  updated.push(...created.map((c) => c.id));

  const sets = (current?.line.quantity ?? 0) + count;
  let lineId: number;
  if (current) {
    lineId = current.line.id;
    await setLineQuantity(tx, lineId, sets);
  } else {
    lineId = await insertLine(
      tx,
      { groupId, workCaseId: caseId, setId, title: set.title, quantity: sets },
      parts,
    );
  }
  await recordHistory(tx, events, actor, [
    {
      action: "set.add",
      caseId,
      caseTitle: kase.title,
      itemTitle: current?.line.title ?? set.title,
      quantity: count,
      before: { sets: sets - count },
      after: { sets },
    },
  ]);
  return finish(tx, events, groupId, kase, { itemIds, windows, updated, deleted: [] }, lineId);
}

/** The line of a set on a case, for POST /api/reduceset/{set}/{case}/: 404 for an unknown set or case. */
async function reduceTarget(tx: Tx, groupId: number, where: LineWhere) {
  const found = await lineOf(tx, groupId, where);
  if (found) return found;
  if (where.caseId === undefined || !(await findCase(tx, groupId, where.caseId))) throw notFound();
  if (where.setId !== undefined && !(await findSet(tx, groupId, where.setId))) throw notFound();
  throw new HttpError(409, { error: ja.sets.nothingToReduce });
}

/**
 * POST /api/reduceset/{set}/{case}/ (and POST /api/setlines/{id}/reduce/ for a line whose set was deleted):
 * `count` sets less. Each part's order item loses its units per set (deleted at 0, never below what was
 * issued); the line is deleted with its last set. Same locks as addset.
 */
export function reduceSet(
  deps: WriteDeps,
  actor: AuthUser,
  where: LineWhere,
  count = 1,
): Promise<SetAllocationResultDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const before = await reduceTarget(tx, groupId, where);
      const kase = await lockBooking(
        tx,
        groupId,
        before.line.workCaseId,
        before.parts.map((p) => p.itemId),
      );
      // The line's parts never change; the line itself may have gone (or come back) before the locks.
      const current = await lineOf(tx, groupId, { caseId: kase.id, lineId: before.line.id });
      if (!current) throw new HttpError(409, { error: ja.sets.nothingToReduce });
      const { line, parts } = current;
      const removed = Math.min(count, line.quantity);
      const itemIds = parts.map((p) => p.itemId);
      const existing = new Map(
        (await orderItemsOfParts(tx, groupId, kase.id, itemIds)).map((o) => [o.itemId, o]),
      );
      const items = new Map((await itemRows(tx, groupId, itemIds)).map((i) => [i.id, i]));
      const kept: { id: number; quantity: number; issued: number }[] = [];
      const deleted: number[] = [];
      const windows: { start: Date; end: Date }[] = [];
      for (const p of parts) {
        const own = existing.get(p.itemId);
        // A part's order item always holds at least its lines' need (reduceitem and the edit refuse less).
        if (!own) continue;
        const left = Math.max(0, own.orderQuantity - p.quantity * removed);
        if (left < own.issuedQuantity) {
          const title = items.get(p.itemId)?.title ?? "";
          throw new HttpError(409, { error: `${title}：${ja.movements.belowIssued(own.issuedQuantity)}` });
        }
        windows.push({ start: own.startDate, end: own.endDate });
        if (left === 0) deleted.push(own.id);
        else kept.push({ id: own.id, quantity: left, issued: own.issuedQuantity });
      }
      // One statement each, inside the parts' locks.
      await deleteOrderItems(tx, deleted);
      await setQuantities(tx, kept);
      for (const k of kept) if (k.issued > 0) await retally(tx, groupId, k.id, k.quantity);
      const updated = kept.map((k) => k.id);
      const sets = line.quantity - removed;
      if (sets === 0) {
        await deleteLine(tx, line.id);
        events.add(groupId, rooms.group(groupId), "setlines.deleted", { id: line.id, work_case: kase.id });
      } else {
        await setLineQuantity(tx, line.id, sets);
      }
      await recordHistory(tx, events, actor, [
        {
          action: "set.reduce",
          caseId: kase.id,
          caseTitle: kase.title,
          itemTitle: line.title,
          quantity: removed,
          before: { sets: line.quantity },
          after: { sets },
        },
      ]);
      const span = windows.length > 0 ? windows : [{ start: kase.startDate, end: kase.endDate }];
      return finish(
        tx,
        events,
        groupId,
        kase,
        { itemIds, windows: span, updated, deleted },
        sets === 0 ? null : line.id,
      );
    },
    retrying,
  );
}

/** The lines that booked a set (before it is deleted), to announce them after (their set becomes null). */
export function linesOfSet(tx: Tx, groupId: number, setId: number): Promise<LineRow[]> {
  return lineRows(tx, groupId, { setId });
}

/** Queues `setlines.upserted` for these lines as they are now. */
export async function publishLines(tx: Tx, events: EventBuffer, groupId: number, ids: number[]) {
  if (ids.length === 0) return;
  for (const line of await presentLines(tx, groupId, await lineRows(tx, groupId, { ids }))) {
    events.add(groupId, rooms.group(groupId), "setlines.upserted", { line });
  }
}
