import {
  BATCHES_AUTH_FIELD,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from "@zaiko/common/realtime/events";
import { io, type Socket } from "socket.io-client";
import type { RunningServer } from "../server";

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A socket.io client over websocket only, without automatic reconnection (tests drive it). */
export function openSocket(
  server: RunningServer,
  token: string | undefined,
  extraHeaders: Record<string, string> = {},
): ClientSocket {
  return io(server.url, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: token === undefined ? {} : { token },
    extraHeaders,
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
}

/** A socket that asks for `realtime.batch` frames in its handshake, as the web client does. */
export function openBatchingSocket(server: RunningServer, token: string): ClientSocket {
  return io(server.url, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token, [BATCHES_AUTH_FIELD]: true },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
}

/**
 * Every event a socket receives from now on, in order, with a `realtime.batch` frame's events each on its
 * own (as the web client handles them); `frames` counts the batch frames.
 */
export function recordUnbatched(socket: ClientSocket): { events: [string, unknown][]; frames: number } {
  const seen = { events: [] as [string, unknown][], frames: 0 };
  socket.onAny((event: string, payload: unknown) => {
    if (event !== "realtime.batch") {
      seen.events.push([event, payload]);
      return;
    }
    seen.frames++;
    for (const inner of (payload as { events: [string, unknown][] }).events) seen.events.push(inner);
  });
  return seen;
}

/** Resolves once connected; rejects with the connect_error. */
export function connected(socket: ClientSocket): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}

/** Connects with a token and waits for the handshake to succeed. */
export const connect = (server: RunningServer, token: string) => connected(openSocket(server, token));

/** The error of a refused handshake. */
export function refusal(socket: ClientSocket): Promise<Error> {
  return new Promise((resolve, reject) => {
    socket.once("connect", () => reject(new Error("the handshake was accepted")));
    socket.once("connect_error", resolve);
  });
}

/** Everything a socket receives, per event name, from now on. */
export function record(socket: ClientSocket): Map<string, unknown[]> {
  const seen = new Map<string, unknown[]>();
  socket.onAny((event: string, payload: unknown) => {
    const list = seen.get(event) ?? [];
    list.push(payload);
    seen.set(event, list);
  });
  return seen;
}

/** The next `event` on the socket that satisfies `match`, or a rejection after `ms`. */
export function nextEvent<T = unknown>(
  socket: ClientSocket,
  event: string,
  match: (payload: T) => boolean = () => true,
  ms = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.offAny(listener);
      reject(new Error(`no "${event}" within ${ms} ms`));
    }, ms);
    const listener = (name: string, payload: T) => {
      if (name !== event || !match(payload)) return;
      clearTimeout(timer);
      socket.offAny(listener);
      resolve(payload);
    };
    socket.onAny(listener);
  });
}

/** Resolves with the reason when the socket is disconnected, or rejects after `ms`. */
export function disconnection(socket: ClientSocket, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not disconnected within ${ms} ms`)), ms);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Gives in-flight emits to other sockets time to arrive before asserting that they did not. */
export const settle = (ms = 200) => new Promise((resolve) => setTimeout(resolve, ms));
