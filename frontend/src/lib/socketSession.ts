/**
 * Connecting and disconnecting the shared socket from the code of the first screen, without the socket
 * module (lib/socket.ts, with the event streams' checks) in the first download: it is imported when a
 * session first connects, by which time the signed-in screen's chunks load anyway (and it imports
 * socket.io-client itself then). The login form never needs it.
 */
import type { configureSocket as ConfigureSocket } from "./socket";

type SocketModule = typeof import("./socket");
type Hooks = Parameters<typeof ConfigureSocket>[0];

let loaded: SocketModule | undefined;
let loading: Promise<SocketModule> | undefined;
let hooks: Hooks = {};
/** Whether the socket should be connected: a logout while the module loads wins over the connect before it. */
let wanted = false;

function load(): Promise<SocketModule> {
  loading ??= import("./socket").then((module) => {
    module.configureSocket(hooks);
    loaded = module;
    return module;
  });
  return loading;
}

/** Wires the socket to the store (app/store.ts); taken over when the socket module loads. */
export function configureSocket(next: Hooks): void {
  hooks = next;
  loaded?.configureSocket(next);
}

/** Connects when a token exists (after login or a restored session). */
export function connectSocket(): void {
  wanted = true;
  void load().then((module) => {
    if (wanted) void module.connectSocket();
  });
}

/** Disconnects on logout or session expiry. */
export function disconnectSocket(): void {
  wanted = false;
  loaded?.disconnectSocket();
}
