import type { PendingEvent } from "../../realtime/eventBuffer";

/** 履歴 actions the notifier turns into notifications (derive.queries.ts#insertFromHistory). */
const NOTIFYING = new Set(["case.status", "orderitem.outage_reported"]);

/**
 * Whether a committed transaction recorded something worth a notification: then this process runs a pass at
 * once instead of at its next tick, so the member's bell rises within a moment of the change.
 */
export function worthAPass(events: readonly PendingEvent[]): boolean {
  return events.some(
    (e) =>
      e.event === "history.added" &&
      (e.payload as { entries: { action: string }[] }).entries.some((entry) => NOTIFYING.has(entry.action)),
  );
}
