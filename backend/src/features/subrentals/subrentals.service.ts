import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import {
  SUBRENTAL_TRANSITIONS,
  type SubRentalDto,
  type SubRentalStatusWrite,
  type SubRentalWrite,
} from "@zaiko/common/subrentals/subrentals.schema";
import { assertTurnaroundCovers, type LockedItem, lockItems, spanOf, turnaroundOf } from "../../allocation";
import type { Tx } from "../../db/client";
import { type HistoryFact, recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { iso } from "../../lib/iso";
import { isForeignKeyViolation } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { ALLOCATION_RETRIES, inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { presentSubRental } from "./subrentals.presenter";
import {
  caseInGroup,
  findSubRental,
  findSupplier,
  insertSubRental,
  itemOfSubRental,
  listSubRentals,
  type SubRentalView,
  updateSubRentalRow,
} from "./subrentals.queries";

/*
 * 外部手配 (docs/subrental.md). Hired units are the item's stock over the period they are with us, so every
 * write of a sub-rental is a write of the item's stock: it takes the item's lock through lock_allocation (the
 * lock every allocation write of the item takes, in id order), and a write that can lower the hired units
 * (a smaller quantity, a shorter or moved period, another item, a cancel, an early return) checks every booking
 * of the item, of all time, against stock + the hires as the write leaves them, in the same transaction: 409
 * `{error, shortages, short_cases}` and nothing changed, as a lower stock is refused. The row itself is guarded
 * by its item's lock: every writer holds it (both items' when the item changes).
 */

const s = ja.subrentals;
const m = { retries: ALLOCATION_RETRIES };

/** GET /api/subrentals/: the group's sub-rentals, newest first; of one item or case, or of a month. */
export async function listGroupSubRentals(
  deps: ReadDeps,
  actor: AuthUser,
  filter: { itemId?: number; caseId?: number; from?: Date; to?: Date },
): Promise<SubRentalDto[]> {
  return (await listSubRentals(deps.database.db, actor.groupId, filter)).map(presentSubRental);
}

/** GET /api/subrentals/{id}/ */
export async function getSubRental(deps: ReadDeps, actor: AuthUser, id: number): Promise<SubRentalDto> {
  const view = await findSubRental(deps.database.db, actor.groupId, id);
  if (!view) throw httpError(404, ja.errors.notFound);
  return presentSubRental(view);
}

/** The supplier and the case named by a write must be the group's: else 400 on the field, nothing written. */
async function assertReferences(tx: Tx, groupId: number, input: SubRentalWrite): Promise<void> {
  if (!(await findSupplier(tx, groupId, input.supplier)))
    throw new HttpError(400, { supplier: [s.supplierSelect] });
  if (input.work_case !== null && !(await caseInGroup(tx, groupId, input.work_case)))
    throw new HttpError(400, { work_case: [s.caseNotFound] });
}

/** The locked item of a write, or 400 on `item` (another group's id behaves like a missing one). */
function lockedItem(locked: LockedItem[], id: number): LockedItem {
  const item = locked.find((i) => i.id === id);
  if (!item) throw new HttpError(400, { item: [s.itemSelect] });
  return item;
}

const valuesOf = (input: SubRentalWrite) => ({
  supplierId: input.supplier,
  itemId: input.item,
  quantity: input.quantity,
  startDate: input.start_date,
  endDate: input.end_date,
  workCaseId: input.work_case,
  costMemo: input.cost_memo,
});

/** What the history keeps of a sub-rental (the supplier's and the case's names as they were). */
const historyValues = (d: SubRentalDto) => ({
  supplier_name: d.supplier_name,
  quantity: d.quantity,
  start_date: d.start_date,
  end_date: d.end_date,
  status: d.status,
  cost_memo: d.cost_memo,
});

/** subrentals.upserted, and stock.changed for the items and periods whose hired units changed. */
function announce(events: EventBuffer, groupId: number, dto: SubRentalDto, touched: SubRentalDto[]): void {
  const room = rooms.group(groupId);
  events.add(groupId, room, "subrentals.upserted", { sub_rental: dto });
  const periods = touched.map((d) => ({ start: new Date(d.start_date), end: new Date(d.end_date) }));
  const item_ids = [...new Set(touched.map((d) => d.item))];
  events.add(groupId, room, "stock.changed", { item_ids, ...spanOf(periods) });
}

async function record(tx: Tx, events: EventBuffer, actor: AuthUser, fact: HistoryFact, dto: SubRentalDto) {
  await recordHistory(tx, events, actor, [
    {
      itemId: dto.item,
      itemTitle: dto.item_title,
      caseId: dto.work_case,
      caseTitle: dto.case_title,
      ...fact,
    },
  ]);
}

/** POST /api/subrentals/: adds hired units (never short: it only adds stock); the item is locked all the same. */
export async function createSubRental(
  deps: WriteDeps,
  actor: AuthUser,
  input: SubRentalWrite,
): Promise<SubRentalDto> {
  const groupId = actor.groupId;
  try {
    return await inTransaction(
      deps,
      async (tx, events) => {
        await assertReferences(tx, groupId, input);
        lockedItem(await lockItems(tx, groupId, [input.item]), input.item);
        const id = await insertSubRental(tx, groupId, valuesOf(input));
        const dto = presentSubRental((await findSubRental(tx, groupId, id))!);
        announce(events, groupId, dto, [dto]);
        await record(
          tx,
          events,
          actor,
          { action: "subrental.create", quantity: dto.quantity, after: historyValues(dto) },
          dto,
        );
        return dto;
      },
      m,
    );
  } catch (err) {
    // The supplier or the case went while this waited for the item.
    if (isForeignKeyViolation(err)) throw new HttpError(400, { supplier: [s.supplierSelect] });
    throw err;
  }
}

/**
 * Locks the sub-rental's item (and `alsoItem`, in id order) and reads the row under that lock. Another writer may
 * have moved the row to another item while this waited: then the new one is locked too and the row read again.
 */
async function lockSubRental(
  tx: Tx,
  groupId: number,
  id: number,
  alsoItem?: number,
): Promise<{ view: SubRentalView; locked: LockedItem[] }> {
  const seen = new Set<number>();
  for (;;) {
    const itemId = await itemOfSubRental(tx, groupId, id);
    if (itemId === undefined) throw httpError(404, ja.errors.notFound);
    const wanted = [itemId, ...(alsoItem === undefined ? [] : [alsoItem])].filter((i) => !seen.has(i));
    const locked = wanted.length > 0 ? await lockItems(tx, groupId, wanted) : [];
    for (const i of wanted) seen.add(i);
    const view = await findSubRental(tx, groupId, id);
    if (!view) throw httpError(404, ja.errors.notFound);
    if (seen.has(view.row.itemId)) {
      const all = await lockItems(tx, groupId, [...seen]);
      return { view, locked: all.length > 0 ? all : locked };
    }
  }
}

/** Every booking of these items, of all time, against stock + their hires as now written: 409 when short. */
function assertCovered(tx: Tx, groupId: number, items: LockedItem[], error: string): Promise<void> {
  return assertTurnaroundCovers(
    tx,
    groupId,
    items.map((item) => ({ item, turnaround: turnaroundOf(item) })),
    error,
  );
}

/**
 * PUT /api/subrentals/{id}/: the whole row but its status. A returned or cancelled one is closed (409). Fewer
 * units, a shorter or moved period or another item are checked (409 + short_cases).
 */
export async function updateSubRental(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  input: SubRentalWrite,
): Promise<SubRentalDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const { view, locked } = await lockSubRental(tx, groupId, id, input.item);
      if (view.row.status === "returned" || view.row.status === "cancelled")
        throw new HttpError(409, { error: s.closed });
      lockedItem(locked, input.item);
      await assertReferences(tx, groupId, input);
      // Its lost and broken units stay recorded against it (read under the item's lock, as they are written):
      // every report keeps it on its item; the ones still open set its least quantity.
      const reported = Number(view.lostQuantity) + Number(view.brokenQuantity);
      if (Boolean(view.hasReports) && input.item !== view.row.itemId)
        throw new HttpError(409, { error: s.lossItemFixed });
      if (input.quantity < reported) throw new HttpError(400, { quantity: [s.lossBelowQuantity(reported)] });
      const before = presentSubRental(view);
      await updateSubRentalRow(tx, groupId, id, valuesOf(input));
      const lowers =
        input.item !== view.row.itemId ||
        input.quantity < view.row.quantity ||
        input.start_date.getTime() > view.row.startDate.getTime() ||
        input.end_date.getTime() < view.row.endDate.getTime();
      if (lowers)
        await assertCovered(
          tx,
          groupId,
          locked.filter((i) => i.id === view.row.itemId),
          s.shortened,
        );
      const dto = presentSubRental((await findSubRental(tx, groupId, id))!);
      announce(events, groupId, dto, [before, dto]);
      await record(
        tx,
        events,
        actor,
        {
          action: "subrental.update",
          quantity: dto.quantity,
          before: historyValues(before),
          after: historyValues(dto),
        },
        dto,
      );
      return dto;
    },
    m,
  );
}

