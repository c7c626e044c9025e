import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { LineHireDto, OutageDto, Receive } from "@zaiko/common/orderitems/outages.schema";
import {
  hiredLosses,
  hireOfGroup,
  hiresForLine,
  outagePeriodsOf,
  shortageError,
  shortagesOf,
} from "../../allocation";
import type { Tx } from "../../db/client";
import { HttpError, httpError } from "../../lib/httpError";
import { iso, isoOrNull } from "../../lib/iso";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { presentOutage } from "../items";
import { insertMovement, memberName, movementsOf, writeTally } from "./movements.queries";
import {
  assertNotBeforeIssue,
  boundLine,
  publishEarlyReturn,
  publishOutageChange,
  recordMovement,
  tagList,
} from "./movements.service";
import { tally } from "./movements.tally";
import { recordMovementHistory, recordOrderItemHistory } from "./orderitems.history";
import { lockOrderItemChain } from "./orderitems.locks";
import { publishOrderItem } from "./orderitems.publish";
import { findOrderItem } from "./orderitems.queries";
import { findOutage, resolveOutage } from "./outages.queries";
import type { BoundLine } from "./units.binding";
import { bindMovement, queueUnitsChanged, unitsForReceive } from "./units.binding";
import { clearOutage } from "./units.queries";

/**
 * A tracked line's receive names its units (docs/units.md): `units` back in good order, `lost_units`,
 * `broken_units`, each list as long as its count; null for an untracked line (which names none: 400).
 */
function unitsOfReceive(
  line: BoundLine,
  body: Receive,
): { returned: number[]; lost: number[]; broken: number[] } | null {
  const lists = [
    [body.units, body.quantity],
    [body.lost_units, body.lost],
    [body.broken_units, body.broken],
  ] as const;
  if (!line.tracked) {
    if (lists.some(([ids]) => ids !== undefined && ids.length > 0)) {
      throw new HttpError(400, { units: [ja.units.unitsUnexpected] });
    }
    return null;
  }
  for (const [ids, count] of lists) {
    if (ids === undefined && count > 0) throw conflict(ja.units.unitsRequired);
    if (ids !== undefined && ids.length !== count)
      throw new HttpError(400, { units: [ja.units.unitsMismatch] });
  }
  const returned = body.units ?? [];
  const lost = body.lost_units ?? [];
  const broken = body.broken_units ?? [];
  if (new Set([...returned, ...lost, ...broken]).size !== returned.length + lost.length + broken.length) {
    throw new HttpError(400, { units: [ja.units.duplicateUnits] });
  }
  return { returned, lost, broken };
}

const O = ja.outages;
const S = ja.subrentals;
const m = ja.movements;
const conflict = (error: string) => new HttpError(409, { error });

/**
 * POST /api/orderitems/{id}/receive/ `{quantity, lost?, broken?, repair_due?}` (docs/lifecycle.md): units
 * back in good order, lost and broken, each recorded as a receive movement with its disposition, now, by the
 * caller. Lost and broken units hold stock from now until found or repaired (beyond the case's period): when
 * a later booking would no longer fit, 409 with the shortages and nothing is written. `{quantity}` alone is
 * part 2's receive, unchanged.
 */
