/**
 * A watcher that speaks the Socket.IO protocol (v5, over Engine.IO v4) straight on a websocket, as the web
 * client's transport does, and decodes only the two events the benchmark times. The server cannot tell it
 * from socket.io-client: same handshake, same auth, same acks, same heartbeats.
 *
 * Why not socket.io-client: 5,000 watchers in one process decode every frame every watcher receives (a '+'
 * sends each of them four), which takes more than the whole core that process gets on a 2-core machine, so
 * the latencies measured the watchers' backlog, not the server. A browser decodes its own frames on its own
 * CPU; here the frames nobody times are recognised by their first bytes and dropped undecoded.
 * BENCH_WATCHER=socket.io runs the socket.io-client watchers instead.
 *
 * Like the web client, it asks for `realtime.batch` frames (a fan-out's events in one frame); a batch is
 * decoded only when it holds a timed event.
 *
 * Frames (text): Engine.IO packet type, then for a message (4) the Socket.IO packet type, an optional ack id
 * and JSON: `0{…}` open, `2` / `3` ping / pong, `40{auth}` connect, `40{"sid":…}` connected, `44{…}` refused,
 * `42["event",payload]` an event, `421["case.watch",1]` an event asking for ack 1, `431[{…}]` its answer.
 */
import WebSocket from "ws";
import { now } from "./realtimeProtocol";

export interface WireHandlers {
  /** Called only for the names in `timed`, with the frame's arrival time (realtimeProtocol's `now`). */
  onEvent: (name: string, payload: () => unknown, at: number) => void;
  onDisconnect: () => void;
}

export interface WireSocket {
  close: () => void;
}

const ACK_ID = 1;

/** Connects, authenticates with `token`, watches `caseId`; resolves once the server acknowledged the watch. */
export function openWireSocket(
  url: string,
  token: string,
  caseId: number,
  timed: readonly string[],
  handlers: WireHandlers,
): Promise<WireSocket> {
  const ws = new WebSocket(`${url.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`);
  // `42["name"` for each timed event: a frame is matched by its first bytes before anything is parsed.
  const prefixes = timed.map((name) => [`42${JSON.stringify([name]).slice(0, -1)},`, name] as const);
  const batchPrefix = `42${JSON.stringify(["realtime.batch"]).slice(0, -1)},`;
  const inBatch = timed.map((name) => `${JSON.stringify([name]).slice(0, -1)},`);
  let watched = false;
  return new Promise<WireSocket>((resolve, reject) => {
    const fail = (err: Error) => {
      if (!watched) reject(err);
      ws.terminate();
    };
    ws.on("error", fail);
    ws.on("close", () => (watched ? handlers.onDisconnect() : reject(new Error("socket closed"))));
    ws.on("message", (data: WebSocket.RawData) => {
      const at = now();
      const frame = data.toString();
      if (frame.startsWith("42")) {
        if (frame.startsWith(batchPrefix)) {
          if (!inBatch.some((marker) => frame.includes(marker))) return;
          const [, { events }] = JSON.parse(frame.slice(2)) as [string, { events: [string, unknown][] }];
          for (const [name, payload] of events)
            if (timed.includes(name)) handlers.onEvent(name, () => payload, at);
          return;
        }
        for (const [prefix, name] of prefixes) {
          if (!frame.startsWith(prefix)) continue;
          handlers.onEvent(name, () => (JSON.parse(frame.slice(2)) as unknown[])[1], at);
          return;
        }
        return;
      }
      if (frame === "2") return void ws.send("3");
      if (frame.startsWith("0{")) return void ws.send(`40${JSON.stringify({ token, batches: true })}`);
      if (frame.startsWith("40")) return void ws.send(`42${ACK_ID}${JSON.stringify(["case.watch", caseId])}`);
      if (frame.startsWith("44")) return fail(new Error(`connection refused: ${frame.slice(2)}`));
      if (frame.startsWith(`43${ACK_ID}`)) {
        const [result] = JSON.parse(frame.slice(3)) as [{ ok: boolean }];
        if (!result.ok) return fail(new Error(`case.watch ${caseId} refused`));
        watched = true;
        resolve({ close: () => ws.close() });
      }
    });
  });
}
