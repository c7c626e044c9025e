import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../../db/client";
import { type HistoryFact, recordHistory } from "../../lib/history";
import type { AuthUser } from "../../middlewares/auth";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { insertSet, replaceParts, updateSet } from "./sets.queries";
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

/**
 * Writes imported sets in the import's transaction, as the set form would one by one: new sets created,
 * existing ones get the file's category and parts (their parts replaced; cases that booked them keep the
 * parts they booked, docs/sets.md). Queues `sets.upserted` per set and a set.create / set.update entry each.
 */
export async function saveImportedSets(
  tx: Tx,
  events: EventBuffer,
  actor: AuthUser,
  sets: ImportedSet[],
): Promise<void> {
  const groupId = actor.groupId;
  const ids: number[] = [];
  const facts: HistoryFact[] = [];
  for (const set of sets) {
    const row = { categoryId: set.categoryId, title: set.title, note: set.note };
    let id = set.id;
    if (id === null) id = await insertSet(tx, { groupId, ...row });
    else await updateSet(tx, groupId, id, row);
    await replaceParts(tx, groupId, id, set.parts);
    ids.push(id);
    const after = { title: set.title, parts: set.parts.length };
    facts.push(
      set.id === null
        ? { action: "set.create", itemTitle: set.title, after }
        : { action: "set.update", itemTitle: set.title, before: { title: set.title }, after },
    );
  }
  for (const set of await presentSets(tx, groupId, ids))
    events.add(groupId, rooms.group(groupId), "sets.upserted", { set });
  await recordHistory(tx, events, actor, facts);
}
