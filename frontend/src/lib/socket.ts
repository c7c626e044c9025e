/**
 * The one shared socket: connected after login or a restored session (connectSocket), disconnected on
 * logout or expiry, wired to the store once (configureSocket, app/store.ts), and the one place where server
 * events are received, their numbers checked (common/realtime/sequence.ts) and handed to the handlers that
 * onServerEvent recorded. The first chunk imports it (login, restore, logout); socket.io-client itself is
 * imported only when a session first connects (see createSocket), so /login does not download it.
 */
import type {
  ClientToServerEvents,
  EventStream,
  ServerEventName,
  ServerEventPayload,
  ServerToClientEvents,
} from "@zaiko/common/realtime/events";
import { BATCHES_AUTH_FIELD, streamOf, UNAUTHORIZED } from "@zaiko/common/realtime/events";
import { STREAMS, type StreamPositions } from "@zaiko/common/realtime/positions";
import { admit } from "@zaiko/common/realtime/sequence";
import type { Socket } from "socket.io-client";
import { getApiOrigin } from "./config";
import { getAccessToken } from "./token";
import { refreshAccessToken } from "./tokenRefresh";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

interface SocketHooks {
  /** Called on every (re)connect. */
  onConnect: () => void;
  /**
   * Called once a (re)connected socket has joined its rooms, with how far each stream had gone: what was
   * loaded before and is behind that may have missed events, and should refetch (lib/streamPositions.ts).
   */
  onPositions: (positions: StreamPositions) => void;
  /** Called when the socket is gone (until the next onPositions, answers cannot be compared). */
  onDisconnect: () => void;
  /**
   * Called when events of a stream may have been missed: an event's number shows that earlier ones never
   * arrived, or the server says that an app process died before it published what it had committed
   * (`realtime.resync`). What the screen shows of that stream should refetch.
   */
  onGap: (stream: EventStream) => void;
  /** Called when the server refuses the session even after a refresh, with why. */
  onSessionExpired: (reason: "expired" | "membershipEnded") => void;
  /** Whether this user receives the whole member stream (owners); staff only hear of themselves. */
  receivesAllMembers: () => boolean;
}

type Handler = (payload: unknown) => void;

/*
 * socket.io-client (13 KiB compressed) is imported when the first connection is made, not with the
 * first chunk or the screens: every live list records its handlers (onServerEvent) as soon as its cache
 * entry exists, which may be before the socket does; the socket delivers to them once it is connected.
 */
let socket: AppSocket | null = null;
let creating: Promise<AppSocket> | null = null;
/** Whether the socket should be connected: a disconnect while socket.io-client loads wins over the connect before it. */
let wanted = false;
const noHooks: SocketHooks = {
  onConnect: () => {},
  onPositions: () => {},
  onDisconnect: () => {},
  onGap: () => {},
  onSessionExpired: () => {},
  receivesAllMembers: () => false,
};
let hooks = noHooks;
let refreshTried = false;
const connectListeners = new Set<() => void>();
const disconnectListeners = new Set<() => void>();
/** The handlers of each event; the socket's one catch-all listener checks the number first. */
const handlers = new Map<ServerEventName, Set<Handler>>();
/** The last number seen per stream on this connection, counted from the positions the server sent. */
const lastSeq = new Map<EventStream, number>();
/**
 * Whether numbers are checked yet. A connection counts from the positions the server sends once the socket
 * listens: taken from the first event instead, a lower-numbered event delivered after it (another
 * process's) would look late and be dropped, with no refetch that holds it. Until then events are applied
 * as they come; what the positions cover, the store rereads (lib/streamPositions.ts).
 */
let counting = false;
let positionsDue: ReturnType<typeof setTimeout> | undefined;
/** A connection that is told no positions (a server that sends none) counts from its first event. */
const POSITIONS_WAIT_MS = 5_000;

/**
 * Decides whether an event is applied (common/realtime/sequence.ts): a number beyond the next one means
 * events were missed (refetch, then go on from this one); a number already seen means it is late, and the
 * refetch that its successor's gap caused already contains it, so it is dropped rather than applied over
 * newer data, unless it deletes a versioned row (the client must remember that delete).
 */
function isNews(event: ServerEventName, payload: unknown): boolean {
  const stream = streamOf(event);
  const seq = (payload as { seq?: unknown } | null)?.seq;
  if (stream === null || typeof seq !== "number") return true;
  if (stream === "members" && !hooks.receivesAllMembers()) return true;
  if (!counting) return true;
  const { apply, gap, last } = admit(event, seq, lastSeq.get(stream));
  lastSeq.set(stream, last);
  if (gap) hooks.onGap(stream);
  return apply;
}

function dispatch(event: ServerEventName, payload: unknown): void {
  if (!isNews(event, payload)) return;
  for (const handler of handlers.get(event) ?? []) handler(payload);
}

/** Wires the socket to the store (app/ does this once; lib/ cannot import the store). */
export function configureSocket(next: Partial<SocketHooks>): void {
  hooks = { ...noHooks, ...next };
}

/** The shared socket once the first connect has created it (null before): for emitting. */
export function currentSocket(): AppSocket | null {
  return socket;
}

