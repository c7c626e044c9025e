import type { LogDeps, ReadDeps } from "../../lib/serviceDeps";
import type { PendingEvent } from "../../realtime/eventBuffer";
import { queueDailyDigests } from "../delivery";
import {
  databaseNow,
  historyReadUntil,
  type Inserted,
  insertFromHistory,
  insertHoldReminders,
  insertOverdue,
  setHistoryReadUntil,
} from "./derive.queries";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A hold is reminded this long before its deadline by default (issue 40: 24 h; HOLD_REMINDER_HOURS). */
export const HOLD_REMINDER_AHEAD_MS = DAY;
/** Notifications are kept this long (housekeeping deletes older ones), and overdue ends older are not read. */
export const NOTIFICATION_KEEP_MS = 90 * DAY;
/**
 * 履歴 is read again this far behind the cursor: an entry is stamped with its transaction's start, so one
 * that committed after the last pass may carry an earlier time. Transactions here last milliseconds.
 */
const LATE_COMMIT_MARGIN_MS = 10 * 60_000;
/** The first pass of a new database reads this much of 履歴 (it has no cursor yet). */
const FIRST_LOOKBACK_MS = DAY;

/** Where new notifications are announced: the member's room (realtime.ts). */
export interface NotifyDeps extends ReadDeps {
  announce: (userId: number, count: number) => void;
  /**
   * The deliveries the passes queue (docs/notifications.md, "E-mail" and "Webhooks"): whether mail is on
   * (then mails and the daily digest are queued), how long before its deadline a hold is reminded, and the
   * business zone of the digest's day. Absent: no mail, 24 h, webhooks still queued.
   */
  delivery?: { mail: boolean; holdReminderAheadMs: number; timeZone: string };
}

/**
 * One pass of the notifier: derives what happened since the last pass from 履歴 (read by the database's
 * clock) and what the clock `now` made true (a deadline within 24 h, an end passed with units out), inserts
 * each notification once per member whatever other processes do at the same time, and announces them to
 * their members. Returns how many were inserted. Nothing here runs inside a write's transaction.
 */
export async function deriveNotifications(deps: NotifyDeps, now: Date): Promise<number> {
  const db = deps.database.db;
  const started = await databaseNow(db);
  const cursor = await historyReadUntil(db);
  const since = new Date(
    Math.max(
      (cursor?.getTime() ?? started.getTime() - FIRST_LOOKBACK_MS) - LATE_COMMIT_MARGIN_MS,
      started.getTime() - NOTIFICATION_KEEP_MS,
    ),
  );
  const mail = deps.delivery?.mail ?? false;
  const ahead = deps.delivery?.holdReminderAheadMs ?? HOLD_REMINDER_AHEAD_MS;
  const oldest = new Date(now.getTime() - NOTIFICATION_KEEP_MS);
  const inserted: Inserted[] = [
    ...(await insertFromHistory(db, since, mail)),
    ...(await insertHoldReminders(db, now, ahead, mail)),
    ...(await insertOverdue(db, now, oldest, mail)),
  ];
  await setHistoryReadUntil(db, started);
  if (mail && deps.delivery) await queueDailyDigests(db, now, oldest, deps.delivery.timeZone);
  const perUser = new Map<number, number>();
  for (const { user_id } of inserted) perUser.set(Number(user_id), (perUser.get(Number(user_id)) ?? 0) + 1);
  for (const [userId, count] of perUser) deps.announce(userId, count);
  return inserted.length;
}

export interface Notifier {
  /** Something worth a notification was committed through this process: run a pass now. */
  wake(): void;
  stop(): void;
}

/**
 * Runs a pass every `everyMs` and whenever `wake` is called (one at a time; a wake during a pass runs one
 * more after it). Each process runs one; the unique key makes their passes harmless to each other, and a
 * change committed through another process is seen within `everyMs`. `clock` is Date.now in production.
 */
export function startNotifier(deps: NotifyDeps & LogDeps, everyMs: number, clock: () => number): Notifier {
  let running = false;
  let again = false;
  let stopped = false;

  const run = async () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      await deriveNotifications(deps, new Date(clock()));
    } catch (err) {
      deps.logger.warn({ err }, "notifier pass failed");
    } finally {
      running = false;
    }
    if (again) {
      again = false;
      void run();
    }
  };

  const timer = setInterval(run, everyMs);
  timer.unref();
  void run();
  return {
    wake: () => void run(),
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

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
