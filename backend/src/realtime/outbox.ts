import type { BatchedEvent, ServerEventName } from "@zaiko/common/realtime/events";
import { yieldToEventLoop } from "../lib/eventLoop";
import type { Logger } from "../lib/logger";
import type { WritesInFlight } from "../lib/writesInFlight";

/** An emit for this process's sockets in these rooms. */
export interface Outgoing {
  rooms: string[];
  event: ServerEventName;
  payload: object;
}

/** An emit waiting in the outbox: `n` orders it among all of them; `urgent` ones lead each socket's frame. */
interface Queued extends Outgoing {
  n: number;
  urgent: boolean;
}

/** What the outbox needs of Socket.IO: the rooms with their socket ids, and an emit to some socket ids. */
export interface SocketsView {
  rooms(): Map<string, Set<string>>;
  /** Emits one event to these sockets (every socket is in the room of its own id): one encoding for all. */
  emit(socketIds: string[], event: ServerEventName | "realtime.batch", payload: object): void;
}

export interface OutboxOptions {
  logger: Logger;
  /** Sockets written to between two turns of the event loop. */
  sliceSize: number;
  /** Each slice first waits while API writes are being served, up to `maxWaitMs` (lib/writesInFlight.ts). */
  writesFirst?: { writes: WritesInFlight; maxWaitMs: number };
}

/**
 * This process's emits to its sockets, written in rounds over the sockets concerned, a slice of sockets per
 * turn of the event loop (docs/realtime.md, "Writing to thousands of sockets"). Each socket, when its turn
 * in a round comes, gets everything queued for it that it has not had yet, in one frame if it batches:
 * `inventory.changed` first, then the rest, each in the order queued. What is queued while a round is under
 * way joins it: the sockets still to come get it in this round, the sockets already past in the next one,
 * and sockets that the round did not hold are written to at its next slice. So an emit waits for at most
 * one round, not for the end of the round under way and then its own, and a socket still gets one write
 * per round however many batches were queued meanwhile.
 */
export class Outbox {
  private queue: Queued[] = [];
  private nextN = 1;
  /** Per socket, the `n` up to which it has been offered everything that reached it. */
  private readonly offered = new Map<string, number>();
  private writing: Promise<void> | undefined;

  constructor(
    private readonly sockets: () => SocketsView | undefined,
    private readonly batching: ReadonlySet<string>,
    private readonly opts: OutboxOptions,
  ) {}

  /** Queues emits, in order; `urgent` ones (`inventory.changed`) lead each socket's frame. */
  push(items: Outgoing[], urgent = false): void {
    for (const item of items) this.queue.push({ ...item, n: this.nextN++, urgent });
    this.writing ??= yieldToEventLoop().then(() => this.writeRounds());
  }

  /** Resolves once the outbox is empty (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.writing) await this.writing;
  }

  /** A socket is gone: forget how far it got. */
  forget(socketId: string): void {
    this.offered.delete(socketId);
  }

  private async writeRounds(): Promise<void> {
    for (;;) {
      const view = this.sockets();
      const last = this.queue.at(-1)?.n;
      if (last === undefined || !view) {
        this.queue = [];
        this.writing = undefined;
        return;
      }
      try {
        await this.round(view);
      } catch (err) {
        this.opts.logger.error({ err }, "realtime fan-out failed");
      }
      // Every socket concerned by what was queued when the round began has been offered it.
      this.queue = this.queue.filter((e) => e.n > last);
    }
  }

  /** One round over the sockets of what is queued, joined by what comes meanwhile (see the class). */
  private async round(view: SocketsView): Promise<void> {
    const inRound = new Set<string>();
    /** Sockets that emits queued during the round added: written first, at the next slice. */
    const joined: string[] = [];
    const ahead: string[] = [];
    let scanned = 0;
    /** Adds the sockets of the emits queued since the last look that the round does not hold yet. */
    const take = (into: string[]) => {
      const rooms = view.rooms();
      for (; scanned < this.queue.length; scanned++) {
        for (const room of this.queue[scanned]!.rooms) {
          for (const id of rooms.get(room) ?? []) {
            if (inRound.has(id)) continue;
            inRound.add(id);
            into.push(id);
          }
        }
      }
    };
    take(ahead);
    let next = 0;
    for (let first = true; ; first = false) {
      if (!first) {
        await yieldToEventLoop();
        // A small room queued behind a fan-out to thousands of sockets waits for one slice, not the round.
        take(joined);
      }
      const last = this.queue.at(-1)?.n ?? 0;
      const slice: string[] = [];
      // Sockets that already have everything queued (they were written to after it was) take no place.
      const pick = (from: string[], at: number) => {
        while (at < from.length && slice.length < this.opts.sliceSize) {
          const id = from[at++]!;
          if ((this.offered.get(id) ?? 0) < last) slice.push(id);
        }
        return at;
      };
      joined.splice(0, pick(joined, 0));
      next = pick(ahead, next);
      if (slice.length === 0) return;
      // Writes first, for a while only (lib/writesInFlight.ts says why); a slice with nothing to write waits for nothing.
      const writesFirst = this.opts.writesFirst;
      if (writesFirst) await writesFirst.writes.idle(writesFirst.maxWaitMs);
      this.writeSlice(view, slice);
    }
  }

  /**
   * Writes to each socket of the slice what it has not had yet. Sockets that get the same emits share one
   * encoding: one `realtime.batch` frame for those that batch (one event alone as itself), otherwise each
   * event in turn.
   */
  private writeSlice(view: SocketsView, slice: string[]): void {
    const rooms = view.rooms();
    const queue = this.queue;
    const last = queue.at(-1)?.n ?? 0;
    const reaches = (e: Queued, id: string) => e.rooms.some((room) => rooms.get(room)?.has(id));
    const bySelection = new Map<string, { ids: string[]; events: Queued[]; batching: boolean }>();
    for (const id of slice) {
      // Gone since the round began (a socket is in the room of its own id while connected): nothing to keep.
      if (!rooms.has(id)) continue;
      const from = this.offered.get(id) ?? 0;
      this.offered.set(id, last);
      const urgent: Queued[] = [];
      const rest: Queued[] = [];
      for (const e of queue) if (e.n > from && reaches(e, id)) (e.urgent ? urgent : rest).push(e);
      if (urgent.length + rest.length === 0) continue;
      const events = [...urgent, ...rest];
      const batching = this.batching.has(id);
      const key = `${batching ? "b" : "p"}${events.map((e) => e.n).join(",")}`;
      const same = bySelection.get(key);
      if (same) same.ids.push(id);
      else bySelection.set(key, { ids: [id], events, batching });
    }
    const emit = (ids: string[], event: ServerEventName | "realtime.batch", payload: object) => {
      try {
        view.emit(ids, event, payload);
      } catch (err) {
        this.opts.logger.error({ err, event }, "realtime fan-out failed");
      }
    };
    for (const { ids, events, batching } of bySelection.values()) {
      if (batching && events.length > 1)
        emit(ids, "realtime.batch", { events: events.map((e): BatchedEvent => [e.event, e.payload]) });
      else for (const e of events) emit(ids, e.event, e.payload);
    }
  }
}
