/**
 * IPC messages between the three processes of the realtime benchmark (scripts/bench/realtime.ts). The
 * children are forked with `serialization: "advanced"`, so Maps and typed arrays cross as they are.
 */
import { performance } from "node:perf_hooks";

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

/** Event-loop delay of one process over the measured window, in ms (perf_hooks.monitorEventLoopDelay). */
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

export type ToServer =
  | { type: "ping"; groupId: number; id: number }
  | { type: "memory" }
  | { type: "measure" }
  | { type: "lag" }
  | { type: "stop" };
export type FromServer =
  | { type: "ready"; url: string; redis: boolean }
  /** `emitMs`: time spent inside each bare broadcast's emit call (the synchronous writes to the sockets). */
  | { type: "lag"; lag: LoopLag; emitMs: number[] }
  | { type: "memory"; memory: MemoryFigures }
  | { type: "failed"; error: string };

export type ToClients =
  | { type: "connect"; url: string; tokens: string[]; caseId: number }
  /** Forget what arrived so far (warm-up) and start the loop-lag monitor. */
  | { type: "measure" }
  | { type: "lag" }
  /** Wait until every socket has every one of these rows and pings (or `waitMs` passed), then report. */
  | { type: "drain"; rowKeys: string[]; pingIds: number[]; waitMs: number };
export type FromClients =
  | { type: "ready"; sockets: number }
  | { type: "lag"; lag: LoopLag }
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

/**
 * Loop-lag figures of a monitorEventLoopDelay histogram, in ms. The histogram holds whole sampling intervals
 * (an idle loop reads 5 ms at a 5 ms resolution), so the resolution is taken off.
 */
export function lagOf(h: { percentile(p: number): number; max: number }, since: Usage): LoopLag {
  const lag = (ns: number) => Math.max(0, ns / 1e6 - LAG_RESOLUTION);
  const cpu = process.cpuUsage(since.cpu);
  const cpuShare = (cpu.user + cpu.system) / 1000 / (now() - since.at);
  return { p50: lag(h.percentile(50)), p99: lag(h.percentile(99)), max: lag(h.max), cpu: cpuShare };
}

/** Where a measurement window started: wall clock and the process's CPU time. */
export interface Usage {
  at: number;
  cpu: NodeJS.CpuUsage;
}
export const usageNow = (): Usage => ({ at: now(), cpu: process.cpuUsage() });
