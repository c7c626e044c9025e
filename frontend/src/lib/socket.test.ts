import { json, route, stubFetch } from "../test/http";
import { ACCESS_TOKEN_KEY } from "./token";

/** A stand-in for socket.io's client socket: records calls, lets the test fire events. */
class FakeSocket {
  connected = false;
  connectCalls = 0;
  listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  anyListeners = new Set<(...args: unknown[]) => void>();
  onAny(fn: (...args: unknown[]) => void) {
    this.anyListeners.add(fn);
    return this;
  }
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
  /** An event as socket.io delivers it: the catch-all listeners first, except for its own events. */
  fire(event: string, ...args: unknown[]) {
    if (!["connect", "disconnect", "connect_error"].includes(event))
      for (const fn of this.anyListeners) fn(event, ...args);
    for (const fn of this.listeners.get(event) ?? []) fn(...args);
  }
}

// lib/socket imports socket.io-client when it first connects, outside the test's isolated registry:
// whichever copy of the mock it gets, `io` hands out the current test's fake.
const mockClient = { io: jest.fn() };
jest.mock("socket.io-client", () => ({ io: (...args: unknown[]) => mockClient.io(...args) }));

type SocketModule = typeof import("./socket");
interface Loaded {
  mod: SocketModule;
  fake: FakeSocket;
  io: jest.Mock;
}

/** Each test gets fresh module state (the shared socket is a module singleton). */
function load(): Loaded {
  const fake = new FakeSocket();
  mockClient.io = jest.fn(() => fake);
  let mod: SocketModule | undefined;
  jest.isolateModules(() => {
    mod = require("./socket") as SocketModule;
  });
  return { mod: mod!, fake, io: mockClient.io };
}

/** A fresh module whose socket has been created (connecting with a token). */
async function loadCreated(): Promise<Loaded> {
  const loaded = load();
  sessionStorage.setItem(ACCESS_TOKEN_KEY, "t");
  await loaded.mod.connectSocket();
  return loaded;
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => jest.restoreAllMocks());