/**
 * POST /api/subrentals/{id}/status/: 入荷 (requested → received), 返却 (received → returned: the hire ends now if
 * that is before its planned return, checked), 取消 (requested or received → cancelled: the hire goes, checked).
 * Any other step is 409.
 */
export async function changeSubRentalStatus(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  input: SubRentalStatusWrite,
  now: Date = new Date(),
): Promise<SubRentalDto> {
  const groupId = actor.groupId;
  return inTransaction(
    deps,
    async (tx, events) => {
      const { view, locked } = await lockSubRental(tx, groupId, id);
      const from = view.row.status;
      if (!SUBRENTAL_TRANSITIONS[from].includes(input.status))
        throw new HttpError(409, { error: s.badTransition(s.statuses[from], s.statuses[input.status]) });
      // A hire with units lost or broken at a customer happened: it is given back (less the lost), not undone.
      if (input.status === "cancelled" && Boolean(view.hasReports))
        throw new HttpError(409, { error: s.lossNoCancel });
      const before = presentSubRental(view);
      if (input.status === "received") {
        await updateSubRentalRow(tx, groupId, id, { status: "received", receivedAt: now });
      } else {
        await updateSubRentalRow(tx, groupId, id, {
          status: input.status,
          ...(input.status === "returned" ? { returnedAt: now } : {}),
        });
        const lowers = input.status === "cancelled" || now.getTime() < view.row.endDate.getTime();
        if (lowers)
          await assertCovered(
            tx,
            groupId,
            locked,
            input.status === "cancelled" ? s.cancelShort : s.returnShort,
          );
      }
      const dto = presentSubRental((await findSubRental(tx, groupId, id))!);
      announce(events, groupId, dto, [before]);
      await record(
        tx,
        events,
        actor,
        {
          action: "subrental.status",
          quantity: dto.quantity,
          before: historyValues(before),
          after: { ...historyValues(dto), ...(dto.returned_at ? { returned_at: iso(dto.returned_at) } : {}) },
        },
        dto,
      );
      return dto;
    },
    m,
  );
}