export function postReceive(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  body: Receive,
): Promise<OrderItemDto> {
  if (body.lost === 0 && body.broken === 0) {
    return inTransaction(
      deps,
      async (tx, events) => {
        const locked = await lockOrderItemChain(tx, actor.groupId, id);
        const at = new Date();
        if (body.lost_units?.length || body.broken_units?.length) {
          throw new HttpError(400, { units: [ja.units.unitsMismatch] });
        }
        await recordMovement(tx, events, actor, locked, "receive", body.quantity, at, body.units);
        publishEarlyReturn(events, actor.groupId, locked, at);
        const after = await publishOrderItem(tx, events, actor.groupId, id);
        const tags = await tagList(tx, actor, body.units);
        await recordMovementHistory(tx, events, actor, locked, after, false, tags);
        return after;
      },
      { retries: ALLOCATION_RETRIES },
    );
  }
  return inTransaction(
    deps,
    async (tx, events) => {
      const locked = await lockOrderItemChain(tx, actor.groupId, id);
      const { item, current } = locked;
      const line = boundLine(item, current);
      const chosen = unitsOfReceive(line, body);
      const movements = await movementsOf(tx, actor.groupId, id);
      const now = tally(movements, current.orderQuantity);
      const total = body.quantity + body.lost + body.broken;
      if (now.issuedQuantity === 0) throw conflict(ja.allocation.notIssued);
      const left = now.issuedQuantity - now.receivedQuantity;
      if (left === 0) throw conflict(m.nothingToReceive);
      if (total > left) throw conflict(m.overReceive(left));
      const at = new Date();
      assertNotBeforeIssue(movements, total, at);
      if (chosen) {
        await unitsForReceive(tx, actor.groupId, line, [
          ...chosen.returned,
          ...chosen.lost,
          ...chosen.broken,
        ]);
      }
      const subRentalId = await hireOfReport(tx, actor.groupId, line, body);
      const who = { memberId: actor.id, memberName: await memberName(tx, actor.groupId, actor.id) };
      const base = { groupId: actor.groupId, orderItemId: id, kind: "receive" as const, at, ...who };
      const written = [];
      if (body.quantity > 0) written.push(await insertMovement(tx, { ...base, quantity: body.quantity }));
      if (chosen && written[0])
        await bindMovement(tx, events, actor.groupId, line, written[0], chosen.returned);
      const outages = [];
      const lost = { ...base, disposition: "lost" as const, subRentalId };
      const broken = { ...base, disposition: "broken" as const, repairDue: body.repair_due, subRentalId };
      if (chosen) {
        // A tracked unit's report is a movement of its own: found or repaired, it names itself.
        for (const [row, ids] of [
          [lost, chosen.lost],
          [broken, chosen.broken],
        ] as const) {
          for (const unitId of ids) {
            const report = await insertMovement(tx, { ...row, quantity: 1 });
            await bindMovement(tx, events, actor.groupId, line, report, [unitId]);
            outages.push(report);
          }
        }
      } else {
        if (body.lost > 0) outages.push(await insertMovement(tx, { ...lost, quantity: body.lost }));
        if (body.broken > 0) outages.push(await insertMovement(tx, { ...broken, quantity: body.broken }));
      }
      await assertOutagesFit(tx, actor.groupId, item, outages);
      await writeTally(tx, id, tally([...movements, ...written, ...outages], current.orderQuantity));
      publishOutageChange(events, actor.groupId, item.id, at, outages);
      const after = await publishOrderItem(tx, events, actor.groupId, id);
      // 履歴: the units back in good order as a receive, each report of its own (docs/history.md).
      await recordMovementHistory(
        tx,
        events,
        actor,
        locked,
        { ...after, received_quantity: after.received_quantity - body.lost - body.broken },
        false,
        await tagList(tx, actor, chosen?.returned),
      );
      const reportTags = {
        lost: await tagList(tx, actor, chosen?.lost),
        broken: await tagList(tx, actor, chosen?.broken),
      };
      const reports = [
        ["lost", body.lost],
        ["broken", body.broken],
      ] as const;
      await recordOrderItemHistory(
        tx,
        events,
        actor,
        locked,
        reports
          .filter(([, q]) => q > 0)
          .map(([disposition, q]) => ({
            action: "orderitem.outage_reported" as const,
            quantity: q,
            after: {
              disposition,
              repair_due: disposition === "broken" ? isoOrNull(body.repair_due ?? null) : null,
              ...(subRentalId === null ? {} : { sub_rental: subRentalId }),
              ...(reportTags[disposition] ? { units: reportTags[disposition] } : {}),
            },
          })),
      );
      return after;
    },
    { retries: ALLOCATION_RETRIES },
  );
}

/**
 * The hire a report of lost or broken units names (`sub_rental`, docs/subrental.md), checked under the item's
 * lock (every writer of the hire and of its reports holds it): another group's or an unknown id is 404; a hire of
 * another item, or a tracked line (hired units have no unit records), 400; a returned or cancelled hire 409; more
 * units reported against it, in all, than it hired 409. Null: the item's own units.
 */
async function hireOfReport(tx: Tx, groupId: number, line: BoundLine, body: Receive): Promise<number | null> {
  if (body.sub_rental === null) return null;
  const hire = await hireOfGroup(tx, groupId, body.sub_rental);
  if (!hire) throw httpError(404, ja.errors.notFound);
  if (hire.itemId !== line.itemId) throw new HttpError(400, { sub_rental: [S.subRentalOtherItem] });
  if (line.tracked) throw new HttpError(400, { sub_rental: [S.subRentalTracked] });
  if (hire.status === "returned" || hire.status === "cancelled") throw conflict(S.subRentalNotHere);
  const { lost, broken } = await hiredLosses(tx, hire.id);
  if (lost + broken + body.lost + body.broken > hire.quantity)
    throw conflict(S.lossOverHired(hire.quantity, lost + broken));
  return hire.id;
}

