/**
 * The delays and faults that tests put into real time: the one place they live (docs/testing.md). The
 * server has no hook for them; a test entry composes the server's own dependencies with these and hands
 * them to startServer (test/appWithFaults.ts). Production code never imports this file: lint forbids it
 * (`.dependency-cruiser.cjs`, rule `no-test-imports`) and a build test greps the bundle for it
 * (backend/build.test.ts).
 */
import type { Database, Db } from "../db/client";
import { readStreamPositions, reserveSeq } from "../realtime/eventStreams.queries";
import type { EventStreams } from "../realtime/realtime";

const randomDelay = (maxMs: number) =>
  maxMs > 0 ? new Promise((r) => setTimeout(r, Math.random() * maxMs)) : Promise.resolve();

/**
 * The database's event numbering, made slow or stuck the way a loaded or dying process is: every batch waits
 * a random 0…maxDelayMs before it is numbered (so two processes publish in another order than they
 * committed), and after `holdNext` the next batch is never numbered, so never sent (`onHeld` says when it
 * is reached: the test can then kill the process between a commit and its publish).
 */
export function slowEventStreams(db: Db, maxDelayMs: number) {
  let hold: (() => void) | undefined;
  const streams: EventStreams = {
    reserveSeq: async (stream, count) => {
      if (hold) {
        hold();
        await new Promise(() => {});
      }
      await randomDelay(maxDelayMs);
      return reserveSeq(db, stream, count);
    },
    readPositions: (groupId) => readStreamPositions(db, groupId),
  };
  const holdNext = (onHeld: () => void) => {
    hold = onHeld;
  };
  return { streams, holdNext };
}

/**
 * The database whose transactions' answers reach the process 0…maxDelayMs late, after the commit, as two
 * connections' answers can arrive: a process then learns of its own commits, and queues their events, in
 * another order than it made them.
 */
export function lateCommitAnswers(database: Database, maxDelayMs: number): Database {
  if (maxDelayMs <= 0) return database;
  const { db } = database;
  const late: Db = Object.create(db, {
    transaction: {
      value: async (...args: Parameters<Db["transaction"]>) => {
        const result = await db.transaction(...args);
        await randomDelay(maxDelayMs);
        return result;
      },
    },
  });
  return { ...database, db: late };
}
