import { createTransport } from "nodemailer";
import type { Config } from "../../config";
import type { LogDeps, ReadDeps } from "../../lib/serviceDeps";
import { digestMail, eventMail, type MailContent } from "./mail.presenter";
import { type ClaimedDelivery, claimDue, markOutcome } from "./sender.queries";
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signatureOf,
  TIMESTAMP_HEADER,
  webhookBody,
} from "./webhook.presenter";
import { callWebhook } from "./webhookCall.service";

/** Rows claimed per round; they are sent side by side. */
const BATCH = 10;
/** The longest wait between two attempts of one delivery. */
const MAX_BACKOFF_MS = 3_600_000;

type SenderConfig = Pick<
  Config,
  | "smtpUrl"
  | "mailFrom"
  | "timeZone"
  | "publicUrl"
  | "deliveryRetryBaseMs"
  | "deliveryMaxAttempts"
  | "webhookTimeoutMs"
  | "mailTimeoutMs"
  | "webhookAllowPrivate"
>;

/** Whether this server sends mail: both SMTP_URL and MAIL_FROM set. */
export const mailIsOn = (config: Pick<Config, "smtpUrl" | "mailFrom">) =>
  Boolean(config.smtpUrl && config.mailFrom);

/** Sends one mail; throws when the server refused it or could not be reached in time. */
export type SendMail = (to: string, content: MailContent) => Promise<void>;

/** nodemailer's SMTP transport for SMTP_URL, with every step bounded by MAIL_TIMEOUT_MS. */
export function smtpMailer(config: SenderConfig): SendMail | undefined {
  if (!mailIsOn(config)) return undefined;
  const options = {
    url: config.smtpUrl,
    connectionTimeout: config.mailTimeoutMs,
    greetingTimeout: config.mailTimeoutMs,
    socketTimeout: config.mailTimeoutMs,
    dnsTimeout: config.mailTimeoutMs,
  };
  const transport = createTransport(options as Parameters<typeof createTransport>[0]);
  return async (to, content) => {
    await transport.sendMail({ from: config.mailFrom, to, ...content });
  };
}

export interface SenderDeps extends ReadDeps, LogDeps {
  config: SenderConfig;
  sendMail?: SendMail;
}

/**
 * The lease of a claimed row: longer than any attempt can take (an SMTP conversation is a handful of
 * MAIL_TIMEOUT_MS steps, a webhook call WEBHOOK_TIMEOUT_MS), so no other sender takes it while it is sent.
 */
const leaseOf = (config: SenderConfig) =>
  Math.max(10 * 60_000, 10 * config.mailTimeoutMs, 4 * config.webhookTimeoutMs);

/** The wait after a failed attempt `attempts`: base, 2×base, 4×base, … at most an hour. */
export const backoffMs = (base: number, attempts: number) =>
  Math.min(MAX_BACKOFF_MS, base * 2 ** Math.max(0, attempts - 1));

type Outcome =
  | { status: "sent" | "skipped" }
  | { status: "failed"; httpStatus: number | null; error: string };

async function attempt(deps: SenderDeps, d: ClaimedDelivery): Promise<Outcome> {
  const { config } = deps;
  if (d.webhook_id !== null) {
    if (!d.url || !d.secret || !d.active) return { status: "skipped" };
    const body = webhookBody(d, d.format ?? "json", { zone: config.timeZone, publicUrl: config.publicUrl });
    const timestamp = Math.floor(Date.now() / 1000);
    const r = await callWebhook(
      d.url,
      body,
      {
        [SIGNATURE_HEADER]: signatureOf(d.secret, timestamp, body),
        [TIMESTAMP_HEADER]: String(timestamp),
        [EVENT_HEADER]: d.kind,
        [DELIVERY_HEADER]: String(d.id),
      },
      config.webhookTimeoutMs,
      config.webhookAllowPrivate,
    );
    return r.ok ? { status: "sent" } : { status: "failed", httpStatus: r.status, error: r.error ?? "failed" };
  }
  // A mail: to a member who is still in the group, while mail is on.
  if (!deps.sendMail || !d.email || !d.is_member) return { status: "skipped" };
  const ctx = {
    name: `${d.last_name ?? ""} ${d.first_name ?? ""}`.trim(),
    group: d.group_name,
    zone: config.timeZone,
    publicUrl: config.publicUrl,
  };
  const content = d.kind === "digest" ? digestMail(d.payload, ctx) : eventMail(d.payload, ctx);
  if (!content) return { status: "skipped" };
  try {
    await deps.sendMail(d.email, content);
    return { status: "sent" };
  } catch (err) {
    const e = err as { responseCode?: number; code?: string; message?: string };
    return {
      status: "failed",
      httpStatus: e.responseCode ?? null,
      error: (e.code ?? e.message ?? "failed").slice(0, 500),
    };
  }
}

/**
 * One round of the sender on the clock `now`: claims due deliveries (committed at once, leased), sends them
 * side by side outside any transaction, and marks each sent, skipped, retried later (backoff) or failed
 * after the last attempt. Returns how many were claimed.
 */
export async function sendDue(deps: SenderDeps, now: Date): Promise<number> {
  const db = deps.database.db;
  const claimed = await claimDue(db, now, leaseOf(deps.config), BATCH);
  await Promise.all(
    claimed.map(async (d) => {
      const outcome = await attempt(deps, d);
      const at = new Date();
      if (outcome.status !== "failed") {
        await markOutcome(db, d.id, d.attempts, { status: outcome.status, at });
        return;
      }
      const last = d.attempts >= deps.config.deliveryMaxAttempts;
      if (!last) deps.logger.info({ delivery: d.id, error: outcome.error }, "delivery failed, will retry");
      else deps.logger.warn({ delivery: d.id, error: outcome.error }, "delivery given up");
      await markOutcome(db, d.id, d.attempts, {
        status: last ? "failed" : "pending",
        nextAttemptAt: new Date(at.getTime() + backoffMs(deps.config.deliveryRetryBaseMs, d.attempts)),
        httpStatus: outcome.httpStatus,
        error: outcome.error,
        at,
      });
    }),
  );
  return claimed.length;
}

export interface Sender {
  /** Something was queued through this process: a round now. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The sender of this process: a round every `everyMs` and on `wake`, one at a time, each on its own
 * connection and never inside a request (nothing a request waits for). Any number of processes run one;
 * SKIP LOCKED and the lease give each row to one of them. `clock` is Date.now in production.
 */
export function startSender(deps: SenderDeps, everyMs: number, clock: () => number): Sender {
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        // A full batch: more may be due at once.
        while (!stopped && (await sendDue(deps, new Date(clock()))) === BATCH);
      } catch (err) {
        deps.logger.warn({ err }, "delivery round failed");
      }
    })().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        run();
      }
    });
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    wake: run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
