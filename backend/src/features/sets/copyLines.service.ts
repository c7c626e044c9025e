import type { Tx } from "../../db/client";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { publishLines } from "./setLines.service";
import { insertLine, lineRows, partsOfLines } from "./sets.queries";

/**
 * A case's duplicate takes its set lines too (docs/sets.md): same set, title, number of sets and parts'
 * snapshot. The duplicate copies the order items as they are (the sets' units and the units booked alone), so
 * the copy's parts hold what its lines need. Called inside the duplicate's transaction, after its order items.
 */
export async function copySetLines(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  fromCaseId: number,
  toCaseId: number,
): Promise<void> {
  const lines = await lineRows(tx, groupId, { caseId: fromCaseId });
  if (lines.length === 0) return;
  const parts = await partsOfLines(
    tx,
    groupId,
    lines.map((l) => l.id),
  );
  const created: number[] = [];
  for (const line of lines) {
    const own = parts.filter((p) => p.ownerId === line.id);
    if (own.length === 0) continue;
    created.push(
      await insertLine(
        tx,
        { groupId, workCaseId: toCaseId, setId: line.setId, title: line.title, quantity: line.quantity },
        own.map((p) => ({ itemId: p.itemId, quantity: p.quantity })),
      ),
    );
  }
  await publishLines(tx, events, groupId, created);
}
