import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { idempotencyKeys as k } from "../db/schema";

/** One member's key: keys are per group and member, so two people's equal keys never meet. */
export interface KeyRef {
  groupId: number;
  userId: number;
  key: string;
}

/** An answer as stored and replayed: the body as text (JSON or text answers only), null for none. */
export interface StoredAnswer {
  status: number;
  contentType: string | null;
  body: string | null;
}

export interface KeyRow extends StoredAnswer {
  fingerprint: string;
  state: "pending" | "done";
  /** Pending for longer than the timeout given to readKey: the attempt that claimed it is presumed dead. */
  stale: boolean;
}

const isRef = (ref: KeyRef) => and(eq(k.groupId, ref.groupId), eq(k.userId, ref.userId), eq(k.key, ref.key));

/**
 * Claims the key for one attempt, in a statement of its own (committed at once, so every process sees it).
 * False when the key exists already: another attempt holds it or has answered.
 */
export async function claimKey(db: Db, ref: KeyRef, fingerprint: string, claim: string): Promise<boolean> {
  const rows = await db
    .insert(k)
    .values({ ...ref, fingerprint, claim })
    .onConflictDoNothing()
    .returning({ claim: k.claim });
  return rows.length === 1;
}

/** The key's row, if any; `stale` is decided by the database's clock, the one every process shares. */
export async function readKey(db: Db, ref: KeyRef, staleSeconds: number): Promise<KeyRow | undefined> {
  const [row] = await db
    .select({
      fingerprint: k.fingerprint,
      state: k.state,
      status: k.status,
      contentType: k.contentType,
      body: k.body,
      stale: sql<boolean>`${k.claimedAt} < now() - make_interval(secs => ${staleSeconds})`,
    })
    .from(k)
    .where(isRef(ref));
  return row ? { ...row, state: row.state as KeyRow["state"], status: row.status ?? 0 } : undefined;
}

/** Takes over a pending claim left for `staleSeconds` (its process died); false if another attempt won it. */
export async function takeOverKey(
  db: Db,
  ref: KeyRef,
  staleSeconds: number,
  claim: string,
): Promise<boolean> {
  const rows = await db
    .update(k)
    .set({ claim, claimedAt: sql`now()` })
    .where(
      and(
        isRef(ref),
        eq(k.state, "pending"),
        sql`${k.claimedAt} < now() - make_interval(secs => ${staleSeconds})`,
      ),
    )
    .returning({ claim: k.claim });
  return rows.length === 1;
}

/** Stores the answer of the attempt that holds the claim; the key is done from now on. */
export async function storeAnswer(db: Db, ref: KeyRef, claim: string, answer: StoredAnswer): Promise<void> {
  await db
    .update(k)
    .set({ state: "done", ...answer })
    .where(and(isRef(ref), eq(k.claim, claim), eq(k.state, "pending")));
}

/** Gives the key up after a failure that a retry may not meet (5xx), so that the retry runs. */
export async function releaseKey(db: Db, ref: KeyRef, claim: string): Promise<void> {
  await db.delete(k).where(and(isRef(ref), eq(k.claim, claim), eq(k.state, "pending")));
}

/** Drops keys first seen more than `hours` ago (housekeeping): a retry comes within minutes, not days. */
export async function deleteExpiredKeys(db: Db, hours: number): Promise<number> {
  const rows = await db
    .delete(k)
    .where(sql`${k.createdAt} < now() - make_interval(hours => ${hours})`)
    .returning({ key: k.key });
  return rows.length;
}
