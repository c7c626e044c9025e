import type { ServerEventName } from "@zaiko/common/realtime/events";
import { createLogger } from "../lib/logger";
import { Outbox, type Outgoing, type SocketsView } from "./outbox";

const logger = createLogger("silent");

/**
 * Sockets in rooms, each also in the room of its own id as with Socket.IO, and every write in order: which
 * sockets, which events (a batch frame unpacked).
 */
function fakeSockets(rooms: Record<string, string[]>) {
  const map = new Map(Object.entries(rooms).map(([room, ids]) => [room, new Set(ids)]));
  for (const id of Object.values(rooms).flat()) map.set(id, new Set([id]));
  const writes: { ids: string[]; events: string[] }[] = [];
  const view: SocketsView = {
    rooms: () => map,
    emit: (ids, event, payload) => {
      const events =
        event === "realtime.batch"
          ? (payload as { events: [string, { name: string }][] }).events.map(([, p]) => p.name)
          : [(payload as { name: string }).name];
      writes.push({ ids: [...ids], events });
    },
  };
  /** What one socket got, in order. */
  const got = (id: string) => writes.filter((w) => w.ids.includes(id)).flatMap((w) => w.events);
  /** The index of the first write to a socket. */
  const firstWrite = (id: string) => writes.findIndex((w) => w.ids.includes(id));
  /** The socket disconnects: it leaves every room. */
  const disconnect = (id: string) => {
    map.delete(id);
    for (const members of map.values()) members.delete(id);
  };
  return { view, writes, got, firstWrite, disconnect };
}

const event = (name: string, room: string, kind: ServerEventName = "items.upserted"): Outgoing => ({
  rooms: [room],
  event: kind,
  payload: { name },
});

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe("the outbox's rounds of writes", () => {
  it("writes an emit queued during a round to the sockets still ahead in that round, and to the others in the next, once each and in order", async () => {
    const group = ids("s", 6);
    const sockets = fakeSockets({ group });
    const outbox = new Outbox(() => sockets.view, new Set(group), { logger, sliceSize: 2 });
    outbox.push([event("A", "group")]);
    // B is queued once the first slice (s1, s2) has been written, before the second.
    const first = new Promise<void>((resolve) => {
      const emit = sockets.view.emit;
      sockets.view.emit = (...args) => {
        emit(...args);
        sockets.view.emit = emit;
        setImmediate(() => {
          outbox.push([event("B", "group")]);
          resolve();
        });
      };
    });
    await first;
    await outbox.idle();
    for (const id of group) expect(sockets.got(id)).toEqual(["A", "B"]);
    // s3 to s6 got both in one frame in the first round; s1 and s2 got B in a second one.
    expect(sockets.writes.map((w) => `${w.ids.join(",")}:${w.events.join("+")}`)).toEqual([
      "s1,s2:A",
      "s3,s4:A+B",
      "s5,s6:A+B",
      "s1,s2:B",
    ]);
  });

  it("writes a small room's emit queued behind a long round at the next slice, not after the round", async () => {
    const big = ids("s", 10);
    const sockets = fakeSockets({ big, small: ["t1"] });
    const outbox = new Outbox(() => sockets.view, new Set(), { logger, sliceSize: 2 });
    outbox.push([event("A", "big")]);
    await new Promise((resolve) => setImmediate(resolve)); // the round starts: s1, s2
    outbox.push([event("C", "small")]);
    await outbox.idle();
    expect(sockets.got("t1")).toEqual(["C"]);
    for (const id of big) expect(sockets.got(id)).toEqual(["A"]);
    // Control: written after the round's other sockets, t1 would come after s10.
    expect(sockets.firstWrite("t1")).toBeLessThan(sockets.firstWrite("s3"));
  });

  it("puts inventory.changed first in each socket's frame, and keeps the order of each lane", async () => {
    const sockets = fakeSockets({ case: ["w1", "w2"] });
    const outbox = new Outbox(() => sockets.view, new Set(["w1"]), { logger, sliceSize: 200 });
    outbox.push([event("E1", "case"), event("E2", "case")]);
    outbox.push([event("U1", "case", "inventory.changed")], true);
    outbox.push([event("U2", "case", "inventory.changed")], true);
    await outbox.idle();
    expect(sockets.got("w1")).toEqual(["U1", "U2", "E1", "E2"]); // one batch frame
    expect(sockets.got("w2")).toEqual(["U1", "U2", "E1", "E2"]); // the same, one emit each
    expect(sockets.writes.filter((w) => w.ids.includes("w1"))).toHaveLength(1);
  });

  it("writes nothing to a socket that already has everything queued", async () => {
    const sockets = fakeSockets({ a: ["x1", "x2"], b: ["x2"] });
    const outbox = new Outbox(() => sockets.view, new Set(["x1", "x2"]), { logger, sliceSize: 1 });
    outbox.push([event("A", "a")]);
    await outbox.idle();
    outbox.push([event("B", "b")]);
    await outbox.idle();
    expect(sockets.got("x1")).toEqual(["A"]);
    expect(sockets.got("x2")).toEqual(["A", "B"]);
    expect(sockets.writes).toHaveLength(3);
  });

  it("writes nothing to a socket that disconnected during the round", async () => {
    const group = ids("s", 4);
    const sockets = fakeSockets({ group });
    const outbox = new Outbox(() => sockets.view, new Set(group), { logger, sliceSize: 2 });
    outbox.push([event("A", "group")]);
    await new Promise((resolve) => setImmediate(resolve)); // the round starts: s1, s2
    sockets.disconnect("s4");
    await outbox.idle();
    expect(sockets.got("s3")).toEqual(["A"]);
    expect(sockets.got("s4")).toEqual([]);
  });
});
