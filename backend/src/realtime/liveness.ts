import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import type { Logger } from "../lib/logger";
import { peerBeats, sayAlive, sayGoodbye, takeDeadProcess } from "./liveness.queries";

/** How often an app process says it is alive. */
export const HEARTBEAT_MS = 1_000;
/**
 * A peer counts as dead when its last beat is older than SILENT_AFTER_MS by the database's clock AND this
 * process beat SILENT_BEATS times since without seeing it beat. Time alone takes a live peer for dead when
 * the database or the host stalls for a few seconds (every process is silent then, and the first to write
 * again sees the others' old beats); counting its own beats, a process judges only while it demonstrably
 * runs and reaches the database itself.
 */
export const SILENT_AFTER_MS = 5_000;
export const SILENT_BEATS = 4;

/**
 * No silent loss (docs/realtime.md): a process publishes what it committed only after the commit, from
 * memory, so a process that dies in between takes those events with it. Every app process that shares
 * events (Redis) says every HEARTBEAT_MS that it is alive; a peer silent as above died (a clean stop removes
 * its row after publishing everything), and the survivor that takes its row first tells every client to
 * resync: they refetch what they show, within about six seconds of the death. A live peer taken for dead
 * (its event loop stalled for longer than that) costs a needless refetch, nothing else: it publishes what
 * it holds as usual, and clients apply it under the row rules (common/realtime/liveRows.ts).
 */
export class ProcessLiveness {
  readonly processId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();
  private stopped = false;
  private beats = 0;
  /** Per peer: the beat last read and how many of this process's own beats have passed without a newer one. */
  private readonly peers = new Map<string, { seenAt: string; unchangedFor: number }>();

  constructor(
    private readonly opts: {
      db: Db;
      logger: Logger;
      /** Tells every client of every process to refetch (an emit to all sockets through the adapter). */
      onPeerDied: (processIds: string[]) => void;
      heartbeatMs?: number;
      silentAfterMs?: number;
      silentBeats?: number;
    },
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.schedule();
  }

  /** The next beat a heartbeat after this one ended: a slow beat delays the next, none pile up. */
  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.beating = this.beat().then(() => this.schedule());
    }, this.opts.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  /** One heartbeat: say alive, then judge the peers. Exposed for the tests, which drive beats themselves. */
  async beat(): Promise<void> {
    try {
      const wasMissing = await sayAlive(this.opts.db, this.processId);
      if (wasMissing && this.beats > 0)
        this.opts.logger.warn(
          "this app process was taken for dead (it was silent): clients resynced needlessly",
        );
      this.beats++;
      const dead = await this.findDead();
      if (dead.length > 0) {
        this.opts.logger.warn({ processIds: dead }, "app process died without publishing; clients resync");
        this.opts.onPeerDied(dead);
      }
    } catch (err) {
      this.opts.logger.warn({ err }, "liveness heartbeat failed");
    }
  }

  private async findDead(): Promise<string[]> {
    const silentBeats = this.opts.silentBeats ?? SILENT_BEATS;
    const beats = await peerBeats(this.opts.db, this.processId, this.opts.silentAfterMs ?? SILENT_AFTER_MS);
    const dead: string[] = [];
    for (const [id] of this.peers) if (!beats.some((b) => b.id === id)) this.peers.delete(id);
    for (const beat of beats) {
      const known = this.peers.get(beat.id);
      const unchangedFor = known?.seenAt === beat.seenAt ? known.unchangedFor + 1 : 0;
      this.peers.set(beat.id, { seenAt: beat.seenAt, unchangedFor });
      if (!beat.silent || unchangedFor < silentBeats) continue;
      if (await takeDeadProcess(this.opts.db, beat.id, beat.seenAt)) dead.push(beat.id);
      this.peers.delete(beat.id);
    }
    return dead;
  }

  /** After the last publish: this process leaves without making anyone resync. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.beating;
    await sayGoodbye(this.opts.db, this.processId).catch((err) =>
      this.opts.logger.warn({ err }, "could not remove the liveness row"),
    );
  }
}