/**
 * The outages just written (in this transaction, the item locked) must fit: over each of their periods the
 * item's usage (bookings and every outage, these included) stays within stock. Else 409 + shortages.
 */
async function assertOutagesFit(
  tx: Tx,
  groupId: number,
  item: { id: number; title: string; stockQuantity: number },
  outages: { id: number }[],
) {
  // Without the item's turnaround: the lost units' own order item, held with its turnaround, would count them a
  // second time beside their outage during the check after its end, and a report of what happened is not to
  // be refused for checking time (docs/availability.md, Turnaround).
  const plain = { ...item, turnaroundBeforeMinutes: 0, turnaroundAfterMinutes: 0 };
  const proposals = [];
  for (const o of outages) {
    for (const p of await outagePeriodsOf(tx, o.id)) {
      proposals.push({ item: plain, start: p.start, end: p.end, quantity: 0 });
    }
  }
  const shortages = await shortagesOf(tx, groupId, proposals);
  if (shortages.length > 0) {
    const worst = shortages.reduce((a, b) => (b.required > a.required ? b : a));
    throw shortageError(O.shortage, [worst]);
  }
}

/**
 * Lost units found (発見) or broken ones repaired (修理完了), now, by the actor, in the caller's transaction: the
 * order item's chain is locked (the item may already be locked by the caller, as the units feature does) and
 * the report read again under it. A tracked unit the report names is back in the warehouse (docs/units.md). A
 * report of hired units (外部手配, docs/subrental.md) is resolved the same way, under the same locks (the item's
 * lock is the one every writer of the hire takes): from now on it holds nothing, so the hire's units count again
 * for the rest of its period, and it leaves its sub-rental's lost / broken counts. Resolving only shortens what a
 * report holds, so nothing is checked.
 */
export async function resolveOutageLocked(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  id: number,
): Promise<OutageDto> {
  const found = await findOutage(tx, actor.groupId, id);
  if (!found) throw httpError(404, ja.errors.notFound);
  const locked = await lockOrderItemChain(tx, actor.groupId, found.orderItemId);
  const outage = await findOutage(tx, actor.groupId, id);
  if (!outage) throw httpError(404, ja.errors.notFound);
  if (outage.resolvedAt !== null) throw conflict(O.alreadyResolved);
  const at = new Date();
  const name = await memberName(tx, actor.groupId, actor.id);
  await resolveOutage(tx, id, at, actor.id, name);
  const back = await clearOutage(tx, actor.groupId, id);
  const tags = await tagList(tx, actor, back);
  await recordOrderItemHistory(tx, events, actor, locked, [
    {
      action: "orderitem.outage_resolved",
      quantity: outage.quantity,
      before: { disposition: outage.disposition },
      after: {
        disposition: outage.disposition,
        resolved_at: iso(at),
        ...(tags ? { units: tags } : {}),
        ...(outage.subRentalId === null ? {} : { sub_rental: outage.subRentalId }),
      },
    },
  ]);
  // A hired report (外部手配) found or repaired: its sub-rental's lost / broken counts and 返却数 change too.
  publishOutageChange(events, actor.groupId, outage.itemId, outage.at, [outage]);
  queueUnitsChanged(events, actor.groupId, outage.itemId, back);
  return presentOutage({ ...outage, resolvedAt: at, resolvedBy: actor.id, resolvedByName: name });
}

/** POST /api/outages/{id}/resolve/: lost units found (発見) or broken ones repaired (修理完了), now. */
export function resolve(deps: WriteDeps, actor: AuthUser, id: number): Promise<OutageDto> {
  return inTransaction(deps, (tx, events) => resolveOutageLocked(tx, events, actor, id), {
    retries: ALLOCATION_RETRIES,
  });
}

/** GET /api/orderitems/{id}/hires/: the hires the 入庫 dialog offers for lost or broken units (docs/subrental.md). */
export async function listLineHires(deps: ReadDeps, actor: AuthUser, id: number): Promise<LineHireDto[]> {
  const db = deps.database.db;
  const line = await findOrderItem(db, actor.groupId, id);
  if (!line) throw httpError(404, ja.errors.notFound);
  return (await hiresForLine(db, actor.groupId, line)).map((h) => ({
    id: h.id,
    supplier_name: h.supplierName,
    quantity: h.quantity,
    reported: Number(h.reported),
    start_date: iso(h.start),
    end_date: iso(h.end),
    for_case: Boolean(h.forCase),
  }));
}