/** Creates the one shared socket (not connected yet), importing socket.io-client. */
async function createSocket(): Promise<AppSocket> {
  const { io } = await import("socket.io-client");
  const created: AppSocket = io(getApiOrigin(), {
    path: "/socket.io",
    transports: ["websocket"],
    autoConnect: false,
    // A function, so every reconnect sends the token stored at that moment, not the first one. A fan-out's
    // events come as one realtime.batch frame (docs/realtime.md): one message to decode, not one per event.
    auth: (cb) => cb({ token: getAccessToken(), [BATCHES_AUTH_FIELD]: true }),
  });
  created.on("connect", () => {
    refreshTried = false;
    // A new connection starts a new count, from its positions; what was missed is refetched then.
    lastSeq.clear();
    counting = false;
    clearTimeout(positionsDue);
    positionsDue = setTimeout(() => {
      if (counting) return;
      counting = true;
      hooks.onGap("group");
      hooks.onGap("members");
    }, POSITIONS_WAIT_MS);
    hooks.onConnect();
    for (const listener of connectListeners) listener();
  });
  created.on("realtime.positions", (positions) => {
    clearTimeout(positionsDue);
    for (const stream of STREAMS) lastSeq.set(stream, positions[stream]);
    counting = true;
    hooks.onPositions(positions);
  });
  // An app process died between a commit and its publish: its events will never come (docs/realtime.md).
  created.on("realtime.resync", ({ streams }) => {
    for (const stream of streams) {
      if (stream === "members" && !hooks.receivesAllMembers()) continue;
      hooks.onGap(stream);
    }
  });
  created.on("connect_error", (error) => {
    // Transport errors are retried by socket.io itself; a refused handshake is not.
    if (error.message !== UNAUTHORIZED) return;
    if (refreshTried) {
      hooks.onSessionExpired("expired");
      return;
    }
    refreshTried = true;
    void renewAndReconnect(created);
  });
  // Every server event goes through one listener, which checks its number (isNews) first.
  created.onAny((event: ServerEventName, payload: unknown) => {
    if (handlers.has(event)) dispatch(event, payload);
  });
  // A batch's events, each handled in order as if it had come alone.
  created.on("realtime.batch", ({ events }) => {
    for (const [event, payload] of events) if (handlers.has(event)) dispatch(event, payload);
  });
  created.on("disconnect", (reason) => {
    clearTimeout(positionsDue);
    hooks.onDisconnect();
    for (const listener of disconnectListeners) listener();
    // The server closes a socket on purpose when its member is deactivated or deleted: find out from the
    // refresh call, which tells a deactivated member so, rather than waiting for the next request.
    if (reason === "io server disconnect") void renewAndReconnect(created);
  });
  socket = created;
  return created;
}

/** A refused or closed socket: refresh, then reconnect, or end the session if the server refused it. */
async function renewAndReconnect(target: AppSocket): Promise<void> {
  const outcome = await refreshAccessToken();
  if (outcome.ok) target.connect();
  else if (outcome.ended) hooks.onSessionExpired(outcome.ended);
  else {
    // No answer (offline, server restarting): try the handshake again a little later.
    refreshTried = false;
    setTimeout(() => {
      if (getAccessToken() && !target.connected) target.connect();
    }, RETRY_AFTER_NO_ANSWER_MS);
  }
}

const RETRY_AFTER_NO_ANSWER_MS = 5_000;

/** Connects when a token exists (after login or a restored session); resolves once connecting has started. */
export async function connectSocket(): Promise<void> {
  if (!getAccessToken()) return;
  wanted = true;
  // socket.io-client could not be fetched (offline): the next connect (login, a restored session) tries again.
  creating ??= createSocket().catch((error: unknown) => {
    creating = null;
    throw error;
  });
  let s: AppSocket;
  try {
    s = await creating;
  } catch (error) {
    console.error("socket.io-client did not load", error);
    return;
  }
  if (wanted && getAccessToken() && !s.connected) s.connect();
}

/** Disconnects on logout or session expiry; listeners stay registered for the next session. */
export function disconnectSocket(): void {
  wanted = false;
  socket?.disconnect();
}

/**
 * Subscribes to one typed server event; returns the unsubscribe function. Live lists subscribe through
 * lib/liveCache.ts (subscribeWhileCached) when their cache entry is added, before its first answer, and
 * unsubscribe when it is removed. Works before the socket exists: the handler is recorded, and the socket
 * delivers to it once connected.
 */
export function onServerEvent<E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): () => void {
  let set = handlers.get(event);
  if (!set) {
    set = new Set();
    handlers.set(event, set);
  }
  const entry = handler as Handler;
  set.add(entry);
  return () => {
    set.delete(entry);
  };
}

/** Runs `listener` on every (re)connect; returns the unsubscribe function. */
export function onSocketConnect(listener: () => void): () => void {
  connectListeners.add(listener);
  return () => {
    connectListeners.delete(listener);
  };
}

/** Runs `listener` whenever the socket is gone; returns the unsubscribe function. */
export function onSocketDisconnect(listener: () => void): () => void {
  disconnectListeners.add(listener);
  return () => {
    disconnectListeners.delete(listener);
  };
}
