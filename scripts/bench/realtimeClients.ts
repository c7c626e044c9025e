/**
 * The watchers of scripts/bench/realtime.ts, forked into a process of their own so that decoding hundreds
 * of frames does not share an event loop with the server or the driver. Opens one socket per token (the
 * protocol on a bare websocket, realtimeWire.ts; socket.io-client with BENCH_WATCHER=socket.io), has each
 * `case.watch` the case, and notes when every `inventory.changed` row and every `bench.ping` reaches every
 * socket.
 */
import { io, type Socket } from "socket.io-client";
import {
  type FromClients,
  now,
  PING_EVENT,
  type PingPayload,
  rowKey,
  type ToClients,
  TurnMeters,
} from "./realtimeProtocol";
import { openWireSocket, type WireSocket } from "./realtimeWire";

interface Row {
  id: number;
  shippable_quantity: number;
}

/** Handshakes in flight at once: each one costs the server a token check against the database. */
const CONNECT_CONCURRENCY = 25;

const send = (message: FromClients) => process.send?.(message);
const sockets: Array<Socket | WireSocket> = [];
// Arrivals are kept from the first event on, never cleared: every allocation and ping has a key of its own,
// and the driver reads only the measured ones. Cleared at "measure", they lost the first measured arrivals
// when this process read that message late (a backlog of seconds at 5,000 watchers): whole allocations
// were then counted as missed.
const rows = new Map<string, Float64Array>();
const pings = new Map<number, Float64Array>();
const pingSentAt = new Map<number, number>();
let disconnects = 0;
const meters = new TurnMeters();

/** The first arrival of `key` at socket `index` (a repeated row is not a new delivery). */
function note<K>(table: Map<K, Float64Array>, key: K, index: number, at: number) {
  let arrivals = table.get(key);
  if (!arrivals) {
    arrivals = new Float64Array(sockets.length).fill(Number.NaN);
    table.set(key, arrivals);
  }
  if (Number.isNaN(arrivals[index]!)) arrivals[index] = at;
}

/** Which watcher: the protocol on a bare websocket (realtimeWire.ts, the default) or socket.io-client. */
const WATCHER = process.env.BENCH_WATCHER === "socket.io" ? "socket.io" : "wire";

const onRows = (payload: { rows: Row[] }, index: number, at: number) => {
  for (const row of payload.rows) note(rows, rowKey(row.id, row.shippable_quantity), index, at);
};
const onPing = (payload: PingPayload, index: number, at: number) => {
  pingSentAt.set(payload.id, payload.sentAt);
  note(pings, payload.id, index, at);
};

async function openWire(url: string, token: string, caseId: number, index: number): Promise<void> {
  sockets[index] = await openWireSocket(url, token, caseId, ["inventory.changed", PING_EVENT], {
    onEvent: (name, payload, at) => {
      if (name === PING_EVENT) onPing(payload() as PingPayload, index, at);
      else onRows(payload() as { rows: Row[] }, index, at);
    },
    onDisconnect: () => disconnects++,
  });
}

function openSocketIo(url: string, token: string, caseId: number, index: number): Promise<void> {
  const socket = io(url, {
    path: "/socket.io",
    transports: ["websocket"],
    auth: { token, batches: true },
    reconnection: false,
    forceNew: true,
    timeout: 20_000,
  });
  sockets[index] = socket;
  // Arrival time first, before any other work of the handler.
  socket.on("inventory.changed", (payload: { rows: Row[] }) => onRows(payload, index, now()));
  socket.on(PING_EVENT, (payload: PingPayload) => onPing(payload, index, now()));
  socket.on("realtime.batch", (payload: { events: [string, unknown][] }) => {
    const at = now();
    for (const [name, inner] of payload.events)
      if (name === "inventory.changed") onRows(inner as { rows: Row[] }, index, at);
  });
  socket.on("disconnect", () => disconnects++);
  return new Promise((resolve, reject) => {
    socket.once("connect_error", reject);
    socket.once("connect", () => {
      socket.emit("case.watch", caseId, (result: { ok: boolean }) =>
        result.ok ? resolve() : reject(new Error(`case.watch ${caseId} refused`)),
      );
    });
  });
}

const open = WATCHER === "wire" ? openWire : openSocketIo;

async function connectAll(url: string, tokens: string[], caseId: number) {
  sockets.length = tokens.length;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONNECT_CONCURRENCY, tokens.length) }, async () => {
      while (next < tokens.length) {
        const index = next++;
        await open(url, tokens[index]!, caseId, index);
      }
    }),
  );
  send({ type: "ready", sockets: sockets.length });
}

const complete = (table: Map<unknown, Float64Array>, keys: unknown[]) =>
  keys.every((key) => {
    const arrivals = table.get(key);
    return arrivals !== undefined && !arrivals.some(Number.isNaN);
  });

async function drain(rowKeys: string[], pingIds: number[], waitMs: number) {
  const deadline = now() + waitMs;
  while (now() < deadline && !(complete(rows, rowKeys) && complete(pings, pingIds))) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  send({ type: "report", rows, pings, pingSentAt, disconnects });
}

process.on("message", (message: ToClients) => {
  const failed = (err: unknown) => send({ type: "failed", error: String((err as Error)?.stack ?? err) });
  switch (message.type) {
    case "connect":
      connectAll(message.url, message.tokens, message.caseId).catch(failed);
      break;
    case "measure":
      disconnects = 0;
      meters.measure(message.kind);
      break;
    case "turn":
      meters.turn(message.kind);
      break;
    case "settle":
      // Once the frames that arrived before it are read: a turn of a socket's own reads is queued behind them.
      setImmediate(() => send({ type: "settled" }));
      break;
    case "lag":
      send({ type: "lag", lag: meters.report() });
      break;
    case "drain":
      drain(message.rowKeys, message.pingIds, message.waitMs).catch(failed);
      break;
  }
});
// The driver is gone (finished or crashed): close the sockets and leave.
process.on("disconnect", () => {
  for (const socket of sockets) socket?.close();
  process.exit(0);
});
