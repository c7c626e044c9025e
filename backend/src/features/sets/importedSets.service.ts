import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../../db/client";
import { chunks } from "../../lib/chunks";
import { yieldToEventLoop } from "../../lib/eventLoop";
import { type HistoryFact, recordHistory } from "../../lib/history";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { deletePartsOfSets, insertPartsOfSets, insertSets, updateSets } from "./sets.queries";
import { presentSets } from "./sets.service";

/**
 * A set as an import writes it, its references already checked against the group: `id` is the existing set
 * of that name (which keeps its title and note), null for a new one.
 */
export interface ImportedSet {
  id: number | null;
  title: string;
  note: string;
  categoryId: number;
  parts: { item: number; quantity: number }[];
}

/** Sets per statement, and their presentations and history entries per read and write. */
const SETS_PER_STATEMENT = 250;
/** Parts per statement: short rows of three numbers. */
const PARTS_PER_STATEMENT = 1000;

/**
 * Writes imported sets in the import's transaction, as the set form would one by one: new sets created,
 * existing ones get the file's category and parts (their parts replaced; cases that booked them keep the
 * parts they booked, docs/sets.md). Queues `sets.upserted` per set and a set.create / set.update entry each.
 * In statements of 250 sets or 1,000 parts, with a turn of the event loop between them: on PGlite, which runs
 * statements on this thread, three statements per set one after the other held the event loop for 1.8 s for
 * a file of 1,000 sets (docs/sets.md).
 */
export async function saveImportedSets(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  sets: ImportedSet[],
): Promise<void> {
  const groupId = actor.groupId;
  const ids = new Map<ImportedSet, number>();
  for (const part of chunks(sets, SETS_PER_STATEMENT)) {
    const created = await insertSets(
      tx,
      groupId,
      part.filter((set) => set.id === null),
    );
    const existing = part.filter((set) => set.id !== null) as (ImportedSet & { id: number })[];
    await updateSets(tx, groupId, existing);
    await deletePartsOfSets(
      tx,
      groupId,
      existing.map((set) => set.id),
    );
    for (const set of part) ids.set(set, set.id ?? created.get(set.title)!);
    await yieldToEventLoop();
  }
  const parts = sets.flatMap((set) => set.parts.map((p) => ({ setId: ids.get(set)!, ...p })));
  for (const part of chunks(parts, PARTS_PER_STATEMENT)) {
    await insertPartsOfSets(tx, groupId, part);
    await yieldToEventLoop();
  }
  const facts: HistoryFact[] = sets.map((set) => {
    const after = { title: set.title, parts: set.parts.length };
    return set.id === null
      ? { action: "set.create", itemTitle: set.title, after }
      : { action: "set.update", itemTitle: set.title, before: { title: set.title }, after };
  });
  for (const part of chunks([...ids.values()], SETS_PER_STATEMENT)) {
    for (const set of await presentSets(tx, groupId, part))
      events.add(groupId, rooms.group(groupId), "sets.upserted", { set });
    await yieldToEventLoop();
  }
  for (const part of chunks(facts, SETS_PER_STATEMENT)) {
    await recordHistory(tx, events, actor, part);
    await yieldToEventLoop();
  }
}
