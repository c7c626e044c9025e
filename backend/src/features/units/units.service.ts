import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import type {
  TrackingInput,
  UnitCreate,
  UnitDto,
  UnitEdit,
  UnitPageDto,
} from "@zaiko/common/units/units.schema";
import { itemRows, lockAllocation, lockItems, turnaroundOf } from "../../allocation";
import type { Tx } from "../../db/client";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { iso } from "../../lib/iso";
import { isUniqueViolation } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction, staleLockRead } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { assertStockCovers, findItem, presentItem } from "../items";
import { publishOrderItems, resolveOutageLocked, touchOrderItems } from "../orderitems";
import { presentUnit } from "./units.presenter";
import {
  chainOfUnit,
  insertUnits,
  linesWithUnitsOut,
  lockUnit,
  movementsOfUnit,
  reactivateUnits,
  retireUnits,
  setItemUnits,
  tagsWithPrefix,
  unitByTag,
  unitSettings,
  unitsAway,
  unitsByIds,
  unitsOfItem,
  unitsRetiredByTrackingOff,
  updateUnit,
} from "./units.queries";

const U = ja.units;
const conflict = (error: string) => new HttpError(409, { error });
const notFound = () => httpError(404, ja.errors.notFound);

/** A typed tag already used in the group (the unique index): the form's field error. */
function mapTagTaken(err: unknown): unknown {
  return isUniqueViolation(err) ? new HttpError(400, { tag: [U.tagTaken] }) : err;
}

/** The next `count` free tags {prefix}-0001…, from the item's counter; returns them and the new counter. */
async function nextTags(tx: Tx, groupId: number, prefix: string, from: number, count: number) {
  const taken = await tagsWithPrefix(tx, groupId, prefix);
  const tags: string[] = [];
  let n = from;
  while (tags.length < count) {
    const tag = `${prefix}-${String(n).padStart(4, "0")}`;
    n += 1;
    if (!taken.has(tag.toLowerCase())) tags.push(tag);
  }
  return { tags, next: n };
}

/** The item as the screens show it, pushed to the group, and its units' screens told to read again. */
async function publishItem(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  itemId: number,
  unitIds: number[],
  stockChanged: boolean,
) {
  const row = await findItem(tx, groupId, itemId);
  const room = rooms.group(groupId);
  if (row) events.add(groupId, room, "items.upserted", { item: presentItem(row) });
  if (stockChanged) events.add(groupId, room, "stock.changed", { item_ids: [itemId], from: null, to: null });
  events.add(groupId, room, "units.changed", { item_ids: [itemId], unit_ids: unitIds });
}

/**
 * POST /api/units/tracking/ (docs/units.md). On: the item's stock n becomes n units (those retired by an
 * earlier "off" come back first, the rest get new tags), refused while any unit is out, lost or broken (a
 * count cannot say which). Off: the units are retired as "tracking off" (kept, with their records); the
 * stock stays.
 */
export function setTracking(deps: WriteDeps, actor: AuthUser, input: TrackingInput): Promise<UnitDto[]> {
  return inTransaction(
    deps,
    async (tx, events) => {
      const [item] = await lockItems(tx, actor.groupId, [input.item]);
      if (!item) throw notFound();
      const settings = (await unitSettings(tx, actor.groupId, item.id))!;
      let ids: number[];
      if (input.tracked) {
        if (item.unitTracked) throw conflict(U.alreadyTracked);
        if ((await unitsAway(tx, actor.groupId, item.id)) > 0) throw conflict(U.cannotTrackWhileOut);
        const prefix = input.prefix ?? settings.prefix ?? `U${item.id}`;
        const back = await unitsRetiredByTrackingOff(tx, actor.groupId, item.id, item.stockQuantity);
        await reactivateUnits(tx, actor.groupId, back);
        const { tags, next } = await nextTags(
          tx,
          actor.groupId,
          prefix,
          prefix === settings.prefix ? settings.next : 1,
          item.stockQuantity - back.length,
        );
        const created = await insertUnits(
          tx,
          tags.map((tag) => ({ groupId: actor.groupId, itemId: item.id, tag })),
        );
        await setItemUnits(tx, actor.groupId, item.id, {
          unitTracked: true,
          unitPrefix: prefix,
          unitNextNumber: next,
        });
        ids = [...back, ...created];
      } else {
        if (!item.unitTracked) throw conflict(U.notTracked);
        // Units out are retired with the rest: the lines they were out on list none now (a newer row each).
        const lines = await linesWithUnitsOut(tx, actor.groupId, item.id);
        await lockAllocation(tx, actor.groupId, { itemIds: [], orderItemIds: lines });
        ids = await retireUnits(tx, actor.groupId, { itemId: item.id }, "tracking_off", new Date());
        await setItemUnits(tx, actor.groupId, item.id, { unitTracked: false });
        await touchOrderItems(tx, actor.groupId, lines);
        await publishOrderItems(tx, events, actor.groupId, lines);
      }
      await recordHistory(tx, events, actor, [
        {
          action: "unit.tracking",
          itemId: item.id,
          itemTitle: item.title,
          quantity: input.tracked ? ids.length : null,
          before: { unit_tracked: !input.tracked },
          after: { unit_tracked: input.tracked },
        },
      ]);
      await publishItem(tx, events, actor.groupId, item.id, ids, false);
      return (await unitsOfItem(tx, actor.groupId, item.id)).map(presentUnit);
    },
    { retries: ALLOCATION_RETRIES },
  ).catch((err) => {
    throw mapTagTaken(err);
  });
}

