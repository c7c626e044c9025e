import { randomBytes } from "node:crypto";
import { ja } from "@zaiko/common/messages/ja";
import type {
  MailPreferencesDto,
  WebhookCreatedDto,
  WebhookDeliveryDto,
  WebhookDto,
} from "@zaiko/common/notifications/delivery.schema";
import type { Config } from "../../config";
import { authorize } from "../../lib/authorize";
import { HttpError, httpError } from "../../lib/httpError";
import { iso, isoOrNull } from "../../lib/iso";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { lockGroup } from "../groups";
import {
  countWebhooks,
  deleteWebhook,
  deliveriesOf,
  insertWebhook,
  preferencesOf,
  savePreferences,
  updateWebhook,
  webhookOf,
  webhooksOf,
} from "./delivery.queries";
import { DEFAULT_MAIL_KINDS, enqueueTest } from "./enqueue.queries";
import { mailIsOn } from "./sender.service";
import { checkWebhookUrl } from "./webhookTarget.input";

/** Webhooks a group may have. */
export const MAX_WEBHOOKS = 10;
/** The delivery log shows this many of a webhook's latest deliveries (housekeeping keeps as many). */
export const WEBHOOK_LOG_SIZE = 100;

type Deps = ReadDeps & {
  config: Pick<Config, "smtpUrl" | "mailFrom" | "holdReminderAheadMs" | "webhookAllowPrivate">;
};

/** GET /api/mail-preferences/ */
export async function mailPreferences(deps: Deps, member: AuthUser): Promise<MailPreferencesDto> {
  const row = await preferencesOf(deps.database.db, member.id);
  return {
    mail_enabled: mailIsOn(deps.config),
    hold_reminder_hours: deps.config.holdReminderAheadMs / 3_600_000,
    kinds: row ? row.kinds : [...DEFAULT_MAIL_KINDS],
    digest: row ? row.digest : false,
  };
}

/** PUT /api/mail-preferences/: the member's own choices (whether or not this server sends mail). */
export async function saveMailPreferences(
  deps: Deps,
  member: AuthUser,
  body: { kinds: string[]; digest: boolean },
): Promise<MailPreferencesDto> {
  await savePreferences(deps.database.db, member.id, [...new Set(body.kinds)].sort(), body.digest);
  return mailPreferences(deps, member);
}

const notFound = () => httpError(404, ja.webhooks.notFound);

function checkUrl(deps: Deps, url: string): void {
  const problem = checkWebhookUrl(url, deps.config.webhookAllowPrivate);
  if (problem) throw new HttpError(400, { detail: ja.webhooks[problem], url: [ja.webhooks[problem]] });
}

/** GET /api/webhooks/ (owners) */
export async function listWebhooks(deps: Deps, member: AuthUser): Promise<WebhookDto[]> {
  authorize(member, "webhooks.manage");
  const rows = await webhooksOf(deps.database.db, member.groupId);
  return rows.map((r) => ({
    id: Number(r.id),
    url: r.url,
    format: r.format,
    active: r.active,
    created: iso(new Date(r.created_at)),
    last_status: (r.last_status as WebhookDto["last_status"]) ?? null,
    last_at: isoOrNull(r.last_at),
  }));
}

/** POST /api/webhooks/ (owners): a new webhook and its signing secret, shown once. */
export async function createWebhook(
  deps: Deps,
  member: AuthUser,
  body: { url: string; format: "json" | "slack" },
): Promise<WebhookCreatedDto> {
  authorize(member, "webhooks.manage");
  checkUrl(deps, body.url);
  const secret = `whsec_${randomBytes(24).toString("base64url")}`;
  const row = await deps.database.db.transaction(async (tx) => {
    // Creations at once wait for each other here, so a count and its insert cannot interleave with another's.
    await lockGroup(tx, member.groupId);
    if ((await countWebhooks(tx, member.groupId)) >= MAX_WEBHOOKS) throw httpError(400, ja.webhooks.tooMany);
    return insertWebhook(tx, member.groupId, body.url, body.format, secret);
  });
  return {
    id: row.id,
    url: row.url,
    format: row.format,
    active: row.active,
    created: iso(row.createdAt),
    last_status: null,
    last_at: null,
    secret,
  };
}

/** PATCH /api/webhooks/{id}/ (owners): its URL, format, or on/off. */
export async function changeWebhook(
  deps: Deps,
  member: AuthUser,
  id: number,
  body: { url?: string; format?: "json" | "slack"; active?: boolean },
): Promise<WebhookDto> {
  authorize(member, "webhooks.manage");
  if (body.url !== undefined) checkUrl(deps, body.url);
  const set = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const row =
    Object.keys(set).length > 0
      ? await updateWebhook(deps.database.db, member.groupId, id, set)
      : await webhookOf(deps.database.db, member.groupId, id);
  if (!row) throw notFound();
  const [dto] = (await listWebhooks(deps, member)).filter((w) => w.id === id);
  return dto!;
}

/** DELETE /api/webhooks/{id}/ (owners): the webhook and its log. */
export async function removeWebhook(deps: Deps, member: AuthUser, id: number): Promise<void> {
  authorize(member, "webhooks.manage");
  if (!(await deleteWebhook(deps.database.db, member.groupId, id))) throw notFound();
}

/** POST /api/webhooks/{id}/test/ (owners): queues a `webhook.test` call; the sender makes it after this answer. */
export async function testWebhook(deps: Deps, member: AuthUser, id: number): Promise<{ delivery: number }> {
  authorize(member, "webhooks.manage");
  const hook = await webhookOf(deps.database.db, member.groupId, id);
  if (!hook) throw notFound();
  return { delivery: await enqueueTest(deps.database.db, member.groupId, id) };
}

/** GET /api/webhooks/{id}/deliveries/ (owners): the latest 100 deliveries, newest first. */
export async function webhookLog(deps: Deps, member: AuthUser, id: number): Promise<WebhookDeliveryDto[]> {
  authorize(member, "webhooks.manage");
  const db = deps.database.db;
  if (!(await webhookOf(db, member.groupId, id))) throw notFound();
  const rows = await deliveriesOf(db, id, WEBHOOK_LOG_SIZE);
  return rows.map((d) => ({
    id: d.id,
    event: d.kind,
    status: d.status,
    attempts: d.attempts,
    http_status: d.lastStatus,
    error: d.lastError,
    created: iso(d.createdAt),
    attempted: isoOrNull(d.lastAttemptAt),
    sent: isoOrNull(d.sentAt),
  }));
}
