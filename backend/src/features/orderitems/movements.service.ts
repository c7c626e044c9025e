import { ja } from "@zaiko/common/messages/ja";
import type { MovementDto, OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import { type CaseRow, type LockedItem, shortageError, shortagesOf } from "../../allocation";
import type { Database, Tx } from "../../db/client";
import { HttpError, httpError } from "../../lib/httpError";
import { iso } from "../../lib/iso";
import type { WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import {
  deleteMovements,
  insertMovement,
  type MovementRow,
  memberName,
  movementsOf,
  writeTally,
} from "./movements.queries";
import { type MovementFact, receivableAt, tally } from "./movements.tally";
import { recordMovementHistory } from "./orderitems.history";
import { lockOrderItemChain } from "./orderitems.locks";
import { publishOrderItem } from "./orderitems.publish";
import { findOrderItem } from "./orderitems.queries";
import {
  assertUnitsMatch,
  type BoundLine,
  bindMovement,
  unbindMovements,
  unitsForIssue,
  unitsForReceive,
  unitsOutOn,
} from "./units.binding";
import { tagsOf } from "./units.queries";

const m = ja.movements;

/**
 * Lost or broken units reported, found, repaired or taken back (undo, the 入庫 toggle cleared): the item's usage
 * changed from `from` on, for good (an outage has no planned end).
 */
export function publishOutageChange(
  events: EventBuffer,
  groupId: number,
  itemId: number,
  from: Date,
  reports: readonly { subRentalId: number | null }[] = [],
) {
  events.add(groupId, rooms.group(groupId), "stock.changed", {
    item_ids: [itemId],
    from: iso(from),
    to: null,
  });
  // Reports of hired units (外部手配, docs/subrental.md) change what their sub-rentals show (lost, broken).
  const hires = [...new Set(reports.flatMap((r) => (r.subRentalId === null ? [] : [r.subRentalId])))];
  if (hires.length > 0)
    events.add(groupId, rooms.group(groupId), "subrentals.losses", {
      sub_rental_ids: hires,
      item_id: itemId,
    });
}
const conflict = (error: string) => new HttpError(409, { error });

/** The order item as the unit binding checks it (docs/units.md). */
export function boundLine(item: Locked["item"], current: { id: number; itemId: number }): BoundLine {
  return { id: current.id, itemId: current.itemId, itemTitle: item.title, tracked: item.unitTracked };
}

/** "MIC-0001、MIC-0002": the tags a movement named, for its history entry (null when none). */
export async function tagList(tx: Tx, actor: AuthUser, units: number[] | undefined): Promise<string | null> {
  if (!units || units.length === 0) return null;
  const tags = await tagsOf(tx, actor.groupId, units);
  return units.map((id) => tags.get(id) ?? String(id)).join("、");
}

export type MovementKind = MovementFact["kind"];

/** What a movement write needs of the locked rows. */
interface Locked {
  kase: CaseRow;
  item: LockedItem & { unitTracked: boolean };
  current: { id: number; itemId: number; orderQuantity: number; startDate: Date; endDate: Date };
}

/**
 * The period a return in good order at `at` freed (docs/lifecycle.md, order_item_bookings): [at, end] within
 * the order item's period when it came back before the end, else nothing.
 */
function freedBy(current: Locked["current"], at: Date): { start: Date; end: Date } | null {
  if (at.getTime() - 1 >= current.endDate.getTime()) return null;
  return { start: new Date(Math.max(at.getTime(), current.startDate.getTime())), end: current.endDate };
}

/** An early return frees stock from its return on: the weekly views and summaries re-read it. */
export function publishEarlyReturn(events: EventBuffer, groupId: number, locked: Locked, at: Date) {
  const freed = freedBy(locked.current, at);
  if (!freed) return;
  events.add(groupId, rooms.group(groupId), "stock.changed", {
    item_ids: [locked.item.id],
    from: iso(freed.start),
    to: iso(freed.end),
  });
}

/**
 * Taking back returns in good order (undo, the 入庫 toggle cleared) raises usage again where they were early
 * (docs/lifecycle.md): checked like an allocation, after the delete and under the chain's locks (the item's
 * lock is the one every allocation of it takes), so 409 when a later booking took the freed units; the
 * caller's transaction then rolls back and nothing changed. Sends `stock.changed` for what it raised.
 */
async function assertTakeBackFits(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  locked: Locked,
  removed: readonly MovementRow[],
) {
  const periods = removed
    .filter((x) => x.kind === "receive" && x.disposition === "returned")
    .map((x) => freedBy(locked.current, x.at))
    .filter((p) => p !== null);
  if (periods.length === 0) return;
  const start = new Date(Math.min(...periods.map((p) => p.start.getTime())));
  const end = locked.current.endDate;
  // Quantity 0: the usage read already holds the units taken back.
  const shortages = await shortagesOf(tx, groupId, [{ item: locked.item, start, end, quantity: 0 }]);
  if (shortages.length > 0) throw shortageError(m.takeBackShort, shortages);
  events.add(groupId, rooms.group(groupId), "stock.changed", {
    item_ids: [locked.item.id],
    from: iso(start),
    to: iso(end),
  });
}

/** 400 when `quantity` units received at `at` would come back before they went out (movements.tally.ts). */
export function assertNotBeforeIssue(movements: readonly MovementFact[], quantity: number, at: Date): void {
  if (quantity > receivableAt(movements, at)) throw new HttpError(400, { detail: m.receiveBeforeIssue });
}

/**
 * Records `amount` units (or "rest": all that remain; nothing when none do) issued or received at `at`, by
 * the actor, on an order item whose chain the caller locked. Checked against the movements as they are:
 * never more issued than booked, never more received than issued; a tentative or cancelled case does not
 * ship. Returns false when "rest" found nothing left to move.
 */
export async function recordMovement(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  { kase, item, current }: Locked,
  kind: MovementKind,
  amount: number | "rest",
  at: Date,
  units?: number[],
): Promise<boolean> {
  const line = boundLine(item, current);
  assertUnitsMatch(line, units, amount);
  const movements = await movementsOf(tx, actor.groupId, current.id);
  const now = tally(movements, current.orderQuantity);
  let left: number;
  if (kind === "issue") {
    // Only a confirmed case ships (docs/lifecycle.md).
    if (kase.status !== "confirmed") {
      throw conflict(
        kase.status === "tentative" ? ja.lifecycle.tentativeNotIssuable : ja.lifecycle.cancelledCase,
      );
    }
    left = current.orderQuantity - now.issuedQuantity;
    if (amount !== "rest" && left === 0) throw conflict(m.nothingToIssue);
    if (amount !== "rest" && amount > left) throw conflict(m.overIssue(left));
  } else {
    if (now.issuedQuantity === 0) throw conflict(ja.allocation.notIssued);
    left = now.issuedQuantity - now.receivedQuantity;
    if (amount !== "rest" && left === 0) throw conflict(m.nothingToReceive);
    if (amount !== "rest" && amount > left) throw conflict(m.overReceive(left));
  }
  const quantity = amount === "rest" ? left : amount;
  if (quantity === 0) return false;
  if (kind === "receive") assertNotBeforeIssue(movements, quantity, at);
  // 個体管理 (docs/units.md): an issue names its units; a receive of everything out may leave them unnamed.
  let chosen: number[] = [];
  if (line.tracked) {
    if (kind === "issue") {
      if (units === undefined) throw conflict(ja.units.unitsRequired);
      await unitsForIssue(tx, actor.groupId, line, units);
      chosen = units;
    } else if (units !== undefined) {
      await unitsForReceive(tx, actor.groupId, line, units);
      chosen = units;
    } else {
      if (quantity !== left) throw conflict(ja.units.unitsRequired);
      chosen = await unitsOutOn(tx, actor.groupId, current.id);
    }
  }
  const written = await insertMovement(tx, {
    groupId: actor.groupId,
    orderItemId: current.id,
    kind,
    quantity,
    at,
    memberId: actor.id,
    memberName: await memberName(tx, actor.groupId, actor.id),
  });
  if (line.tracked) await bindMovement(tx, events, actor.groupId, line, written, chosen);
  await writeTally(tx, current.id, tally([...movements, written], current.orderQuantity));
  return true;
}

/**
 * Removes every movement of one kind (the spec's toggle cleared: "undo all of it"). Un-issuing while
 * units are received is refused, as the spec's clear of an issue time was.
 */
export async function clearMovements(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  locked: Locked,
  kind: MovementKind,
) {
  const { current } = locked;
  const movements = await movementsOf(tx, actor.groupId, current.id);
  if (kind === "issue" && tally(movements, current.orderQuantity).receivedQuantity > 0) {
    throw conflict(ja.allocation.receivedBeforeUnissue);
  }
  const removed = movements.filter((x) => x.kind === kind);
  await unbindMovements(tx, events, actor.groupId, boundLine(locked.item, current), removed);
  await deleteMovements(
    tx,
    removed.map((x) => x.id),
  );
  await assertTakeBackFits(tx, events, actor.groupId, locked, removed);
  await writeTally(
    tx,
    current.id,
    tally(
      movements.filter((x) => x.kind !== kind),
      current.orderQuantity,
    ),
  );
}

/** Recomputes the row after its order quantity changed (the sums stay; the 入庫 time may come or go). */
export async function retally(tx: Tx, groupId: number, id: number, orderQuantity: number) {
  await writeTally(tx, id, tally(await movementsOf(tx, groupId, id), orderQuantity));
}

/** POST /api/orderitems/{id}/issue/ and …/receive/ `{quantity, units?}`: some units out or back, now. */
export function postMovement(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  kind: MovementKind,
  quantity: number,
  units?: number[],
): Promise<OrderItemDto> {
  return inTransaction(
    deps,
    async (tx, events) => {
      const locked = await lockOrderItemChain(tx, actor.groupId, id);
      const at = new Date();
      await recordMovement(tx, events, actor, locked, kind, quantity, at, units);
      if (kind === "receive") publishEarlyReturn(events, actor.groupId, locked, at);
      const after = await publishOrderItem(tx, events, actor.groupId, id);
      await recordMovementHistory(tx, events, actor, locked, after, false, await tagList(tx, actor, units));
      return after;
    },
    { retries: ALLOCATION_RETRIES },
  );
}

/** DELETE /api/orderitems/{id}/movements/latest/: the last recorded movement is taken back. */
export function undoLatestMovement(deps: WriteDeps, actor: AuthUser, id: number): Promise<OrderItemDto> {
  return inTransaction(
    deps,
    async (tx, events) => {
      const locked = await lockOrderItemChain(tx, actor.groupId, id);
      const { current } = locked;
      const movements = await movementsOf(tx, actor.groupId, id);
      const latest = movements.at(-1);
      if (!latest) throw conflict(m.nothingToUndo);
      // Always consistent: a receive is recorded after the issues it takes back, so the last movement is
      // a receive whenever one exists after the last issue (the row's CHECK guards it too).
      await unbindMovements(tx, events, actor.groupId, boundLine(locked.item, current), [latest]);
      await deleteMovements(tx, [latest.id]);
      await assertTakeBackFits(tx, events, actor.groupId, locked, [latest]);
      await writeTally(tx, id, tally(movements.slice(0, -1), current.orderQuantity));
      if (latest.disposition !== "returned")
        publishOutageChange(events, actor.groupId, current.itemId, latest.at, [latest]);
      const after = await publishOrderItem(tx, events, actor.groupId, id);
      await recordMovementHistory(tx, events, actor, locked, after, true);
      return after;
    },
    { retries: ALLOCATION_RETRIES },
  );
}

/** GET /api/orderitems/{id}/movements/: who moved how many when, in the order recorded. */
export async function listMovements(
  deps: { database: Database },
  actor: AuthUser,
  id: number,
): Promise<MovementDto[]> {
  const db = deps.database.db;
  if (!(await findOrderItem(db, actor.groupId, id))) throw httpError(404, ja.errors.notFound);
  return (await movementsOf(db, actor.groupId, id)).map((r) => ({
    id: r.id,
    order_item: r.orderItemId,
    kind: r.kind,
    quantity: r.quantity,
    at: iso(r.at),
    member: r.memberId,
    member_name: r.memberName,
    disposition: r.disposition,
    repair_due: r.repairDue === null ? null : iso(r.repairDue),
    resolved_at: r.resolvedAt === null ? null : iso(r.resolvedAt),
  }));
}

/**
 * Moves several order items' units at once in the caller's transaction (a set line's parts, docs/sets.md):
 * each through the rules of one movement (POST …/issue/ or a receive in good order), with its events and
 * history entry. The caller has taken the locks of all of them in the one order; the chain is read again
 * per row (its locks are held). The first refusal is thrown, passed through `refused` (the caller names the
 * row): the transaction then rolls back and nothing moved. A tracked part names its units (`units`,
 * docs/units.md).
 */
export async function recordMovementsLocked(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  kind: MovementKind,
  moves: readonly { id: number; quantity: number; units?: number[] }[],
  refused: (id: number, error: HttpError) => HttpError,
): Promise<OrderItemDto[]> {
  const at = new Date();
  const after: OrderItemDto[] = [];
  for (const { id, quantity, units } of moves) {
    const locked = await lockOrderItemChain(tx, actor.groupId, id);
    try {
      await recordMovement(tx, events, actor, locked, kind, quantity, at, units);
    } catch (error) {
      throw error instanceof HttpError ? refused(id, error) : error;
    }
    if (kind === "receive") publishEarlyReturn(events, actor.groupId, locked, at);
    const row = await publishOrderItem(tx, events, actor.groupId, id);
    await recordMovementHistory(tx, events, actor, locked, row, false, await tagList(tx, actor, units));
    after.push(row);
  }
  return after;
}
