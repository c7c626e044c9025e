/**
 * A test entry of the app process (never production's: backend/src/main.ts is): the server started with
 * the faults of test/realtimeFaults.ts, which the multi-process tests drive over the IPC channel of
 * startAppProcess(…, entry):
 * - PUBLISH_DELAY_MAX_MS (read here only): every batch waits a random 0…max ms before it is numbered and
 *   sent, so the two processes publish in an order other than their commits';
 * - QUEUE_DELAY_MAX_MS (read here only): every commit's answer reaches the process a random 0…max ms late,
 *   so that it learns of its own commits, and queues their events, in another order than it made them;
 * - "hold": the next batch never goes out; "held" is answered when it is reached (the test then kills the
 *   process with SIGKILL: committed, never published);
 * - "drain": everything gathered is published; "drained" is answered.
 */
import { loadConfig } from "../config";
import { openDatabase } from "../db/client";
import { createLogger } from "../lib/logger";
import { startServer } from "../server";
import { lateCommitAnswers, slowEventStreams } from "./realtimeFaults";

async function main() {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config);
  const numbering = slowEventStreams(database.db, Number(process.env.PUBLISH_DELAY_MAX_MS || 0));
  const server = await startServer({
    config,
    logger,
    database: lateCommitAnswers(database, Number(process.env.QUEUE_DELAY_MAX_MS || 0)),
    eventStreams: numbering.streams,
  });
  process.on("message", (message) => {
    if (message === "hold") numbering.holdNext(() => process.send?.("held"));
    if (message === "drain") void server.deps.realtime.drain().then(() => process.send?.("drained"));
  });
  process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
