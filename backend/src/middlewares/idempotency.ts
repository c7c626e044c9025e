import { createHash, randomUUID } from "node:crypto";
import { ja } from "@zaiko/common/messages/ja";
import type { Context, Next } from "koa";
import type { Db } from "../db/client";
import type { AuthUser } from "../lib/authUser";
import { HttpError, httpError } from "../lib/httpError";
import { isWriteMethod } from "../lib/httpMethods";
import { fromFrameworkError } from "./errors";
import {
  claimKey,
  type KeyRef,
  type KeyRow,
  readKey,
  releaseKey,
  type StoredAnswer,
  storeAnswer,
  takeOverKey,
} from "./idempotency.queries";
import { isStreamLike } from "./jsonBytes";

/** The request header (IETF draft "The Idempotency-Key HTTP Header Field") and the replay's mark. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";

/** How long a key and its answer are kept (housekeeping deletes older ones). */
export const KEY_TTL_HOURS = 24;
/**
 * A pending claim older than this was left by a process that died mid-request, and a repeat may run the
 * work again. Longer than any request may take (nginx gives up after 60 s, the client after 10).
 */
export const STALE_CLAIM_SECONDS = 120;
/** How long a repeat waits for the first attempt of its key to answer before it gets a 409. */
const WAIT_MS = 5_000;

/** 1 to 255 printable ASCII characters (no control characters, nothing beyond ASCII). */
const KEY_FORMAT = /^[\x20-\x7e]{1,255}$/;

/**
 * Runs `next` at most once per `Idempotency-Key` of the signed-in member (docs/idempotency.md): an unsafe
 * call that carries the header claims the key in the shared database before the work; a repeat gets the
 * first answer replayed (waiting for it while the first attempt still runs, on any process), with no second
 * effect and no second event. A call without the header, or a safe one, runs as it always did, with no
 * query added. Called by requireAuth after it has authenticated the user.
 */
export async function idempotent(db: Db, ctx: Context, user: AuthUser, next: Next): Promise<void> {
  const header = ctx.headers["idempotency-key"];
  if (header === undefined || !isWriteMethod(ctx.method)) return next();
  if (typeof header !== "string" || !KEY_FORMAT.test(header)) throw httpError(400, ja.idempotency.invalidKey);
  const ref: KeyRef = { groupId: user.groupId, userId: user.id, key: header };
  const fingerprint = fingerprintOf(ctx);
  const claim = randomUUID();
  const deadline = Date.now() + WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    if (await claimKey(db, ref, fingerprint, claim)) return runOnce(db, ctx, ref, claim, next);
    const row = await readKey(db, ref, STALE_CLAIM_SECONDS);
    // Released between the two statements (the first attempt failed): claim it again at once.
    if (!row && Date.now() < deadline) continue;
    if (!row) throw httpError(409, ja.idempotency.inProgress);
    if (row.fingerprint !== fingerprint) throw httpError(422, ja.idempotency.keyReused);
    if (row.state === "done") return replay(ctx, row);
    if (row.stale && (await takeOverKey(db, ref, STALE_CLAIM_SECONDS, claim)))
      return runOnce(db, ctx, ref, claim, next);
    if (Date.now() >= deadline) throw httpError(409, ja.idempotency.inProgress);
    await sleep(Math.min(25 * 2 ** attempt, 400));
  }
}

/** Method, URL and body bytes: what makes a repeat "the same request". */
function fingerprintOf(ctx: Context): string {
  // The JSON body as it came (@koa/bodyparser keeps it). A multipart upload is still unread here (its route
  // streams it), so only its method and URL count: docs/idempotency.md.
  const raw = (ctx.request as { rawBody?: unknown }).rawBody;
  return createHash("sha256")
    .update(`${ctx.method} ${ctx.url}\n`)
    .update(typeof raw === "string" ? raw : "")
    .digest("base64url");
}

/** Runs the work once under the claim, then stores its answer, or releases the key when it is no answer. */
async function runOnce(db: Db, ctx: Context, ref: KeyRef, claim: string, next: Next): Promise<void> {
  let answer: StoredAnswer | undefined;
  try {
    await next();
    answer = answerOf(ctx);
  } catch (err) {
    answer = refusalOf(err);
    throw err;
  } finally {
    await settle(db, ctx, ref, claim, answer);
  }
}

/**
 * Stores the answer, or releases the key. A failure here is logged, not thrown: the work is done and its
 * answer must reach the client; the key stays pending and a repeat waits, then gets a 409, until the claim
 * is stale.
 */
async function settle(db: Db, ctx: Context, ref: KeyRef, claim: string, answer: StoredAnswer | undefined) {
  try {
    if (answer) await storeAnswer(db, ref, claim, answer);
    else await releaseKey(db, ref, claim);
  } catch (err) {
    ctx.log?.warn({ err }, answer ? "idempotency: answer not stored" : "idempotency: key not released");
  }
}

/** Answers a retry gets again: successes and refusals. 5xx, 408 and 429 say "try again", so they are not kept. */
const keeps = (status: number) => status < 500 && status !== 408 && status !== 429;

/** The answer the route gave, if it is one to keep (JSON or text; files and streams are not). */
function answerOf(ctx: Context): StoredAnswer | undefined {
  if (!keeps(ctx.status)) return undefined;
  const body: unknown = ctx.body;
  const contentType = ctx.response.get("Content-Type") || null;
  if (body === undefined || body === null) return { status: ctx.status, contentType: null, body: null };
  if (typeof body === "string") return { status: ctx.status, contentType, body };
  if (typeof body !== "object" || Buffer.isBuffer(body) || isStreamLike(body)) return undefined;
  return {
    status: ctx.status,
    contentType: contentType ?? "application/json; charset=utf-8",
    body: JSON.stringify(body),
  };
}

/** A thrown refusal (409 shortage, 404, 400 …) is the answer too; anything else becomes a 500 and is not kept. */
function refusalOf(err: unknown): StoredAnswer | undefined {
  const known =
    err instanceof HttpError ? err : fromFrameworkError(err as Parameters<typeof fromFrameworkError>[0]);
  if (!known || !keeps(known.status)) return undefined;
  return {
    status: known.status,
    contentType: "application/json; charset=utf-8",
    body: JSON.stringify(known.body),
  };
}

/** Sends the stored answer again, marked as a replay. */
function replay(ctx: Context, row: KeyRow): void {
  ctx.set(REPLAYED_HEADER, "true");
  ctx.status = row.status;
  if (row.body === null) return;
  // The type first: Koa would call a Buffer body without one application/octet-stream.
  if (row.contentType) ctx.set("Content-Type", row.contentType);
  ctx.body = Buffer.from(row.body);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
