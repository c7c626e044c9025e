import {
  type EventStream,
  type ServerEventName,
  type ServerEventPayload,
  streamOf,
} from "@zaiko/common/realtime/events";
import type { Logger } from "../lib/logger";
import { type CoalescedEvent, coalesce } from "./coalesce";
import type { PendingEvent } from "./outbox";

/** Hands out `count` numbers of a stream at once and returns the last (block = last − count + 1 … last). */
export type ReserveSeq = (stream: string, count: number) => Promise<number>;
/** Sends one stamped event to rooms (Socket.IO, across processes with the Redis adapter). */
export type Emit = (rooms: string[], event: ServerEventName, payload: object) => void;
/** Told after a group's merged `stock.changed` went out, with the number it carried. */
export type UsageListener = (groupId: number, change: UsageChange, seq: number) => void;
export type UsageChange = Omit<ServerEventPayload<"stock.changed">, "seq">;

/** The name of a group's stream in `event_streams`. */
export const streamKey = (stream: EventStream, groupId: number) => `${stream}:${groupId}`;

const SEQ_ATTEMPTS = 3;

/**
 * Publishes committed events: gathers a group's events for one short tick, coalesces them (coalesce.ts),
 * stamps them with numbers reserved in the database (one statement per stream and tick, shared by every
 * app process), and emits each once to all its rooms. A group's flushes run one after another, so this
 * process never emits a group's numbers out of order.
 */
export class Publisher {
  private readonly pending = new Map<number, PendingEvent[]>();
  private readonly timers = new Map<number, NodeJS.Timeout>();
  private readonly chains = new Map<number, Promise<void>>();
  /** Streams whose events were dropped: their next block starts one number later, so clients see a gap. */
  private readonly holes = new Set<string>();

  constructor(
    private readonly opts: {
      tickMs: number;
      reserveSeq: ReserveSeq;
      emit: Emit;
      onUsageChanged: UsageListener;
      logger: Logger;
    },
  ) {}

  /** Queues the events of a committed transaction. */
  publish(events: readonly PendingEvent[]): void {
    for (const e of events) {
      let list = this.pending.get(e.groupId);
      if (!list) {
        list = [];
        this.pending.set(e.groupId, list);
        this.timers.set(
          e.groupId,
          setTimeout(() => this.flush(e.groupId), this.opts.tickMs),
        );
      }
      list.push(e);
    }
  }

  /** Emits everything queued now and waits until it is out (shutdown, tests). */
  async drain(): Promise<void> {
    for (const groupId of [...this.pending.keys()]) this.flush(groupId);
    await Promise.all(this.chains.values());
  }

  private flush(groupId: number): void {
    clearTimeout(this.timers.get(groupId));
    this.timers.delete(groupId);
    const events = this.pending.get(groupId);
    this.pending.delete(groupId);
    if (!events?.length) return;
    const previous = this.chains.get(groupId) ?? Promise.resolve();
    const next = previous
      .then(() => this.send(groupId, coalesce(events)))
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
    for (const e of events) {
      const stream = streamOf(e.event) ?? "group";
      const seq = firstSeq.get(stream)!;
      firstSeq.set(stream, seq + 1);
      this.opts.emit(e.rooms, e.event, { ...e.payload, seq });
      if (e.event === "stock.changed") this.opts.onUsageChanged(groupId, e.payload as UsageChange, seq);
    }
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
