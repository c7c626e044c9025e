/// <reference path="../../common/src/moment-locales.d.ts" />
/**
 * Bench-only entry of the app server for scripts/bench/realtime.ts, forked with an IPC channel. It starts
 * the server as backend/src/main.ts does (same startServer, config from the environment) and adds, outside
 * the product's HTTP API, one hook: on a `ping` message it broadcasts `bench.ping` to the group room through
 * the server's own Socket.IO instance (and so through the Redis adapter when REDIS_URL is set), the bare
 * cost that `inventory.changed` is compared with.
 */
import { rooms } from "@zaiko/common/realtime/events";
import { loadConfig } from "../../backend/src/config";
import { createLogger } from "../../backend/src/lib/logger";
import { createRateLimits } from "../../backend/src/middlewares/rateLimit";
import { startServer } from "../../backend/src/server";
import {
  type FromServer,
  now,
  PING_EVENT,
  type PingPayload,
  type ToServer,
  TurnMeters,
} from "./realtimeProtocol";

/** The slice of a Socket.IO server the hook uses (the bench event is not one of the product's events). */
interface Broadcaster {
  to(room: string): { emit(event: string, payload: PingPayload): boolean };
}

const send = (message: FromServer) => process.send?.(message);

async function main() {
  if (!process.send) throw new Error("realtimeServer.ts is forked by scripts/bench/realtime.ts");
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // The driver signs up and logs in hundreds of users from one address within seconds.
  const rateLimits = createRateLimits({ perEmail: 1_000_000, perIpPerMinute: 1_000_000 });
  const server = await startServer({ config, logger, rateLimits });
  const io = server.deps.realtime.io as unknown as Broadcaster | undefined;
  if (!io) throw new Error("the server has no Socket.IO instance at deps.realtime.io: update this hook");

  const meters = new TurnMeters();
  let emitMs: number[] = [];
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    // The driver's keep-alive connections would hold the graceful close; nothing is in flight that matters.
    setTimeout(() => server.http.closeAllConnections(), 500).unref();
    await server.close().catch(() => undefined);
    process.exit(0);
  };
  process.on("message", (message: ToServer) => {
    switch (message.type) {
      case "ping": {
        const sentAt = now();
        io.to(rooms.group(message.groupId)).emit(PING_EVENT, { id: message.id, sentAt });
        emitMs.push(now() - sentAt);
        break;
      }
      case "memory": {
        (globalThis as { gc?: () => void }).gc?.();
        const { rss, heapUsed, external } = process.memoryUsage();
        send({ type: "memory", memory: { rss, heapUsed, external } });
        break;
      }
      case "measure":
        meters.measure(message.kind);
        emitMs = [];
        break;
      case "turn":
        meters.turn(message.kind);
        break;
      case "settle":
        // After the pings before it: the IPC channel delivers in order, each ping is emitted synchronously.
        send({ type: "settled" });
        break;
      case "lag":
        send({ type: "lag", lag: meters.report(), emitMs });
        break;
      case "stop":
        void stop();
        break;
    }
  });
  // The driver died without saying stop: do not outlive it.
  process.on("disconnect", () => void stop());
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  send({ type: "ready", url: server.url, redis: Boolean(config.redisUrl) });
}

main().catch((err) => {
  send({ type: "failed", error: String(err?.stack ?? err) });
  process.exit(1);
});
