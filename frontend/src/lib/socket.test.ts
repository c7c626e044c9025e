import { json, route, stubFetch } from "../test/http";
import { ACCESS_TOKEN_KEY } from "./token";

/** A stand-in for socket.io's client socket: records calls, lets the test fire events. */
class FakeSocket {
  connected = false;
  connectCalls = 0;
  listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  on(event: string, fn: (...args: unknown[]) => void) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(fn);
    this.listeners.set(event, set);
    return this;
  }
  off(event: string, fn: (...args: unknown[]) => void) {
    this.listeners.get(event)?.delete(fn);
    return this;
  }
  connect() {
    this.connectCalls += 1;
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  fire(event: string, ...args: unknown[]) {
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
}

jest.mock("socket.io-client", () => {
  const socket = new FakeSocket();
  return { io: jest.fn(() => socket), socket };
});

type SocketModule = typeof import("./socket");
interface Loaded {
  mod: SocketModule;
  fake: FakeSocket;
  io: jest.Mock;
}

/** Each test gets fresh module state (the shared socket is a module singleton). */
function load(): Loaded {
  let loaded: Loaded | undefined;
  jest.isolateModules(() => {
    const client = require("socket.io-client") as { io: jest.Mock; socket: FakeSocket };
    loaded = { mod: require("./socket") as SocketModule, fake: client.socket, io: client.io };
  });
  return loaded!;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => jest.restoreAllMocks());

describe("shared socket", () => {
  it("connects only with a token, on /socket.io over websocket, sending the current token each time", () => {
    const { mod, fake, io } = load();
    mod.connectSocket();
    expect(io).not.toHaveBeenCalled();

    sessionStorage.setItem(ACCESS_TOKEN_KEY, "t1");
    mod.connectSocket();
    expect(fake.connectCalls).toBe(1);
    const options = io.mock.calls[0]?.[1] as {
      path: string;
      transports: string[];
      auth: (cb: (d: object) => void) => void;
    };
    expect(options.path).toBe("/socket.io");
    expect(options.transports).toEqual(["websocket"]);

    const sent: object[] = [];
    options.auth((d) => sent.push(d));
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "t2");
    options.auth((d) => sent.push(d));
    expect(sent).toEqual([{ token: "t1" }, { token: "t2" }]);
  });

  it("tells the store and the listeners on every (re)connect", () => {
    const { mod, fake } = load();
    const onConnect = jest.fn();
    const listener = jest.fn();
    mod.configureSocket({ onConnect, onSessionExpired: jest.fn() });
    mod.getSocket();
    const off = mod.onSocketConnect(listener);
    fake.fire("connect");
    fake.fire("connect");
    off();
    fake.fire("connect");
    expect(onConnect).toHaveBeenCalledTimes(3);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("delivers typed server events until unsubscribed", () => {
    const { mod, fake } = load();
    const handler = jest.fn();
    const off = mod.onServerEvent("members.deleted", handler);
    fake.fire("members.deleted", { seq: 1, id: 5 });
    off();
    fake.fire("members.deleted", { seq: 2, id: 6 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ seq: 1, id: 5 });
  });

  it("on an unauthorized handshake refreshes the token once and reconnects", async () => {
    const { mod, fake } = load();
    const onSessionExpired = jest.fn();
    mod.configureSocket({ onConnect: jest.fn(), onSessionExpired });
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    const { requests } = stubFetch(() => json(200, { access: "fresh" }));
    mod.connectSocket();

    fake.fire("connect_error", new Error("unauthorized"));
    await flush();
    expect(requests.map(route)).toEqual(["POST /api/token/refresh/"]);
    expect(sessionStorage.getItem(ACCESS_TOKEN_KEY)).toBe("fresh");
    expect(fake.connectCalls).toBe(2);

    // Still refused with the fresh token: the session is over.
    fake.fire("connect_error", new Error("unauthorized"));
    await flush();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(requests).toHaveLength(1);
  });

  it("ends the session when the refresh fails, and ignores transport errors", async () => {
    const { mod, fake } = load();
    const onSessionExpired = jest.fn();
    mod.configureSocket({ onConnect: jest.fn(), onSessionExpired });
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    jest.spyOn(console, "error").mockImplementation(() => {});
    const { requests } = stubFetch(() => json(401, {}));
    mod.connectSocket();

    fake.fire("connect_error", new Error("websocket error"));
    await flush();
    expect(requests).toHaveLength(0);

    fake.fire("connect_error", new Error("unauthorized"));
    await flush();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fake.connectCalls).toBe(1);
  });
});
