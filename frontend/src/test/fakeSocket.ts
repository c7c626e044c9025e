import { act } from "@testing-library/react";

/**
 * A stand-in for lib/socket in component tests: `jest.mock("../../lib/socket", () =>
 * require("../../test/fakeSocket").socketModule)`. Tests push server events with `serverEmit`,
 * see what the client emitted in `emitted`, and simulate a reconnect with `reconnect`.
 */
type Listener = (...args: unknown[]) => void;

const listeners = new Map<string, Set<Listener>>();
const connectListeners = new Set<() => void>();
export const emitted: unknown[][] = [];

const socket = {
  connected: true,
  on(event: string, fn: Listener) {
    const set = listeners.get(event) ?? new Set();
    set.add(fn);
    listeners.set(event, set);
    return socket;
  },
  off(event: string, fn: Listener) {
    listeners.get(event)?.delete(fn);
    return socket;
  },
  emit(event: string, ...args: unknown[]) {
    emitted.push([event, ...args]);
    const ack = args[args.length - 1];
    if (event === "case.watch" && typeof ack === "function") ack({ ok: true });
    return socket;
  },
};

export const socketModule = {
  currentSocket: () => socket,
  onServerEvent: (event: string, fn: Listener) => {
    socket.on(event, fn);
    return () => socket.off(event, fn);
  },
  onSocketConnect: (fn: () => void) => {
    connectListeners.add(fn);
    return () => connectListeners.delete(fn);
  },
  // The real module calls these on the socket's "disconnect" (serverEmit("disconnect", …) here).
  onSocketDisconnect: (fn: () => void) => {
    socket.on("disconnect", fn);
    return () => socket.off("disconnect", fn);
  },
  connectSocket: () => {},
  disconnectSocket: () => {},
  configureSocket: () => {},
};

/** Delivers a server event to every subscriber, inside act(). */
export function serverEmit(event: string, payload: unknown): void {
  act(() => {
    for (const fn of [...(listeners.get(event) ?? [])]) fn(payload);
  });
}

/** Runs the reconnect listeners, as the real socket does after every (re)connect. */
export function reconnect(): void {
  act(() => {
    for (const fn of [...connectListeners]) fn();
  });
}

/** Number of subscribers of an event (to check that pages unsubscribe). */
export function listenerCount(event: string): number {
  return listeners.get(event)?.size ?? 0;
}

export function resetFakeSocket(): void {
  listeners.clear();
  connectListeners.clear();
  emitted.length = 0;
}