describe("shared socket", () => {
  it("connects only with a token, on /socket.io over websocket, sending the current token each time", async () => {
    const { mod, fake, io } = load();
    await mod.connectSocket();
    expect(io).not.toHaveBeenCalled();

    sessionStorage.setItem(ACCESS_TOKEN_KEY, "t1");
    await mod.connectSocket();
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
    // It asks for batched frames (realtime.batch) in the same handshake.
    expect(sent).toEqual([
      { token: "t1", batches: true },
      { token: "t2", batches: true },
    ]);
  });

  it("loads socket.io-client only to connect; handlers subscribed before then get the events", async () => {
    const { mod, fake, io } = load();
    const handler = jest.fn();
    mod.onServerEvent("members.deleted", handler);
    expect(io).not.toHaveBeenCalled();
    expect(mod.currentSocket()).toBeNull();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "t1");
    await mod.connectSocket();
    expect(mod.currentSocket()).toBe(fake);
    fake.fire("members.deleted", { seq: 1, id: 5 });
    expect(handler).toHaveBeenCalledWith({ seq: 1, id: 5 });
  });

  it("does not connect when the session ends while socket.io-client loads", async () => {
    const { mod, fake } = load();
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "t1");
    const connecting = mod.connectSocket();
    mod.disconnectSocket();
    await connecting;
    expect(fake.connectCalls).toBe(0);
    await mod.connectSocket();
    expect(fake.connectCalls).toBe(1);
  });

  it("tells the store and the listeners on every (re)connect", async () => {
    const { mod, fake } = await loadCreated();
    const onConnect = jest.fn();
    const listener = jest.fn();
    mod.configureSocket({ onConnect, onSessionExpired: jest.fn() });
    const off = mod.onSocketConnect(listener);
    fake.fire("connect");
    fake.fire("connect");
    off();
    fake.fire("connect");
    expect(onConnect).toHaveBeenCalledTimes(3);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("tells the store how far the streams had gone once the socket listens, and when it is gone", async () => {
    const { mod, fake } = await loadCreated();
    const onPositions = jest.fn();
    const onDisconnect = jest.fn();
    mod.configureSocket({ onPositions, onDisconnect });
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 12, members: 3 });
    fake.fire("disconnect", "transport close");
    expect(onPositions).toHaveBeenCalledWith({ group: 12, members: 3 });
    expect(onDisconnect).toHaveBeenCalledTimes(1);
  });

  it("delivers typed server events until unsubscribed", async () => {
    const { mod, fake } = await loadCreated();
    const handler = jest.fn();
    const off = mod.onServerEvent("members.deleted", handler);
    fake.fire("members.deleted", { seq: 1, id: 5 });
    off();
    fake.fire("members.deleted", { seq: 2, id: 6 });
    expect(handler).toHaveBeenCalledTimes(1);
    expect(handler).toHaveBeenCalledWith({ seq: 1, id: 5 });
  });

  it("refetches when an event's number shows a gap, and drops a late event already covered", async () => {
    const { mod, fake } = await loadCreated();
    const onGap = jest.fn();
    mod.configureSocket({ onGap });
    const upserts = jest.fn();
    const deletes = jest.fn();
    mod.onServerEvent("items.upserted", upserts);
    mod.onServerEvent("items.deleted", deletes);
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 9, members: 0 });
    fake.fire("items.upserted", { seq: 10, item: { id: 1 } });
    fake.fire("items.deleted", { seq: 11, id: 2 });
    expect(onGap).not.toHaveBeenCalled();
    // 12 and 13 never arrived: the lists refetch, and the event itself is still applied.
    fake.fire("items.upserted", { seq: 14, item: { id: 3 } });
    expect(onGap).toHaveBeenCalledTimes(1);
    expect(upserts).toHaveBeenCalledTimes(2);
    // 13 turns up late (another process emitted it later): the refetch already has it.
    fake.fire("items.upserted", { seq: 13, item: { id: 4 } });
    expect(upserts).toHaveBeenCalledTimes(2);
    expect(onGap).toHaveBeenCalledTimes(1);
  });

  it("handles a realtime.batch's events in order as if each had come alone, numbers checked", async () => {
    const { mod, fake } = await loadCreated();
    const onGap = jest.fn();
    mod.configureSocket({ onGap });
    const seen: string[] = [];
    mod.onServerEvent("inventory.changed", (p) => seen.push(`inventory:${p.seq}`));
    mod.onServerEvent("items.upserted", (p) => seen.push(`upserted:${p.seq}`));
    mod.onServerEvent("stock.changed", (p) => seen.push(`stock:${p.seq}`));
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 9, members: 0 });
    fake.fire("realtime.batch", {
      events: [
        ["inventory.changed", { seq: 11, case_id: 1, rows: [] }],
        ["items.upserted", { seq: 10, item: { id: 1 } }],
        ["members.deleted", { seq: 1, id: 5 }],
        ["stock.changed", { seq: 11, item_ids: [1], from: null, to: null }],
      ],
    });
    // members.deleted has no subscriber here; the others arrive in the batch's order.
    expect(seen).toEqual(["inventory:11", "upserted:10", "stock:11"]);
    expect(onGap).not.toHaveBeenCalled();
    // A batch that skips a number is a gap like any other; one already covered is dropped.
    fake.fire("realtime.batch", {
      events: [
        ["items.upserted", { seq: 10, item: { id: 1 } }],
        ["items.upserted", { seq: 13, item: { id: 2 } }],
      ],
    });
    expect(seen).toEqual(["inventory:11", "upserted:10", "stock:11", "upserted:13"]);
    expect(onGap).toHaveBeenCalledTimes(1);
  });

  it("still applies a late delete of a versioned row, so that the list remembers it", async () => {
    const { mod, fake } = await loadCreated();
    const onGap = jest.fn();
    mod.configureSocket({ onGap });
    const deletes = jest.fn();
    const categoryDeletes = jest.fn();
    mod.onServerEvent("orderitems.deleted", deletes);
    mod.onServerEvent("categories.deleted", categoryDeletes);
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 0, members: 0 });
    fake.fire("categories.deleted", { seq: 1, id: 9 });
    fake.fire("orderitems.deleted", { seq: 3, id: 7, work_case: 1 });
    expect(onGap).toHaveBeenCalledTimes(1);
    // 2 arrives after 3: the refetch no longer has the row, but an upsert of it committed before this
    // delete may still come with a higher number; only the remembered delete keeps it out.
    fake.fire("orderitems.deleted", { seq: 2, id: 1, work_case: 1 });
    expect(deletes).toHaveBeenLastCalledWith({ seq: 2, id: 1, work_case: 1 });
    expect(deletes).toHaveBeenCalledTimes(2);
    // A category's delete is as final; other late events stay dropped, as does one number seen twice.
    fake.fire("categories.deleted", { seq: 2, id: 8 });
    expect(categoryDeletes).toHaveBeenCalledTimes(2);
    const upserts = jest.fn();
    mod.onServerEvent("categories.upserted", upserts);
    fake.fire("categories.upserted", { seq: 2, category: { id: 5 } });
    expect(upserts).not.toHaveBeenCalled();
    expect(onGap).toHaveBeenCalledTimes(1);
  });

  it("counts afresh from each connection's positions (what they cover, the store rereads)", async () => {
    const { mod, fake } = await loadCreated();
    const onGap = jest.fn();
    mod.configureSocket({ onGap });
    const handler = jest.fn();
    mod.onServerEvent("workcases.deleted", handler);
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 2, members: 0 });
    fake.fire("workcases.deleted", { seq: 3, id: 1 });
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 39, members: 0 });
    fake.fire("workcases.deleted", { seq: 40, id: 2 });
    expect(onGap).not.toHaveBeenCalled();
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("takes the positions, not the first event, as the start: a lower number delivered later is covered", async () => {
    const { mod, fake } = await loadCreated();
    const onGap = jest.fn();
    mod.configureSocket({ onGap });
    const upserts = jest.fn();
    mod.onServerEvent("orderitems.upserted", upserts);
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 6, members: 0 });
    // Process B's 8 overtakes process A's 7. Counted from 8 (the first event), 7 would be dropped as late
    // with nothing reread; counted from 6, 8 is a jump and the stream is reread, which holds 7.
    fake.fire("orderitems.upserted", { seq: 8, order_item: { id: 2 } });
    expect(onGap).toHaveBeenCalledWith("group");
    fake.fire("orderitems.upserted", { seq: 7, order_item: { id: 1 } });
    expect(upserts).toHaveBeenCalledTimes(1);
  });

  it("applies events before the positions arrive; told none, counts from the first event after 5 s", async () => {
    jest.useFakeTimers();
    try {
      const { mod, fake } = await loadCreated();
      const onGap = jest.fn();
      mod.configureSocket({ onGap });
      const upserts = jest.fn();
      mod.onServerEvent("items.upserted", upserts);
      fake.fire("connect");
      fake.fire("items.upserted", { seq: 8, item: { id: 2 } });
      fake.fire("items.upserted", { seq: 7, item: { id: 1 } });
      expect(upserts).toHaveBeenCalledTimes(2);
      expect(onGap).not.toHaveBeenCalled();
      jest.advanceTimersByTime(5_000);
      // No positions: both streams are reread, and numbers are checked from the next event on.
      expect(onGap.mock.calls).toEqual([["group"], ["members"]]);
      fake.fire("items.upserted", { seq: 20, item: { id: 3 } });
      fake.fire("items.upserted", { seq: 22, item: { id: 4 } });
      expect(onGap).toHaveBeenCalledTimes(3);
    } finally {
      jest.useRealTimers();
    }
  });

  it("checks the member stream only for owners, and never inventory.changed", async () => {
    const { mod, fake } = await loadCreated();
    const onGap = jest.fn();
    let owner = false;
    mod.configureSocket({ onGap, receivesAllMembers: () => owner });
    mod.onServerEvent("members.upserted", jest.fn());
    mod.onServerEvent("inventory.changed", jest.fn());
    fake.fire("connect");
    fake.fire("realtime.positions", { group: 0, members: 9 });
    fake.fire("members.upserted", { seq: 1, user: { id: 1 } });
    fake.fire("members.upserted", { seq: 9, user: { id: 1 } });
    fake.fire("inventory.changed", { seq: 100, case_id: 1, rows: [] });
    fake.fire("inventory.changed", { seq: 300, case_id: 1, rows: [] });
    expect(onGap).not.toHaveBeenCalled();
    owner = true;
    fake.fire("members.upserted", { seq: 10, user: { id: 1 } });
    fake.fire("members.upserted", { seq: 12, user: { id: 1 } });
    expect(onGap).toHaveBeenCalledTimes(1);
  });

  it("gives every subscriber of one event the same event", async () => {
    const { mod, fake } = await loadCreated();
    const first = jest.fn();
    const second = jest.fn();
    mod.onServerEvent("categories.deleted", first);
    mod.onServerEvent("categories.deleted", second);
    fake.fire("connect");
    fake.fire("categories.deleted", { seq: 1, id: 1 });
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it("on an unauthorized handshake refreshes the token once and reconnects", async () => {
    const { mod, fake } = load();
    const onSessionExpired = jest.fn();
    mod.configureSocket({ onConnect: jest.fn(), onSessionExpired });
    sessionStorage.setItem(ACCESS_TOKEN_KEY, "old");
    const { requests } = stubFetch(() => json(200, { access: "fresh" }));
    await mod.connectSocket();

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
    await mod.connectSocket();

    fake.fire("connect_error", new Error("websocket error"));
    await flush();
    expect(requests).toHaveLength(0);

    fake.fire("connect_error", new Error("unauthorized"));
    await flush();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fake.connectCalls).toBe(1);
  });
});