/** POST /api/units/: one unit more of a tracked item (its tag typed, or the next generated): stock + 1. */
export function addUnit(deps: WriteDeps, actor: AuthUser, input: UnitCreate): Promise<UnitDto> {
  return inTransaction(
    deps,
    async (tx, events) => {
      const [item] = await lockItems(tx, actor.groupId, [input.item]);
      if (!item) throw notFound();
      if (!item.unitTracked) throw conflict(U.notTracked);
      const settings = (await unitSettings(tx, actor.groupId, item.id))!;
      let tag = input.tag;
      if (tag === null) {
        const prefix = settings.prefix ?? `U${item.id}`;
        const generated = await nextTags(tx, actor.groupId, prefix, settings.next, 1);
        tag = generated.tags[0]!;
        await setItemUnits(tx, actor.groupId, item.id, { unitNextNumber: generated.next });
      }
      const [id] = await insertUnits(tx, [
        { groupId: actor.groupId, itemId: item.id, tag, serial: input.serial, memo: input.memo },
      ]);
      await setItemUnits(tx, actor.groupId, item.id, { stockQuantity: item.stockQuantity + 1 });
      await recordHistory(tx, events, actor, [
        {
          action: "unit.add",
          itemId: item.id,
          itemTitle: item.title,
          quantity: 1,
          before: { stock_quantity: item.stockQuantity },
          after: { stock_quantity: item.stockQuantity + 1, tag },
        },
      ]);
      await publishItem(tx, events, actor.groupId, item.id, [id!], true);
      const [row] = await unitsByIds(tx, actor.groupId, [id!]);
      return presentUnit(row!);
    },
    { retries: ALLOCATION_RETRIES },
  ).catch((err) => {
    throw mapTagTaken(err);
  });
}

/**
 * Locks what a write of the unit changes, in the one order of every allocation write (docs/allocation.md):
 * while the unit is lost or broken, the case of its report (share), its item and the report's order item (a
 * 発見 / 廃棄 closes the report); while it is out, its item and the order item it is out on (whose row lists
 * its tag: an edited tag writes that row); else its item alone; then the unit, as every binding does after its
 * chain. Where the unit is is read first without a lock; a change before the item lock was taken (a report, a
 * 発見 or a binding committed meanwhile) starts the transaction again. 404 when the group has no such unit.
 */
async function lockUnitChain(tx: Tx, groupId: number, id: number) {
  const chain = await chainOfUnit(tx, groupId, id);
  if (!chain) throw notFound();
  const line = chain.outageOrderItemId ?? chain.outOrderItemId;
  await lockAllocation(tx, groupId, {
    caseId: chain.outageCaseId ?? undefined,
    caseMode: "share",
    itemIds: [chain.itemId],
    orderItemIds: line === null ? [] : [line],
  });
  const [item] = await itemRows(tx, groupId, [chain.itemId]);
  if (!item || !(await lockUnit(tx, groupId, id))) throw notFound();
  const [row] = await unitsByIds(tx, groupId, [id]);
  if (row!.outageMovementId !== chain.outageMovementId || row!.outOrderItemId !== chain.outOrderItemId)
    throw staleLockRead();
  return { item, unit: presentUnit(row!), outLine: row!.outOrderItemId };
}

/**
 * POST /api/units/{id}/retire/: the unit leaves the stock (stock − 1), under the stock edit's check (409 with
 * the short cases). A unit out on a case is refused; a lost or broken one is written off (its report closed).
 */
