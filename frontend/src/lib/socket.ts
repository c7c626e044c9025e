import type {
  ClientToServerEvents,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from "@zaiko/common/realtime/events";
import { UNAUTHORIZED } from "@zaiko/common/realtime/events";
import { io, type Socket } from "socket.io-client";
import { getApiOrigin } from "./config";
import { getAccessToken } from "./token";
import { refreshAccessToken } from "./tokenRefresh";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketHooks {
  /** Called on every (re)connect: events may have been missed, so caches should refetch. */
  onConnect: () => void;
  /** Called when the server refuses the session even after a refresh. */
  onSessionExpired: () => void;
}

let socket: AppSocket | null = null;
let hooks: SocketHooks = { onConnect: () => {}, onSessionExpired: () => {} };
let refreshTried = false;
const connectListeners = new Set<() => void>();

/** Wires the socket to the store (app/ does this once; lib/ cannot import the store). */
export function configureSocket(next: SocketHooks): void {
  hooks = next;
}

/** The one shared socket, created on first use and never connected by itself. */
export function getSocket(): AppSocket {
  if (socket) return socket;
  const created: AppSocket = io(getApiOrigin(), {
    path: "/socket.io",
    transports: ["websocket"],
    autoConnect: false,
    // A function, so every reconnect sends the token stored at that moment, not the first one.
    auth: (cb) => cb({ token: getAccessToken() }),
  });
  created.on("connect", () => {
    refreshTried = false;
    hooks.onConnect();
    for (const listener of connectListeners) listener();
  });
  created.on("connect_error", (error) => {
    // Transport errors are retried by socket.io itself; a refused handshake is not.
    if (error.message !== UNAUTHORIZED) return;
    if (refreshTried) {
      hooks.onSessionExpired();
      return;
    }
    refreshTried = true;
    void refreshAccessToken().then((token) => {
      if (token) created.connect();
      else hooks.onSessionExpired();
    });
  });
  socket = created;
  return created;
}

/** Connects when a token exists (after login or a restored session). */
export function connectSocket(): void {
  if (!getAccessToken()) return;
  const s = getSocket();
  if (!s.connected) s.connect();
}

/** Disconnects on logout or session expiry; listeners stay registered for the next session. */
export function disconnectSocket(): void {
  socket?.disconnect();
}

/**
 * Subscribes to one typed server event; returns the unsubscribe function. Meant for RTK Query's
 * onCacheEntryAdded: subscribe after cacheDataLoaded, unsubscribe after cacheEntryRemoved.
 */
export function onServerEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): () => void {
  const s = getSocket();
  // socket.io's typed `on` cannot resolve a generic event name; the signature above keeps callers typed.
  const listener = handler as unknown as ServerToClientEvents[E];
  (s.on as (ev: E, fn: ServerToClientEvents[E]) => AppSocket)(event, listener);
  return () => {
    (s.off as (ev: E, fn: ServerToClientEvents[E]) => AppSocket)(event, listener);
  };
}

/** Runs `listener` on every (re)connect; returns the unsubscribe function. */
export function onSocketConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
  };
}
