import { rooms } from "@zaiko/common/realtime/events";
import { createLogger } from "../lib/logger";
import { coalesce } from "./coalesce";
import type { PendingEvent } from "./eventBuffer";
import { Publisher } from "./publisher";

const G = 7;
const group = rooms.group(G);
const ev = (event: PendingEvent["event"], payload: object, room = group): PendingEvent =>
  ({ groupId: G, room, event, payload }) as PendingEvent;

describe("coalesce", () => {
  it("keeps only the last event about one entity, at the place of its last occurrence", () => {
    const out = coalesce([
      ev("items.upserted", { item: { id: 1, title: "a" } }),
      ev("categories.upserted", { category: { id: 5 } }),
      ev("items.upserted", { item: { id: 1, title: "b" } }),
      ev("items.deleted", { id: 2 }),
    ]);
    expect(out.map((e) => [e.event, e.payload])).toEqual([
      ["categories.upserted", { category: { id: 5 } }],
      ["items.upserted", { item: { id: 1, title: "b" } }],
      ["items.deleted", { id: 2 }],
    ]);
  });

  it("lets a delete replace the upserts of the same entity", () => {
    const out = coalesce([
      ev("orderitems.upserted", { order_item: { id: 3 } }),
      ev("orderitems.deleted", { id: 3, work_case: 9 }),
    ]);
    expect(out.map((e) => e.event)).toEqual(["orderitems.deleted"]);
  });

  it("keeps the newest version of a row, whatever the order in which the commits were queued", () => {
    // Two connections' commits can be learned of in the reverse of their commit order.
    const out = coalesce([
      ev("orderitems.upserted", { order_item: { id: 3, version: 35, order_quantity: 6 } }),
      ev("orderitems.upserted", { order_item: { id: 3, version: 34, order_quantity: 5 } }),
      ev("workcases.upserted", { workcase: { id: 9, version: 2 } }),
      ev("workcases.upserted", { workcase: { id: 9, version: 3 } }),
    ]);
    expect(out.map((e) => e.payload)).toEqual([
      { order_item: { id: 3, version: 35, order_quantity: 6 } },
      { workcase: { id: 9, version: 3 } },
    ]);
    // A delete is final: an upsert queued after it was committed before it.
    const deleted = coalesce([
      ev("orderitems.deleted", { id: 3, work_case: 9 }),
      ev("orderitems.upserted", { order_item: { id: 3, version: 36 } }),
    ]);
    expect(deleted.map((e) => [e.event, e.payload])).toEqual([
      ["orderitems.deleted", { id: 3, work_case: 9 }],
    ]);
  });

  it("merges every stock.changed into one over the union of items and the whole span", () => {
    const out = coalesce([
      ev("stock.changed", {
        item_ids: [1, 2],
        from: "2027-01-02T00:00:00.000Z",
        to: "2027-01-05T00:00:00.000Z",
      }),
      ev("stock.changed", {
        item_ids: [2, 3],
        from: "2027-01-01T00:00:00.000Z",
        to: "2027-01-03T00:00:00.000Z",
      }),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.payload).toEqual({
      item_ids: [1, 2, 3],
      from: "2027-01-01T00:00:00.000Z",
      to: "2027-01-05T00:00:00.000Z",
    });
    const unbounded = coalesce([
      ev("stock.changed", {
        item_ids: [1],
        from: "2027-01-02T00:00:00.000Z",
        to: "2027-01-05T00:00:00.000Z",
      }),
      ev("stock.changed", { item_ids: [1], from: null, to: null }),
    ]);
    expect(unbounded[0]!.payload).toMatchObject({ from: null, to: null });
  });

  it("sends one event about a member to both of its rooms", () => {
    const out = coalesce([
      ev("members.upserted", { user: { id: 4 } }, rooms.owners(G)),
      ev("members.upserted", { user: { id: 4 } }, rooms.user(4)),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.rooms).toEqual([rooms.owners(G), rooms.user(4)]);
  });

  it("sends the history entries of a tick as one event, every entry kept in order", () => {
    const entry = (id: number) => ({ id }) as never;
    const out = coalesce([
      ev("history.added", { entries: [entry(1)] }),
      ev("items.upserted", { item: { id: 1 } }),
      ev("history.added", { entries: [entry(2), entry(3)] }),
    ]);
    expect(out.map((e) => [e.event, e.payload])).toEqual([
      ["items.upserted", { item: { id: 1 } }],
      ["history.added", { entries: [{ id: 1 }, { id: 2 }, { id: 3 }] }],
    ]);
  });

  it("never merges imports", () => {
    const out = coalesce([
      ev("items.imported", { created: 1, updated: 0, itemized: true }),
      ev("items.imported", { created: 2, updated: 0, itemized: true }),
    ]);
    expect(out).toHaveLength(2);
  });
});

describe("Publisher", () => {
  const logger = createLogger("silent");
  // The publisher's ticks and the tests' slow reservations run on jest's clock, so that a loaded machine
  // cannot stretch one sleep past another and turn the batches these tests expect into different ones.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask"] }));
  afterEach(() => jest.useRealTimers());
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** Drains while the clock runs on, as it would, until every slow reservation has answered. */
  async function drainWithClock(publisher: Publisher): Promise<void> {
    const drained = publisher.drain();
    await jest.advanceTimersByTimeAsync(1_000);
    await drained;
  }

  function publisherWith(reserveSeq: (stream: string, count: number) => Promise<number>) {
    const sent: { rooms: string[]; event: string; payload: { seq: number } }[] = [];
    const usage: number[] = [];
    const publisher = new Publisher({
      tickMs: 50,
      reserveSeq,
      logger,
      emit: (r, event, payload) => sent.push({ rooms: r, event, payload: payload as { seq: number } }),
      fanOutLocally: async (_g, _c, seq) => {
        usage.push(seq);
      },
      announce: () => undefined,
    });
    return { publisher, sent, usage };
  }

  const counters = () => {
    const last = new Map<string, number>();
    return async (stream: string, count: number) => {
      const next = (last.get(stream) ?? 0) + count;
      last.set(stream, next);
      return next;
    };
  };

  it("joins usage changes announced while one waits for its turn into one recomputation", async () => {
    const fanOuts: { items: number[]; seq: number }[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const publisher = new Publisher({
      tickMs: 50,
      reserveSeq: counters(),
      logger,
      emit: () => undefined,
      fanOutLocally: async (_g, change, seq) => {
        fanOuts.push({ items: change.item_ids, seq });
        if (fanOuts.length === 1) await held;
      },
      announce: () => undefined,
    });
    const change = (id: number, from: string | null) => ({
      item_ids: [id],
      from,
      to: from && "2026-02-01T00:00:00.000Z",
    });
    // Each announcer is told when its rows are queued (the relayed events wait for that: realtime.ts).
    const queued: string[] = [];
    const tell = (name: string) => () => queued.push(`${name} after ${fanOuts.length} fan-out(s)`);
    publisher.fanOutAnnounced(1, change(1, "2026-01-01T00:00:00.000Z"), 5, tell("5"));
    await Promise.resolve();
    await Promise.resolve();
    // The first one is under way (held); these three wait, and become one.
    publisher.fanOutAnnounced(1, change(2, "2026-01-10T00:00:00.000Z"), 7, tell("7"));
    publisher.fanOutAnnounced(1, change(3, null), 9, tell("9"));
    publisher.fanOutAnnounced(1, change(2, "2026-01-05T00:00:00.000Z"), 8);
    expect(queued).toEqual([]);
    release();
    await drainWithClock(publisher);
    expect(fanOuts).toEqual([
      { items: [1], seq: 5 },
      { items: [2, 3], seq: 9 },
    ]);
    expect(queued).toEqual(["5 after 1 fan-out(s)", "7 after 2 fan-out(s)", "9 after 2 fan-out(s)"]);
  });

  it("numbers the group and member streams separately and consecutively", async () => {
    const { publisher, sent, usage } = publisherWith(counters());
    publisher.publish([
      ev("items.upserted", { item: { id: 1 } }),
      ev("members.upserted", { user: { id: 2 } }, rooms.owners(G)),
      ev("stock.changed", { item_ids: [1], from: null, to: null }),
    ]);
    await publisher.drain();
    publisher.publish([ev("items.deleted", { id: 1 })]);
    await publisher.drain();
    expect(sent.map((s) => [s.event, s.payload.seq])).toEqual([
      ["items.upserted", 1],
      ["members.upserted", 1],
      ["stock.changed", 2],
      ["items.deleted", 3],
    ]);
    expect(usage).toEqual([2]);
  });

  it("sends a lone change at once, and coalesces what a burst commits within the following tick", async () => {
    const { publisher, sent } = publisherWith(counters());
    publisher.publish([ev("items.upserted", { item: { id: 1, title: "a" } })]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1);
    publisher.publish([ev("items.upserted", { item: { id: 1, title: "b" } })]);
    publisher.publish([ev("items.upserted", { item: { id: 1, title: "c" } })]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(1); // still within the tick of the first flush
    await drainWithClock(publisher);
    expect(
      sent.map((s) => [s.payload.seq, (s.payload as unknown as { item: { title: string } }).item.title]),
    ).toEqual([
      [1, "a"],
      [2, "c"],
    ]);
  });

  it("leaves a number out after events had to be dropped, so clients see the gap", async () => {
    const reserve = counters();
    let down = true;
    const { publisher, sent } = publisherWith(async (stream, count) => {
      if (down) throw new Error("database unavailable");
      return reserve(stream, count);
    });
    publisher.publish([ev("items.upserted", { item: { id: 1 } })]);
    await drainWithClock(publisher);
    expect(sent).toEqual([]);
    down = false;
    publisher.publish([ev("items.upserted", { item: { id: 2 } })]);
    await drainWithClock(publisher);
    // Control: without the hole this would be 1, the number a client expects next.
    expect(sent.map((s) => s.payload.seq)).toEqual([2]);
  });

  it("emits a group's flushes in order even when an earlier reservation is slower", async () => {
    const reserve = counters();
    let calls = 0;
    const { publisher, sent } = publisherWith(async (stream, count) => {
      const slow = ++calls === 1;
      const seq = await reserve(stream, count);
      if (slow) await sleep(120); // longer than the tick: the second one waits
      return seq;
    });
    publisher.publish([ev("items.upserted", { item: { id: 1 } })]);
    await jest.advanceTimersByTimeAsync(10);
    publisher.publish([ev("items.upserted", { item: { id: 2 } })]);
    await drainWithClock(publisher);
    expect(sent.map((s) => s.payload.seq)).toEqual([1, 2]);
  });

  it("sends what was committed while a batch was still going out as one batch after it", async () => {
    const reserve = counters();
    const reservations: number[] = [];
    let slowOnce = true;
    const { publisher, sent, usage } = publisherWith(async (stream, count) => {
      reservations.push(count);
      const seq = await reserve(stream, count);
      if (slowOnce) {
        slowOnce = false;
        await sleep(200); // four ticks: three more batches fall due meanwhile
      }
      return seq;
    });
    const change = (item: number) => ev("stock.changed", { item_ids: [item], from: null, to: null });
    publisher.publish([change(1)]);
    for (const item of [2, 3, 4]) {
      await jest.advanceTimersByTimeAsync(60); // past the tick, so each would be a batch of its own
      publisher.publish([change(item)]);
    }
    await drainWithClock(publisher);
    // Control: flushed once per tick regardless, this was four reservations and four stock.changed.
    expect(reservations).toEqual([1, 1]);
    expect(
      sent.map((s) => [s.payload.seq, (s.payload as unknown as { item_ids: number[] }).item_ids]),
    ).toEqual([
      [1, [1]],
      [2, [2, 3, 4]],
    ]);
    expect(usage).toEqual([1, 2]);
  });
});
