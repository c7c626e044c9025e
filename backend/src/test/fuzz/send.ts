import { connect } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, cookieHeader, type Session } from "../api";
import type { Body, Call, HeaderTwist, IdKind, IdRef, QueryValue } from "./call";

/** Who sends and what exists when a generated call runs. */
export interface FuzzContext {
  server: RunningServer;
  owner: Session;
  staff: Session;
  /** Ids of the owner's group and of another group, by kind. */
  own: Record<IdKind, number[]>;
  others: Record<IdKind, number[]>;
  otherGroupId: number;
}

/** What came back: status 0 when a request sent with a lying Content-Length got no answer at all. */
export interface FuzzAnswer {
  status: number;
  type: string;
  text: string;
}

/** Sends one generated call, resolving its ids and placeholders against what exists now. */
export async function sendCall(c: Call, ctx: FuzzContext): Promise<{ path: string; res: FuzzAnswer }> {
  const { server, owner, staff, own, others } = ctx;
  const resolve = (ref: string | IdRef): string => {
    if (typeof ref === "string") return ref;
    if (ref.from === "raw") return encodeURIComponent(String(ref.value));
    const pool = (ref.from === "own" ? own : others)[ref.kind];
    return String(pool.length === 0 ? 1 : pool[ref.pick % pool.length]);
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(c.query ?? {})) {
    for (const value of queryValues(v, resolve, ctx)) search.append(k, value);
  }
  const path = c.path.map(resolve).join("") + (search.size > 0 ? `?${search}` : "");
  const headers: Record<string, string> = {};
  if (c.auth === "owner") Object.assign(headers, bearer(owner));
  if (c.auth === "staff") Object.assign(headers, bearer(staff));
  if (c.auth === "forged") headers.Authorization = `Bearer ${owner.access.slice(0, -4)}AAAA`;
  if (c.cookies === "session") {
    headers.Cookie = cookieHeader(owner.cookies);
    headers["X-CSRFToken"] = owner.cookies.csrftoken ?? "";
  }
  if (c.cookies === "forged") {
    headers.Cookie = "refresh_token=x.y; csrftoken=a";
    headers["X-CSRFToken"] = "a";
  }
  if (c.body?.kind === "json" && (c.twist?.kind === "encoding" || c.twist?.kind === "length")) {
    const text = JSON.stringify(fillPlaceholders(c.body.value, owner, own));
    return { path, res: await sendTwisted(server, c, path, headers, c.twist, text) };
  }
  if (c.twist?.kind === "key") headers["Idempotency-Key"] = c.twist.key;
  const req = request(server.url)[c.method](path).set(headers);
  const res =
    c.twist?.kind === "type" && c.body?.kind === "json"
      ? // Sent as text: superagent only serialises an object for a content type it knows.
        await req
          .set("Content-Type", c.twist.type)
          .send(JSON.stringify(fillPlaceholders(c.body.value, owner, own)))
      : await withBody(req, c.body, owner, own);
  return { path, res: { status: res.status, type: res.type, text: res.text ?? "" } };
}

function queryValues(v: QueryValue, resolve: (ref: IdRef) => string, ctx: FuzzContext): string[] {
  if (Array.isArray(v)) return v;
  if (typeof v === "string") return [v];
  if ("group" in v) return [String(v.group === "own" ? ctx.owner.groupId : ctx.otherGroupId)];
  // Query values are encoded by URLSearchParams: a raw id goes as written.
  return [v.from === "raw" ? String(v.value) : resolve(v)];
}

/** The body of a generated call, with its run-time placeholders filled in. */
function withBody(req: request.Test, body: Body | undefined, owner: Session, own: Record<IdKind, number[]>) {
  if (!body) return req;
  if (body.kind === "raw") return req.set("Content-Type", body.type).send(body.text);
  if (body.kind === "deep")
    return req.set("Content-Type", "application/json").send(`{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`);
  if (body.kind === "csv") {
    const csv = [
      body.header ?? "アイテム名,カテゴリ,在庫数,メモ",
      ...body.rows.map((r) => r.map(String).join(",")),
    ].join("\n");
    if (!body.truncate) return req.attach(body.field, Buffer.from(csv), "items.csv");
    // The body ends inside the part: no closing boundary.
    const text = `--x\r\nContent-Disposition: form-data; name="${body.field}"; filename="a.csv"\r\n\r\n${csv}`;
    return req.set("Content-Type", "multipart/form-data; boundary=x").send(text);
  }
  return req.send(fillPlaceholders(body.value, owner, own));
}

function fillPlaceholders(body: Record<string, unknown>, owner: Session, own: Record<IdKind, number[]>) {
  const value = { ...body };
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) delete value[k];
    // Placeholders for what only exists at run time.
    if (v === "own") value[k] = owner.groupId;
    if (k === "email" && v === "owner") value[k] = owner.email;
    if (k === "workcaseDetail" && JSON.stringify(v) === '{"id":"case"}') value[k] = { id: own.case[0] ?? 1 };
    // A plausible category (a small natural number) names one of the group's categories.
    if (
      k === "category" &&
      Number.isInteger(v) &&
      (v as number) >= 0 &&
      (v as number) < 1e6 &&
      own.category.length > 0
    )
      value[k] = own.category[(v as number) % own.category.length];
  }
  return value;
}

const ENCODERS: Record<string, (b: Buffer) => Buffer> = {
  gzip: gzipSync,
  deflate: deflateSync,
  br: brotliCompressSync,
};

/**
 * A JSON body with a Content-Encoding it is or is not in, or a Content-Length that lies about it: written
 * on a raw socket, since an HTTP client refuses to send a length that does not match.
 */
async function sendTwisted(
  server: RunningServer,
  c: Call,
  path: string,
  headers: Record<string, string>,
  twist: Extract<HeaderTwist, { kind: "encoding" | "length" }>,
  text: string,
): Promise<FuzzAnswer> {
  let body: Buffer = Buffer.from(text);
  const all: Record<string, string> = { ...headers, "Content-Type": "application/json" };
  if (twist.kind === "encoding") {
    all["Content-Encoding"] = twist.encoding;
    const encode = ENCODERS[twist.encoding];
    if (twist.encoded && encode) body = encode(body);
  }
  const length = twist.kind === "length" ? Math.max(0, body.length + twist.delta) : body.length;
  const url = new URL(server.url);
  const head = [
    `${c.method.toUpperCase()} ${path} HTTP/1.1`,
    `Host: ${url.host}`,
    "Connection: close",
    `Content-Length: ${length}`,
    ...Object.entries(all).map(([k, v]) => `${k}: ${v}`),
    "",
    "",
  ].join("\r\n");
  return new Promise<FuzzAnswer>((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    const chunks: Buffer[] = [];
    const done = () => {
      clearTimeout(timer);
      socket.destroy();
      const raw = Buffer.concat(chunks).toString("utf8");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
      const [head = "", rest = ""] = raw.split("\r\n\r\n");
      const type = /content-type: ([^\r\n;]+)/i.exec(head)?.[1] ?? "";
      resolve({ status, type, text: rest });
    };
    // A longer declared length leaves the server waiting for bytes that never come: it answers once the
    // socket's writing half is closed, or never (status 0).
    const timer = setTimeout(done, 1000);
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("end", done);
    socket.on("error", done);
    socket.write(head);
    socket.end(body);
  });
}
