import { lookup as dnsLookup } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isPublicAddress } from "./webhookTarget.input";

/** The outcome of one call: the receiver's status (2xx is a success), or why there was none. */
export interface CallResult {
  ok: boolean;
  status: number | null;
  error: string | null;
}

/** Resolves like the system, then refuses any address of the server's own networks (webhookTarget.input.ts). */
const publicOnly: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const refused = list.find((a) => !isPublicAddress(a.address));
    if (refused || list.length === 0) {
      const e = Object.assign(new Error(`refused address for ${hostname}`), { code: "EPRIVATE" });
      return callback(e, "", 0);
    }
    if ((options as { all?: boolean }).all)
      return (callback as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

/**
 * POSTs `body` to `url` and waits at most `timeoutMs` for the whole exchange (connect, send, the answer's
 * headers and body, which is read and dropped up to 64 KiB). Redirects are not followed (a 3xx is a failure:
 * following one would lead past the address check). Never throws.
 */
export function callWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
  allowPrivate: boolean,
): Promise<CallResult> {
  return new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, status: null, error: "bad url" });
      return;
    }
    // An address in the URL is never looked up: it is judged here (a name is judged by publicOnly).
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (!allowPrivate && isIP(literal) !== 0 && !isPublicAddress(literal)) {
      resolve({ ok: false, status: null, error: "EPRIVATE" });
      return;
    }
    let done = false;
    const finish = (r: CallResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(r);
    };
    const client = target.protocol === "https:" ? https : http;
    const req = client.request(
      target,
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": "zaiko-kanri-webhook/1",
          ...headers,
        },
        agent: false,
        ...(allowPrivate ? {} : { lookup: publicOnly }),
      },
      (res) => {
        let read = 0;
        res.on("data", (chunk: Buffer) => {
          read += chunk.length;
          if (read > 65_536) res.destroy();
        });
        const status = res.statusCode ?? 0;
        const outcome = {
          ok: status >= 200 && status < 300,
          status,
          error: status >= 300 ? `HTTP ${status}` : null,
        };
        res.on("end", () => finish(outcome));
        res.on("close", () => finish(outcome));
        res.on("error", () => finish(outcome));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, status: null, error: `timeout after ${timeoutMs} ms` });
    }, timeoutMs);
    timer.unref();
    req.on("error", (err: NodeJS.ErrnoException) =>
      finish({ ok: false, status: null, error: err.code ?? err.message }),
    );
    req.end(body);
  });
}
