import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { functionDefinition } from "../db/functions.testkit";

/**
 * What the concurrency tests change in their own database (each test file has a fresh one) to widen a race or
 * to remove the locks; production code has no hook for them. Every allocation write takes its locks through
 * the SQL function lock_allocation and records its change in the history before it commits, so a control
 * replaces that function with a copy that locks nothing, and a slow commit is a deferred trigger on the
 * history that sleeps at COMMIT: after the check, before the commit, with every lock still held.
 */

/** The row locks of lock_allocation (db/functions/allocation.sql): the case (update, share), the items, the order items. */
const LOCKS = / FOR (UPDATE|SHARE);/g;
const LOCK_COUNT = 4;

/** The source of lock_allocation with its row locks removed: the control's copy. */
function unlockedLockSource(): string {
  const source = functionDefinition("lock_allocation");
  const found = source.match(LOCKS)?.length ?? 0;
  // So that the control cannot silently turn into a copy of the locking function.
  if (found !== LOCK_COUNT)
    throw new Error(`expected ${LOCK_COUNT} row locks in lock_allocation, found ${found}`);
  return source.replace(LOCKS, ";");
}

/** Replaces lock_allocation in this database with the copy that locks nothing (the + calls it too). */
export async function removeLocks(database: Database): Promise<void> {
  await database.db.execute(sql.raw(unlockedLockSource()));
}

/** Puts the real lock_allocation back from its source. */
export async function restoreLocks(database: Database): Promise<void> {
  await database.db.execute(sql.raw(functionDefinition("lock_allocation")));
}

/**
 * From now on every transaction that records history in this database sleeps `ms` once at its COMMIT (a
 * deferred constraint trigger), widening the window between the check and the commit.
 */
export async function slowCommits(database: Database, ms: number): Promise<void> {
  await atCommitOfHistory(
    database,
    `IF current_setting('zaiko_test.slept', true) IS DISTINCT FROM 'on' THEN
       PERFORM set_config('zaiko_test.slept', 'on', true);
       PERFORM pg_sleep(${ms / 1000});
     END IF;`,
  );
}

/** From now on every transaction that records history in this database fails at its COMMIT. */
export async function failCommits(database: Database): Promise<void> {
  await atCommitOfHistory(database, `RAISE EXCEPTION 'fails before the commit';`);
}

/** Removes what slowCommits or failCommits installed. */
export async function normalCommits(database: Database): Promise<void> {
  await database.db.execute(sql.raw("DROP TRIGGER IF EXISTS zaiko_test_at_commit ON history"));
  await database.db.execute(sql.raw("DROP FUNCTION IF EXISTS zaiko_test_at_commit()"));
}

async function atCommitOfHistory(database: Database, body: string): Promise<void> {
  await normalCommits(database);
  await database.db.execute(
    sql.raw(`CREATE FUNCTION zaiko_test_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
             BEGIN ${body} RETURN NULL; END $$`),
  );
  await database.db.execute(
    sql.raw(`CREATE CONSTRAINT TRIGGER zaiko_test_at_commit AFTER INSERT ON history
             DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION zaiko_test_at_commit()`),
  );
}

/** How a trial's database runs: the real locks with a slow commit, or the control's without locks. */
export type RaceMode = "lockedSlow" | "unlocked";

/**
 * Runs `work` with the database in `mode`, then puts it back: "lockedSlow", the real locks with a sleep of
 * `sleepMs` at commit (the race the locks must win); "unlocked", the control, the same sleep without any lock
 * (it must overbook in some trial).
 */
export async function inRaceMode<T>(
  database: Database,
  mode: RaceMode,
  work: () => Promise<T>,
  sleepMs = 20,
): Promise<T> {
  await slowCommits(database, sleepMs);
  if (mode === "unlocked") await removeLocks(database);
  try {
    return await work();
  } finally {
    if (mode === "unlocked") await restoreLocks(database);
    await normalCommits(database);
  }
}