export function retireUnit(deps: WriteDeps, actor: AuthUser, id: number): Promise<UnitDto> {
  return inTransaction(
    deps,
    async (tx, events) => {
      const { item, unit } = await lockUnitChain(tx, actor.groupId, id);
      if (unit.status === "retired") throw conflict(U.retiredUnit(unit.tag));
      if (unit.status === "out") throw conflict(U.retireOut(unit.out!.work_case_title));
      if (unit.outage) await resolveOutageLocked(tx, events, actor, unit.outage.id);
      await assertStockCovers(
        tx,
        actor.groupId,
        [{ id: item.id, title: item.title, stock: item.stockQuantity - 1, turnaround: turnaroundOf(item) }],
        U.retireShort,
      );
      await retireUnits(tx, actor.groupId, { ids: [id] }, "retired", new Date());
      await setItemUnits(tx, actor.groupId, item.id, { stockQuantity: item.stockQuantity - 1 });
      await recordHistory(tx, events, actor, [
        {
          action: "unit.retire",
          itemId: item.id,
          itemTitle: item.title,
          quantity: 1,
          before: { stock_quantity: item.stockQuantity, tag: unit.tag },
          after: { stock_quantity: item.stockQuantity - 1, tag: unit.tag },
        },
      ]);
      await publishItem(tx, events, actor.groupId, item.id, [id], true);
      const [row] = await unitsByIds(tx, actor.groupId, [id]);
      return presentUnit(row!);
    },
    { retries: ALLOCATION_RETRIES },
  );
}

/** PATCH /api/units/{id}/: tag, serial number, memo. */
export function editUnit(deps: WriteDeps, actor: AuthUser, id: number, input: UnitEdit): Promise<UnitDto> {
  return inTransaction(deps, async (tx, events) => {
    const { item, unit, outLine } = await lockUnitChain(tx, actor.groupId, id);
    await updateUnit(tx, actor.groupId, id, input);
    const [row] = await unitsByIds(tx, actor.groupId, [id]);
    const after = presentUnit(row!);
    // The line it is out on lists its tag (units_out): a newer row for the screens that show it.
    if (outLine !== null && after.tag !== unit.tag) {
      await touchOrderItems(tx, actor.groupId, [outLine]);
      await publishOrderItems(tx, events, actor.groupId, [outLine]);
    }
    await recordHistory(tx, events, actor, [
      {
        action: "unit.update",
        itemId: item.id,
        itemTitle: item.title,
        before: { tag: unit.tag, serial: unit.serial, memo: unit.memo },
        after: { tag: after.tag, serial: after.serial, memo: after.memo },
      },
    ]);
    events.add(actor.groupId, rooms.group(actor.groupId), "units.changed", {
      item_ids: [item.id],
      unit_ids: [id],
    });
    return after;
  }).catch((err) => {
    throw mapTagTaken(err);
  });
}

/** POST /api/units/{id}/resolve/: a lost unit found or a broken one repaired, named by itself (its label). */
export function resolveUnit(deps: WriteDeps, actor: AuthUser, id: number): Promise<UnitDto> {
  return inTransaction(
    deps,
    async (tx, events) => {
      const { unit } = await lockUnitChain(tx, actor.groupId, id);
      if (!unit.outage) throw conflict(U.notOutOfService(unit.tag));
      await resolveOutageLocked(tx, events, actor, unit.outage.id);
      const [row] = await unitsByIds(tx, actor.groupId, [id]);
      return presentUnit(row!);
    },
    { retries: ALLOCATION_RETRIES },
  );
}

/** GET /api/units/?item=: the item's units (retired ones too). 404 for another group's item. */
export async function listUnits(deps: ReadDeps, actor: AuthUser, itemId: number): Promise<UnitDto[]> {
  const db = deps.database.db;
  if (!(await findItem(db, actor.groupId, itemId))) throw notFound();
  return (await unitsOfItem(db, actor.groupId, itemId)).map(presentUnit);
}

/** GET /api/units/lookup/?tag=: the unit a label names (what a scan reads). */
export async function lookupUnit(deps: ReadDeps, actor: AuthUser, tag: string): Promise<UnitDto> {
  const row = await unitByTag(deps.database.db, actor.groupId, tag);
  if (!row) throw new HttpError(404, { detail: U.unknownTag(tag) });
  return presentUnit(row);
}

/** GET /api/units/{id}/: the unit, its movements (newest first) and the cases it went out on. */
export async function unitPage(deps: ReadDeps, actor: AuthUser, id: number): Promise<UnitPageDto> {
  const db = deps.database.db;
  const [row] = await unitsByIds(db, actor.groupId, [id]);
  if (!row) throw notFound();
  const moves = await movementsOfUnit(db, actor.groupId, id);
  const cases = new Map<number, UnitPageDto["cases"][number]>();
  for (const m of moves) {
    if (m.kind !== "issue" || cases.has(m.workCaseId)) continue;
    cases.set(m.workCaseId, {
      work_case: m.workCaseId,
      work_case_title: m.workCaseTitle,
      start_date: iso(m.startDate),
      end_date: iso(m.endDate),
    });
  }
  return {
    unit: presentUnit(row),
    movements: moves.map((m) => ({
      id: m.id,
      kind: m.kind,
      disposition: m.disposition,
      at: iso(m.at),
      member_name: m.memberName,
      order_item: m.orderItemId,
      work_case: m.workCaseId,
      work_case_title: m.workCaseTitle,
      resolved_at: m.resolvedAt === null ? null : iso(m.resolvedAt),
      resolved_by_name: m.resolvedByName,
    })),
    cases: [...cases.values()],
  };
}
