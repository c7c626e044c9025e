/**
 * A test entry of the app process (never production's: backend/src/main.ts is): the server started with a
 * publish hook that the multi-process tests drive over the IPC channel of startAppProcess(…, entry):
 * - PUBLISH_DELAY_MAX_MS (read here only): every batch waits a random 0…max ms before it is numbered and
 *   sent, so the two processes publish in an order other than their commits';
 * - QUEUE_DELAY_MAX_MS (read here only): every commit's events wait a random 0…max ms before they are queued,
 *   so that a process learns of its own commits in another order than it made them;
 * - "hold": the next batch never goes out; "held" is answered when it is reached (the test then kills the
 *   process with SIGKILL: committed, never published);
 * - "drain": everything gathered is published; "drained" is answered.
 */
import { loadConfig } from "../config";
import { createLogger } from "../lib/logger";
import { startServer } from "../server";

const maxDelayMs = Number(process.env.PUBLISH_DELAY_MAX_MS || 0);
const maxQueueDelayMs = Number(process.env.QUEUE_DELAY_MAX_MS || 0);
let holdNext = false;

async function main() {
  const config = loadConfig();
  const server = await startServer({
    config,
    logger: createLogger(config.logLevel),
    beforePublish: async () => {
      if (holdNext) {
        process.send?.("held");
        await new Promise(() => {});
      }
      if (maxDelayMs > 0) await new Promise((r) => setTimeout(r, Math.random() * maxDelayMs));
    },
    beforeQueue:
      maxQueueDelayMs > 0
        ? () => new Promise((r) => setTimeout(r, Math.random() * maxQueueDelayMs))
        : undefined,
  });
  process.on("message", (message) => {
    if (message === "hold") holdNext = true;
    if (message === "drain") void server.deps.realtime.drain().then(() => process.send?.("drained"));
  });
  process.on("SIGTERM", () => void server.close().then(() => process.exit(0)));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
