/**
 * The closed loops' HTTP client: one kept-alive socket per simulated user, one request at a time, the
 * request written as one string and the answer read up to its Content-Length.
 *
 * Why not node:http: the load generator shares the server's 2 vCPUs, and every microsecond it spends is
 * taken from the server under test. node:http's client (ClientRequest, IncomingMessage, the agent's socket
 * bookkeeping, streams) cost 130–150 µs of CPU per additem call; this one costs 60–80 µs, the way wrk or
 * autocannon keep their own cost low (docs/benchmarks.md, "2026-11-24, later").
 * It understands only what the app answers the benchmarked calls with: HTTP/1.1 with a Content-Length.
 * Anything else (a chunked body, a closed socket) fails the call loudly rather than being misread.
 */
import net from "node:net";

interface Pending {
  resolve: (status: number) => void;
  reject: (err: Error) => void;
}

const HEAD_END = Buffer.from("\r\n\r\n");

export class RawHttpClient {
  private readonly socket: net.Socket;
  private buffered: Buffer = Buffer.alloc(0);
  private pending: Pending | undefined;
  private closed: Error | undefined;

  constructor(private readonly url: URL) {
    this.socket = net.connect(Number(url.port), url.hostname);
    this.socket.setNoDelay(true);
    this.socket.on("data", (chunk: Buffer) => this.received(chunk));
    this.socket.on("error", (err) => this.fail(err));
    this.socket.on("close", () => this.fail(new Error("the server closed the connection")));
  }

  /** Sends `method path` with these headers and an empty body; resolves with the answer's status. */
  request(method: string, path: string, headers: Record<string, string>): Promise<number> {
    if (this.closed) return Promise.reject(this.closed);
    if (this.pending) return Promise.reject(new Error("one request at a time per RawHttpClient"));
    let head = `${method} ${path} HTTP/1.1\r\nHost: ${this.url.host}\r\nContent-Length: 0\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    return new Promise<number>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.socket.write(`${head}\r\n`);
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private received(chunk: Buffer) {
    this.buffered = this.buffered.length === 0 ? chunk : Buffer.concat([this.buffered, chunk]);
    const headEnd = this.buffered.indexOf(HEAD_END);
    if (headEnd < 0) return;
    const head = this.buffered.toString("latin1", 0, headEnd);
    if (/\r\ntransfer-encoding:/i.test(head)) {
      this.fail(new Error("RawHttpClient reads Content-Length bodies only"));
      return;
    }
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const end = headEnd + HEAD_END.length + length;
    if (this.buffered.length < end) return;
    this.buffered = this.buffered.subarray(end);
    const pending = this.pending;
    this.pending = undefined;
    if (!pending) {
      this.fail(new Error("an answer came without a request"));
      return;
    }
    pending.resolve(Number(head.slice("HTTP/1.1 ".length, "HTTP/1.1 ".length + 3)));
  }

  private fail(err: Error) {
    this.closed ??= err;
    const pending = this.pending;
    this.pending = undefined;
    pending?.reject(err);
    this.socket.destroy();
  }
}
