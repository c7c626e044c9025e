import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server on a free port that keeps every mail it accepted, parsed (mailparser). */
export interface TestSmtp {
  url: string;
  mails: ParsedMail[];
  /** Recipients the server refuses, with the SMTP reply code (5xx permanent, 4xx try later). */
  refusals: Map<string, number>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const refusals = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      const code = refusals.get(address.address);
      if (code === undefined) return callback();
      callback(
        Object.assign(new Error(code >= 500 ? "mailbox unavailable" : "try again later"), {
          responseCode: code,
        }),
      );
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One request a test receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver: a real HTTP server; `answer` chooses each request's status (the n-th request, from 0),
 * or "hang" to never answer.
 */
export interface TestReceiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

export async function startReceiver(
  answer: (n: number) => number | "hang" = () => 200,
): Promise<TestReceiver> {
  const received: Received[] = [];
  const hanging: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const n = received.length;
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const status = answer(n);
      if (status === "hang") {
        hanging.push(res);
        return;
      }
      res.writeHead(status).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** How a receiver checks a call (docs/notifications.md, "Verifying a call"). */
export function verifySignature(secret: string, r: Received): boolean {
  const timestamp = String(r.headers["x-zaiko-timestamp"] ?? "");
  const given = String(r.headers["x-zaiko-signature"] ?? "");
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${r.body}`).digest("hex")}`;
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}
