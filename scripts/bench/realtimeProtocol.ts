/**
 * IPC messages between the three processes of the realtime benchmark (scripts/bench/realtime.ts). The
 * children are forked with `serialization: "advanced"`, so Maps and typed arrays cross as they are.
 */
import { createHistogram, performance, type RecordableHistogram } from "node:perf_hooks";

/**
 * Milliseconds on a clock the three processes share: each process's timeOrigin is the wall clock at its
 * start (sub-millisecond), and performance.now() is monotonic from there. All three run on one machine.
 */
export const now = () => performance.timeOrigin + performance.now();

/** The bench-only event the server broadcasts to the group room: the bare Socket.IO cost to compare with. */
export const PING_EVENT = "bench.ping";
export interface PingPayload {
  id: number;
  /** `now()` in the server just before the emit. */
  sentAt: number;
}

/** Event-loop delay and CPU of one process over the measured turns of one kind, in ms (TurnMeters). */
export interface LoopLag {
  p50: number;
  p99: number;
  max: number;
  /** CPU time of the process (user + system) over the window, as a share of one core. */
  cpu: number;
}

/** An app process's memory (process.memoryUsage, after a full garbage collection when exposed), bytes. */
export interface MemoryFigures {
  rss: number;
  heapUsed: number;
  /** Memory outside the JS heap held by JS objects: Buffers, among them the sockets' write buffers. */
  external: number;
}

/**
 * What a measured turn sends: the allocations alone, the bare broadcasts alone, or both interleaved
 * (BENCH_BARE in realtime.ts). The processes keep their loop figures per kind.
 */
export type TurnKind = "allocations" | "bare" | "mixed";

export type ToServer =
  | { type: "ping"; groupId: number; id: number }
  | { type: "memory" }
  /** Forget the warm-up; what follows is a turn of this kind. */
  | { type: "measure"; kind: TurnKind }
  /** The next turn is of this kind. */
  | { type: "turn"; kind: TurnKind }
  /** Answered with `settled` once every message before it has been handled. */
  | { type: "settle" }
  | { type: "lag" }
  | { type: "stop" };
export type FromServer =
  | { type: "ready"; url: string; redis: boolean }
  | { type: "settled" }
  /** `emitMs`: time spent inside each bare broadcast's emit call (the synchronous writes to the sockets). */
  | { type: "lag"; lag: LagByTurn; emitMs: number[] }
  | { type: "memory"; memory: MemoryFigures }
  | { type: "failed"; error: string };

export type ToClients =
  | { type: "connect"; url: string; tokens: string[]; caseId: number }
  /** Forget what arrived so far (warm-up) and start the loop-lag monitor. */
  | { type: "measure"; kind: TurnKind }
  | { type: "turn"; kind: TurnKind }
  | { type: "settle" }
  | { type: "lag" }
  /** Wait until every socket has every one of these rows and pings (or `waitMs` passed), then report. */
  | { type: "drain"; rowKeys: string[]; pingIds: number[]; waitMs: number };
export type FromClients =
  | { type: "ready"; sockets: number }
  | { type: "settled" }
  | { type: "lag"; lag: LagByTurn }
  | {
      type: "report";
      /** Per `rowKey`, one arrival time per socket (NaN: never arrived). */
      rows: Map<string, Float64Array>;
      /** Per ping id, one arrival time per socket (NaN: never arrived). */
      pings: Map<number, Float64Array>;
      /** Per ping id, the server's emit time. */
      pingSentAt: Map<number, number>;
      disconnects: number;
    }
  | { type: "failed"; error: string };

/** An `inventory.changed` row identifies its allocation: the item and the shippable quantity it left. */
export const rowKey = (itemId: number, shippable: number) => `${itemId}:${shippable}`;

/** Sampling interval of the loop-lag monitors, ms. */
export const LAG_RESOLUTION = 5;

/** A process's loop figures over the measured turns of each kind it saw. */
export type LagByTurn = Partial<Record<TurnKind, LoopLag>>;

/**
 * A process's event-loop delay and CPU time, kept apart per kind of turn. A timer every LAG_RESOLUTION ms
 * notes how late it fires into the histogram of the turn under way (monitorEventLoopDelay cannot be paused:
 * enabled again after another kind's turn, its first sample would span that turn), and each kind sums its
 * CPU and wall time.
 */
export class TurnMeters {
  private readonly kinds = new Map<TurnKind, { delay: RecordableHistogram; cpuMs: number; wallMs: number }>();
  private current: { kind: TurnKind; at: number; cpu: NodeJS.CpuUsage } | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** Forgets everything and starts a turn of `kind`. */
  measure(kind: TurnKind): void {
    this.current = undefined;
    this.kinds.clear();
    this.turn(kind);
  }

  /** Ends the turn under way (if any) and starts one of `kind`. */
  turn(kind: TurnKind): void {
    this.close();
    if (!this.kinds.has(kind)) this.kinds.set(kind, { delay: createHistogram(), cpuMs: 0, wallMs: 0 });
    this.current = { kind, at: now(), cpu: process.cpuUsage() };
    if (this.timer) return;
    let last = performance.now();
    this.timer = setInterval(() => {
      const at = performance.now();
      const late = at - last - LAG_RESOLUTION;
      last = at;
      const open = this.current;
      if (open) this.kinds.get(open.kind)!.delay.record(Math.max(1, Math.round(late * 1e6)));
    }, LAG_RESOLUTION);
    this.timer.unref();
  }

  /** The figures so far, in ms (the turn under way is closed: call `turn` to go on measuring). */
  report(): LagByTurn {
    this.close();
    const out: LagByTurn = {};
    for (const [kind, { delay, cpuMs, wallMs }] of this.kinds) {
      out[kind] = {
        p50: delay.percentile(50) / 1e6,
        p99: delay.percentile(99) / 1e6,
        max: delay.max / 1e6,
        cpu: wallMs > 0 ? cpuMs / wallMs : Number.NaN,
      };
    }
    return out;
  }

  private close(): void {
    const open = this.current;
    if (!open) return;
    this.current = undefined;
    const meter = this.kinds.get(open.kind)!;
    const cpu = process.cpuUsage(open.cpu);
    meter.cpuMs += (cpu.user + cpu.system) / 1000;
    meter.wallMs += now() - open.at;
  }
}
