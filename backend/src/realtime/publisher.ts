import {
  type EventStream,
  type ServerEventName,
  type ServerEventPayload,
  streamOf,
} from "@zaiko/common/realtime/events";
import type { Logger } from "../lib/logger";
import { type CoalescedEvent, coalesce, mergeStockChanges } from "./coalesce";
import type { PendingEvent } from "./eventBuffer";

/** Hands out `count` numbers of a stream at once and returns the last (block = last − count + 1 … last). */
export type ReserveSeq = (stream: string, count: number) => Promise<number>;
/** Sends one stamped event to rooms (Socket.IO, across processes with the Redis adapter). */
export type Emit = (rooms: string[], event: ServerEventName, payload: object) => void;
/** Told of a group's merged `stock.changed` and the number it carries. */
export type UsageListener = (groupId: number, change: UsageChange, seq: number) => void;
/** Sends `inventory.changed` to this process's watchers of what a usage change concerns. */
export type LocalFanOut = (groupId: number, change: UsageChange, seq: number) => Promise<void>;
export type UsageChange = Omit<ServerEventPayload<"stock.changed">, "seq">;

/** The name of a group's stream in `event_streams`. */
export const streamKey = (stream: EventStream, groupId: number) => `${stream}:${groupId}`;

const SEQ_ATTEMPTS = 3;

/**
 * Publishes committed events: gathers a group's events (see publish), coalesces them (coalesce.ts),
 * stamps them with numbers reserved in the database (one statement per stream and tick, shared by every
 * app process), and emits each once to all its rooms. A group's flushes run one after another, so this
 * process never emits a group's numbers out of order.
 */
export class Publisher {
  private readonly pending = new Map<number, PendingEvent[]>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly chains = new Map<number, Promise<void>>();
  private readonly lastFlush = new Map<number, number>();
  /** Per group, the usage change announced by other processes whose fan-out has not started yet. */
  private readonly announced = new Map<
    number,
    { change: UsageChange; seq: number; queued: Array<() => void> }
  >();
  /** Streams whose events were dropped: their next block starts one number later, so clients see a gap. */
  private readonly holes = new Set<string>();

  constructor(
    private readonly opts: {
      tickMs: number;
      reserveSeq: ReserveSeq;
      emit: Emit;
      /** Runs inside the group's order, before the group events go out (see send). */
      fanOutLocally: LocalFanOut;
      /** Tells the other app processes, after this one has queued everything. */
      announce: UsageListener;
      logger: Logger;
    },
  ) {}

  /**
   * Queues the events of a committed transaction. A group's batch goes out at the next turn of the event
   * loop when its last one went out at least a tick ago (a lone change waits for nothing), otherwise at
   * the end of that tick, or once the group's previous batch is numbered and recomputed if that takes
   * longer: under a burst a group is flushed at most once per tick and never twice at once, and everything
   * committed meanwhile is coalesced into that flush.
   */
  publish(events: readonly PendingEvent[]): void {
    for (const e of events) {
      let list = this.pending.get(e.groupId);
      if (!list) {
        list = [];
        this.pending.set(e.groupId, list);
        const sinceLast = Date.now() - (this.lastFlush.get(e.groupId) ?? 0);
        const wait = Math.max(0, this.opts.tickMs - sinceLast);
        this.timers.set(
          e.groupId,
          setTimeout(() => this.flush(e.groupId), wait),
        );
      }
      list.push(e);
    }
  }

  /** Emits everything queued now and waits until it is out (shutdown, tests). */
  async drain(): Promise<void> {
    // A flush may wait for a batch still being numbered and recomputed (see flush): repeat until nothing is left.
    while (this.pending.size > 0 || this.chains.size > 0) {
      for (const groupId of [...this.pending.keys()]) this.flush(groupId);
      await Promise.all(this.chains.values());
    }
  }

