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
/** The group stream's number the fake server answers `case.watch` with (the real one reads it after the join). */
let caseWatchSeq = 0;

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
    if (event === "case.watch" && typeof ack === "function") ack({ ok: true, seq: caseWatchSeq });
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

/** Makes the next `case.watch` answers say that the group stream had reached `seq` once the room was joined. */
export function answerCaseWatchAt(seq: number): void {
  caseWatchSeq = seq;
}

export function resetFakeSocket(): void {
  listeners.clear();
  connectListeners.clear();
  emitted.length = 0;
  caseWatchSeq = 0;
}
