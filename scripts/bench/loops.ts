/** The loops that drive the benchmarks' calls, and the HTTP calls they make (node:http, not fetch). */
import http from "node:http";
import { performance } from "node:perf_hooks";

export interface Run {
  ops: number;
  seconds: number;
  latencies: number[];
  errors: number;
}

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
export const fmt = (n: number) => n.toFixed(1);

/** Runs `op` from `clients` concurrent loops for `seconds`, recording each call's latency. */
export async function drive(
  clients: number,
  seconds: number,
  op: (client: number) => Promise<boolean>,
): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const ok = await op(c).catch(() => false);
        latencies.push(performance.now() - t0);
        if (!ok) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { ops: latencies.length, seconds: elapsed, latencies, errors };
}

/**
 * Open loop: starts `op` at a fixed `rate` per second for `seconds`, whether or not earlier calls have
 * answered (at most the agent's sockets are in flight on the wire; the rest wait in the agent or the pool). Latency
 * runs from the moment a call was due, so time spent queued behind a slow server counts (no coordinated
 * omission). This is the latency 32 coordinators see at a given load, below the saturation of `drive`.
 */
export async function driveAtRate(rate: number, seconds: number, op: () => Promise<boolean>): Promise<Run> {
  const latencies: number[] = [];
  let errors = 0;
  const calls: Promise<void>[] = [];
  const started = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    calls.push(
      op()
        .catch(() => false)
        .then((ok) => {
          latencies.push(performance.now() - due);
          if (!ok) errors++;
        }),
    );
  }
  await Promise.all(calls);
  latencies.sort((a, b) => a - b);
  return { ops: latencies.length, seconds: (performance.now() - started) / 1000, latencies, errors };
}

/**
 * The load generator's additem call: node:http on kept-alive sockets rather than fetch, whose own CPU
 * (undici, streams, Response) would compete with the server for the 2 cores and count against HTTP.
 */
export function additem(
  agent: http.Agent,
  base: URL,
  itemId: number,
  caseId: number,
  token: string,
): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: "POST",
        path: `/api/additem/${itemId}/${caseId}/`,
        headers: { Authorization: `Bearer ${token}`, "Content-Length": 0 },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode === 200));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

/** One GET read to its last byte on a kept-alive socket; throws on anything but 200. */
export function getBody(agent: http.Agent, url: string, token: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks))
          : reject(new Error(`GET ${url}: ${res.statusCode}`)),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}
