import type { ServerEventName, UnsequencedPayload } from "@zaiko/common/realtime/events";

/** An event waiting for its transaction to commit. */
export interface PendingEvent<E extends ServerEventName = ServerEventName> {
  groupId: number;
  room: string;
  event: E;
  payload: UnsequencedPayload<E>;
}

/**
 * The events of one transaction, held in memory (not a table: nothing survives the process) until it
 * commits. They are emitted only after commit, and dropped on rollback, so no client ever hears of a change
 * that did not happen.
 */
export class EventBuffer {
  readonly events: PendingEvent[] = [];
  /** Also runs after commit: for side effects such as disconnecting a removed user's sockets. */
  readonly afterCommit: Array<() => void> = [];

  add<E extends ServerEventName>(
    groupId: number,
    room: string,
    event: E,
    payload: UnsequencedPayload<E>,
  ): void {
    this.events.push({ groupId, room, event, payload } as PendingEvent);
  }
}
