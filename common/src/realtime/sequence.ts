import type { ServerEventName } from "./events";

/**
 * What a client does with a numbered event of a stream, given the last number it saw of that stream since
 * its last (re)connect (docs/realtime.md, "Streams and numbers"). Shared by the browser (lib/socket.ts) and
 * the convergence test's model of a client, so both follow one rule.
 */
export interface Admission {
  /** Whether the event's handlers run. */
  apply: boolean;
  /** Whether events before it were missed: what the screen shows of the stream refetches. */
  gap: boolean;
  /** The last number seen of the stream after this event. */
  last: number;
}

/**
 * Deletes of the rows that carry a version (liveRows.ts): their ids come from a sequence and are never
 * reused, so such a delete ends the row for good, whenever it arrives. A member's id is their user row's,
 * which the delete removes: someone who joins again signs up as a new user with a new id.
 */
const FINAL_DELETES: ReadonlySet<ServerEventName> = new Set<ServerEventName>([
  "categories.deleted",
  "items.deleted",
  "workcases.deleted",
  "orderitems.deleted",
  "members.deleted",
]);

/**
 * - the next number: apply;
 * - a jump: apply, and refetch the stream (something was missed);
 * - a number already seen (late: another process numbered it earlier but delivered it later): dropped,
 *   since the refetch that its successor's gap caused read the database after its commit, except a delete
 *   of a versioned row. The refetch no longer holds that row, but the client must also remember that the
 *   row is gone (liveRows.ts): an upsert of it committed before the delete can carry a higher number (its
 *   process numbered it later), arrive after both, and without the remembered delete bring the row back.
 *   Applying a delete twice changes nothing.
 */
export function admit(event: ServerEventName, seq: number, last: number | undefined): Admission {
  if (last === undefined) return { apply: true, gap: false, last: seq };
  if (seq <= last) return { apply: FINAL_DELETES.has(event), gap: false, last };
  return { apply: true, gap: seq > last + 1, last: seq };
}
