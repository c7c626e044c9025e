import { createTransport } from "nodemailer";
import type { Config } from "../../config";
import type { LogDeps, ReadDeps } from "../../lib/serviceDeps";
import { digestMail, eventMail, type MailContent } from "./mail.presenter";
import { type ClaimedDelivery, claimDue, type Lane, markOutcome } from "./sender.queries";
import {
  DELIVERY_HEADER,
  EVENT_HEADER,
  SIGNATURE_HEADER,
  signatureOf,
  TIMESTAMP_HEADER,
  webhookBody,
} from "./webhook.presenter";
import { callWebhook } from "./webhookCall.service";

/** Sends in flight per lane and process (and rows claimed per round of sendDue). */
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
  | { status: "failed"; httpStatus: number | null; error: string; permanent?: boolean };

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
      // An SMTP 5xx reply is a permanent refusal (RFC 5321 4.2.1: the same mail will be refused again, e.g.
      // 550 no such mailbox): asking again would only hammer the server. 4xx and lost connections are retried.
      permanent: e.responseCode !== undefined && e.responseCode >= 500,
    };
  }
}

/** Makes one attempt of a claimed delivery and records its outcome (sent, skipped, retry later, failed). */
async function attemptAndMark(deps: SenderDeps, d: ClaimedDelivery): Promise<void> {
  const db = deps.database.db;
  const outcome = await attempt(deps, d);
  const at = new Date();
  if (outcome.status !== "failed") {
    await markOutcome(db, d.id, d.attempts, { status: outcome.status, at });
    return;
  }
  const last = outcome.permanent === true || d.attempts >= deps.config.deliveryMaxAttempts;
  if (!last) deps.logger.info({ delivery: d.id, error: outcome.error }, "delivery failed, will retry");
  else deps.logger.warn({ delivery: d.id, error: outcome.error }, "delivery given up");
  await markOutcome(db, d.id, d.attempts, {
    status: last ? "failed" : "pending",
    nextAttemptAt: new Date(at.getTime() + backoffMs(deps.config.deliveryRetryBaseMs, d.attempts)),
    httpStatus: outcome.httpStatus,
    error: outcome.error,
    at,
  });
}

/** How a sender claims due deliveries (sender.queries.ts#claimDue). */
export type ClaimDue = typeof claimDue;

/**
 * One round on the clock `now` (the tests' sender): claims what is due in both lanes (up to 10 mails, and one
 * call per webhook up to 10), sends them side by side outside any transaction, and waits for their outcomes.
 * Returns how many were claimed. `claim` is claimDue; the concurrency test composes others
 * (backend/src/test/deliveryFaults.ts).
 */
export async function sendDue(deps: SenderDeps, now: Date, claim: ClaimDue = claimDue): Promise<number> {
  const db = deps.database.db;
  const lease = leaseOf(deps.config);
  const claimed = [
    ...(await claim(db, now, lease, BATCH, "mail")),
    ...(await claim(db, now, lease, BATCH, "webhook")),
  ];
  await Promise.all(claimed.map((d) => attemptAndMark(deps, d)));
  return claimed.length;
}

export interface Sender {
  /** Something was queued through this process: look now. */
  wake(): void;
  stop(): Promise<void>;
}

/**
 * The sender of this process: two lanes, mails and webhook calls, each with at most 10 sends in flight. A lane
 * claims as soon as it has a free place (a send finished, the tick every `everyMs`, a wake), never waiting for
 * a batch, so a receiver or a mail server that hangs holds its own places only; a webhook has at most one call
 * in flight per process. Each claim and mark is one statement on its own connection, never inside a request.
 * Any number of processes run one; SKIP LOCKED and the lease give each row to one of them. `clock` is Date.now.
 */
export function startSender(deps: SenderDeps, everyMs: number, clock: () => number): Sender {
  let stopped = false;
  const inFlight = new Set<Promise<void>>();
  const lease = leaseOf(deps.config);

  const lane = (name: Lane) => {
    let sending = 0;
    const busyWebhooks = new Set<number>();
    let claiming = false;
    let again = false;
    const fill = async (): Promise<void> => {
      if (stopped) return;
      if (claiming) {
        again = true;
        return;
      }
      claiming = true;
      try {
        while (!stopped && sending < BATCH) {
          const rows = await claimDue(deps.database.db, new Date(clock()), lease, BATCH - sending, name, [
            ...busyWebhooks,
          ]);
          if (rows.length === 0) break;
          for (const d of rows) {
            sending++;
            if (d.webhook_id !== null) busyWebhooks.add(d.webhook_id);
            const task = attemptAndMark(deps, d)
              .catch((err) => deps.logger.warn({ err, delivery: d.id }, "delivery attempt failed"))
              .finally(() => {
                sending--;
                if (d.webhook_id !== null) busyWebhooks.delete(d.webhook_id);
                inFlight.delete(task);
                void fill();
              });
            inFlight.add(task);
          }
        }
      } catch (err) {
        deps.logger.warn({ err }, "delivery claim failed");
      } finally {
        claiming = false;
      }
      if (again) {
        again = false;
        await fill();
      }
    };
    return fill;
  };
  const lanes = [lane("mail"), lane("webhook")];
  const look = () => {
    for (const fill of lanes) void fill();
  };
  const timer = setInterval(look, everyMs);
  timer.unref();
  look();
  return {
    wake: look,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await Promise.all([...inFlight]);
    },
  };
}
