import { ja } from "@zaiko/common/messages/ja";
import { rooms } from "@zaiko/common/realtime/events";
import type { ItemSetDto, SetWrite } from "@zaiko/common/sets/sets.schema";
import type { Db, Tx } from "../../db/client";
import { readTogether } from "../../db/readTogether";
import { recordHistory } from "../../lib/history";
import { HttpError, httpError } from "../../lib/httpError";
import { isUniqueViolation, sqlState } from "../../lib/pgErrors";
import type { ReadDeps, WriteDeps } from "../../lib/serviceDeps";
import { inTransaction } from "../../lib/transaction";
import type { AuthUser } from "../../middlewares/auth";
import { linesOfSet, publishLines } from "./setLines.service";
import { partsByOwner, presentSet } from "./sets.presenter";
import {
  casesUsingSets,
  categoryOfGroup,
  deleteSet,
  insertSet,
  itemIdsInGroup,
  partsOfSets,
  replaceParts,
  setRows,
  updateSet,
} from "./sets.queries";

const s = ja.sets;
const notFound = () => httpError(404, ja.errors.notFound);

/** The group's sets (all, or these) as presented: parts and how many cases use each. Three queries. */
export async function presentSets(db: Db | Tx, groupId: number, ids?: number[]): Promise<ItemSetDto[]> {
  const [rows, parts, used] = await readTogether(db, [
    () => setRows(db, groupId, ids),
    () => partsOfSets(db, groupId, ids),
    () => casesUsingSets(db, groupId, ids),
  ]);
  const byOwner = partsByOwner(parts);
  return rows.map((r) => presentSet(r, byOwner.get(r.id) ?? [], used.get(r.id) ?? 0));
}

/** GET /api/sets/: every set of the group, by title. */
export function listSets(deps: ReadDeps, actor: AuthUser): Promise<ItemSetDto[]> {
  return presentSets(deps.database.db, actor.groupId);
}

/** The category and the parts' items must be the group's: else the form's field errors (400). */
async function checkReferences(tx: Tx, groupId: number, input: SetWrite) {
  const category = await categoryOfGroup(tx, groupId, input.category);
  if (!category) throw new HttpError(400, { category: [ja.catalogue.categoryNotInGroup] });
  const found = await itemIdsInGroup(
    tx,
    groupId,
    input.parts.map((p) => p.item),
  );
  if (found.size !== input.parts.length) throw new HttpError(400, { parts: [s.partNotInGroup] });
}

/** A taken title (23505) and a category or item deleted meanwhile (23503) become the form's field errors. */
function mapWriteError(err: unknown): unknown {
  if (isUniqueViolation(err)) return new HttpError(400, { title: [s.titleTaken] });
  if (sqlState(err) === "23503") return new HttpError(400, { parts: [s.partNotInGroup] });
  return err;
}

/** POST /api/sets/: a new set with its parts. */
export async function createSet(deps: WriteDeps, actor: AuthUser, input: SetWrite): Promise<ItemSetDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      await checkReferences(tx, actor.groupId, input);
      const id = await insertSet(tx, {
        groupId: actor.groupId,
        categoryId: input.category,
        title: input.title,
        note: input.note,
      });
      await replaceParts(tx, actor.groupId, id, input.parts);
      const [set] = await presentSets(tx, actor.groupId, [id]);
      events.add(actor.groupId, rooms.group(actor.groupId), "sets.upserted", { set: set! });
      await recordHistory(tx, events, actor, [
        {
          action: "set.create",
          itemTitle: set!.title,
          after: { title: set!.title, parts: set!.parts.length },
        },
      ]);
      return set!;
    });
  } catch (err) {
    throw mapWriteError(err);
  }
}

/**
 * PUT /api/sets/{id}/: title, category, note and parts. Cases that booked the set keep the parts they booked
 * (their lines' snapshot); only later bookings of the set on a new case take the new parts.
 */
export async function editSet(
  deps: WriteDeps,
  actor: AuthUser,
  id: number,
  input: SetWrite,
): Promise<ItemSetDto> {
  try {
    return await inTransaction(deps, async (tx, events) => {
      // The UPDATE locks the set row, so no case books it while its parts change (addset holds it shared).
      const [before] = await setRows(tx, actor.groupId, [id]);
      if (!before) throw notFound();
      await checkReferences(tx, actor.groupId, input);
      const updated = await updateSet(tx, actor.groupId, id, {
        categoryId: input.category,
        title: input.title,
        note: input.note,
      });
      if (!updated) throw notFound();
      await replaceParts(tx, actor.groupId, id, input.parts);
      const [set] = await presentSets(tx, actor.groupId, [id]);
      events.add(actor.groupId, rooms.group(actor.groupId), "sets.upserted", { set: set! });
      await recordHistory(tx, events, actor, [
        {
          action: "set.update",
          itemTitle: set!.title,
          before: { title: before.title },
          after: { title: set!.title, parts: set!.parts.length },
        },
      ]);
      return set!;
    });
  } catch (err) {
    throw mapWriteError(err);
  }
}

/**
 * DELETE /api/sets/{id}/: the set leaves the catalogue. Cases that booked it keep their lines and parts (the
 * line's set becomes null and it keeps its title), so nothing booked changes.
 */
export async function removeSet(deps: WriteDeps, actor: AuthUser, id: number): Promise<void> {
  await inTransaction(deps, async (tx, events) => {
    const [before] = await setRows(tx, actor.groupId, [id]);
    if (!before) throw notFound();
    const lines = await linesOfSet(tx, actor.groupId, id);
    if (!(await deleteSet(tx, actor.groupId, id))) throw notFound();
    events.add(actor.groupId, rooms.group(actor.groupId), "sets.deleted", { id });
    // The cases' lines stay, without their set: their screens show them as such.
    await publishLines(
      tx,
      events,
      actor.groupId,
      lines.map((l) => l.id),
    );
    await recordHistory(tx, events, actor, [
      { action: "set.delete", itemTitle: before.title, before: { title: before.title } },
    ]);
  });
}

/** A set of the group with its catalogue parts, or undefined (the availability timeline of a set). */
export async function setWithParts(db: Db | Tx, groupId: number, id: number) {
  const [row] = await setRows(db, groupId, [id]);
  if (!row) return undefined;
  const parts = await partsOfSets(db, groupId, [id]);
  return { title: row.title, categoryId: row.categoryId, parts: parts.map((p) => ({ item: p.itemId })) };
}