  /**
   * A usage change announced by another app process: fanned out to this process's watchers in the
   * group's order, so an older recomputation never overtakes a newer one. `queued` is called once its
   * `inventory.changed` is queued for the sockets (or could not be computed).
   */
  fanOutAnnounced(groupId: number, change: UsageChange, seq: number, queued?: () => void): void {
    // While one is waiting for its turn, later ones join it: one recomputation, read when its turn comes,
    // covers them all (over the union of items and windows, carrying the newest number). Under load from
    // other processes this process then reads once per turn, not once per announcement, and never queues
    // more recomputations than it can read.
    const waiting = this.announced.get(groupId);
    if (waiting) {
      waiting.change = mergeStockChanges(waiting.change, change);
      waiting.seq = Math.max(waiting.seq, seq);
      if (queued) waiting.queued.push(queued);
      return;
    }
    this.announced.set(groupId, { change, seq, queued: queued ? [queued] : [] });
    this.inOrder(groupId, async () => {
      const next = this.announced.get(groupId)!;
      this.announced.delete(groupId);
      try {
        await this.opts.fanOutLocally(groupId, next.change, next.seq);
      } finally {
        for (const callback of next.queued) callback();
      }
    });
  }

  private flush(groupId: number): void {
    clearTimeout(this.timers.get(groupId));
    this.timers.delete(groupId);
    const busy = this.chains.get(groupId);
    if (busy) {
      // The group's last batch is still being numbered and recomputed (two reads of the database): keep
      // gathering, and send everything committed meanwhile as one batch when it is done. Sent one batch per
      // tick instead, the reads would queue up under load, each batch paying for its own. Its writing to the
      // sockets is not waited for: a batch joins the round of writes under way (outbox.ts).
      // (Only drain can call this again meanwhile; the later call finds nothing or what came since.)
      void busy.then(() => this.sendPending(groupId));
      return;
    }
    this.sendPending(groupId);
  }

  /** Takes a group's gathered events and sends them behind whatever of the group is still in order. */
  private sendPending(groupId: number): void {
    const events = this.pending.get(groupId);
    this.pending.delete(groupId);
    if (!events?.length) return;
    this.lastFlush.set(groupId, Date.now());
    this.inOrder(groupId, () => this.send(groupId, coalesce(events)));
  }

  /** Runs a group's work one piece after another (each piece reads the database, then emits). */
  private inOrder(groupId: number, work: () => Promise<void>): void {
    const previous = this.chains.get(groupId) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((err) => this.opts.logger.error({ err, groupId }, "realtime publish failed"));
    this.chains.set(groupId, next);
    void next.then(() => {
      if (this.chains.get(groupId) === next) this.chains.delete(groupId);
    });
  }

  private async send(groupId: number, events: CoalescedEvent[]): Promise<void> {
    const byStream = new Map<EventStream, CoalescedEvent[]>();
    for (const e of events) {
      const stream = streamOf(e.event) ?? "group";
      byStream.set(stream, [...(byStream.get(stream) ?? []), e]);
    }
    const firstSeq = new Map<EventStream, number>();
    for (const [stream, list] of byStream) {
      const last = await this.reserve(streamKey(stream, groupId), list.length);
      if (last === undefined) return;
      firstSeq.set(stream, last - list.length + 1);
    }
    const stamped = events.map((e) => {
      const stream = streamOf(e.event) ?? "group";
      const seq = firstSeq.get(stream)!;
      firstSeq.set(stream, seq + 1);
      return { ...e, seq };
    });
    // The recomputed shippable numbers are queued first: they are what coordinators on the case screen wait
    // for, so each socket gets them first among the batch's frames, in the same write (docs/realtime.md).
    const usage = stamped.find((e) => e.event === "stock.changed");
    if (usage) {
      await this.opts
        .fanOutLocally(groupId, usage.payload as UsageChange, usage.seq)
        .catch((err) => this.opts.logger.error({ err, groupId }, "inventory.changed fan-out failed"));
    }
    for (const e of stamped) this.opts.emit(e.rooms, e.event, { ...e.payload, seq: e.seq });
    if (usage) this.opts.announce(groupId, usage.payload as UsageChange, usage.seq);
  }

  /**
   * The last number of a block of `count`, or undefined when the database refused: the events are then
   * dropped, and the stream's next block leaves one number out so that clients notice they missed
   * something and refetch.
   */
  private async reserve(stream: string, count: number): Promise<number | undefined> {
    const hole = this.holes.has(stream) ? 1 : 0;
    for (let attempt = 1; ; attempt++) {
      try {
        const last = await this.opts.reserveSeq(stream, count + hole);
        this.holes.delete(stream);
        return last;
      } catch (err) {
        if (attempt >= SEQ_ATTEMPTS) {
          this.opts.logger.error({ err, stream }, "could not reserve event numbers; events dropped");
          this.holes.add(stream);
          return undefined;
        }
        await new Promise((r) => setTimeout(r, 20 * attempt));
      }
    }
  }
}
