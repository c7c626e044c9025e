import { createAdapter } from "@socket.io/redis-adapter";
import { createClient } from "redis";
import type { Logger } from "../lib/logger";
import type { AppServer } from "./realtime";

/**
 * Shares Socket.IO rooms between app processes through Redis pub/sub, so an event published by one
 * process reaches sockets connected to another. Clients use the websocket transport only, so no sticky
 * sessions are needed. If Redis goes away, node-redis keeps reconnecting in the background: HTTP keeps
 * working, each process still reaches its own sockets, and cross-process delivery resumes on reconnect
 * (clients refetch on their own reconnects, see docs/operations.md). The channels are named by `key`
 * (config.realtimeChannelKey), so only processes of one deployment share rooms.
 */
export async function useRedisAdapter(
  io: AppServer,
  url: string,
  key: string,
  logger: Logger,
): Promise<() => Promise<void>> {
  const reconnectStrategy = (retries: number) => Math.min(100 * 2 ** retries, 5_000);
  // No offline queue: events published while Redis is down are dropped rather than delivered late and
  // out of order after it returns (clients refetch on reconnect instead).
  const pub = createClient({
    url,
    disableOfflineQueue: true,
    socket: { reconnectStrategy, connectTimeout: 5_000 },
  });
  const sub = pub.duplicate();
  let lastWarning = 0;
  const onError = (err: Error) => {
    // A down Redis emits an error per reconnect attempt: log at most every 10 s.
    if (Date.now() - lastWarning > 10_000) {
      lastWarning = Date.now();
      logger.warn({ err: err.message }, "redis adapter connection error");
    }
  };
  pub.on("error", onError);
  sub.on("error", onError);
  // connect() keeps retrying while Redis is down; start-up waits a little, then goes on without it.
  const connected = Promise.all([pub.connect(), sub.connect()]);
  connected.catch((err) => logger.warn({ err: (err as Error).message }, "redis adapter gave up connecting"));
  const ready = await Promise.race([
    connected.then(() => true),
    new Promise((r) => setTimeout(() => r(false), 3_000)),
  ]);
  io.adapter(createAdapter(publishWithoutThrowing(pub, onError), sub, { key }));
  logger.info({ connected: ready }, "socket.io redis adapter enabled");
  return async () => {
    await Promise.allSettled([pub.quit(), sub.quit()]);
  };
}

/**
 * The adapter does not await its publishes, so a publish refused while Redis is down would be an
 * unhandled rejection that ends the process. This view of the client reports the failure instead (the
 * event still reached this process's own sockets; others refetch after they reconnect).
 */
function publishWithoutThrowing<C extends object>(client: C, onError: (err: Error) => void): C {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== "function") return value;
      if (prop === "publish" || prop === "sPublish") {
        return (...args: unknown[]) =>
          Promise.resolve(value.apply(target, args)).catch((err: Error) => {
            onError(err);
            return 0;
          });
      }
      return value.bind(target);
    },
  });
}
