import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import type { Logger } from "../lib/logger";
import { sayAlive, sayGoodbye, takeSilentProcesses } from "./liveness.queries";

/** How often an app process says it is alive, and after how long a silent one counts as dead. */
export const HEARTBEAT_MS = 1_000;
export const SILENT_AFTER_MS = 3_000;

/**
 * No silent loss (docs/realtime.md): a process publishes what it committed only after the commit, from
 * memory, so a process that dies in between takes those events with it. Every app process that shares
 * events (Redis) says every HEARTBEAT_MS that it is alive; a process silent for SILENT_AFTER_MS died (a
 * clean stop removes its row after publishing everything), and the survivor that notices it first tells
 * every client to resync: they refetch what they show, within about four seconds of the death.
 */
export class ProcessLiveness {
  readonly processId = randomUUID();
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> = Promise.resolve();

  constructor(
    private readonly opts: {
      db: Db;
      logger: Logger;
      /** Tells every client of every process to refetch (an emit to all sockets through the adapter). */
      onPeerDied: (processIds: string[]) => void;
      heartbeatMs?: number;
      silentAfterMs?: number;
    },
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => {
      this.beating = this.beating.then(() => this.beat());
    }, this.opts.heartbeatMs ?? HEARTBEAT_MS);
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    try {
      await sayAlive(this.opts.db, this.processId);
      const dead = await takeSilentProcesses(this.opts.db, this.opts.silentAfterMs ?? SILENT_AFTER_MS);
      if (dead.length > 0) {
        this.opts.logger.warn({ processIds: dead }, "app process died without publishing; clients resync");
        this.opts.onPeerDied(dead);
      }
    } catch (err) {
      this.opts.logger.warn({ err }, "liveness heartbeat failed");
    }
  }

  /** After the last publish: this process leaves without making anyone resync. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.beating;
    await sayGoodbye(this.opts.db, this.processId).catch((err) =>
      this.opts.logger.warn({ err }, "could not remove the liveness row"),
    );
  }
}
