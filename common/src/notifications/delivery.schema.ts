import "../zodConfig";
import { z } from "zod";
import { ja } from "../messages/ja";
import { NOTIFICATION_KINDS } from "./notifications.schema";

const invalid = { error: ja.validation.invalidValue };

/** GET/PUT /api/mail-preferences/: what the member receives by e-mail (docs/notifications.md, "E-mail"). */
export interface MailPreferencesDto {
  /** Whether this server sends mail at all (SMTP_URL and MAIL_FROM). */
  mail_enabled: boolean;
  /** How long before its deadline a hold is reminded (HOLD_REMINDER_HOURS). */
  hold_reminder_hours: number;
  kinds: string[];
  digest: boolean;
}

export const MailPreferencesSchema = z.object({
  kinds: z.array(z.enum(NOTIFICATION_KINDS, invalid), invalid).max(NOTIFICATION_KINDS.length, invalid),
  digest: z.boolean(invalid),
});

/** The events a webhook receives (docs/notifications.md, "Webhooks"). */
export const WEBHOOK_EVENTS = [...NOTIFICATION_KINDS, "webhook.test"] as const;

export interface WebhookDto {
  id: number;
  url: string;
  format: "json" | "slack";
  active: boolean;
  created: string;
  /** The latest delivery: its status and when it was last tried (null before the first). */
  last_status: "pending" | "sent" | "failed" | "skipped" | null;
  last_at: string | null;
}

/** POST /api/webhooks/: the secret is shown this once. */
export interface WebhookCreatedDto extends WebhookDto {
  secret: string;
}

export interface WebhookDeliveryDto {
  id: number;
  event: string;
  status: "pending" | "sent" | "failed" | "skipped";
  attempts: number;
  /** The receiver's HTTP status of the last attempt. */
  http_status: number | null;
  error: string | null;
  created: string;
  /** The last attempt's time (null while none was made). */
  attempted: string | null;
  sent: string | null;
}

const w = ja.webhooks;
export const WebhookWriteSchema = z.object({
  url: z.string({ error: w.badUrl }).trim().min(1, { error: w.badUrl }).max(2000, { error: w.badUrl }),
  format: z.enum(["json", "slack"], invalid).default("json"),
});

export const WebhookPatchSchema = z.object({
  url: WebhookWriteSchema.shape.url.optional(),
  format: z.enum(["json", "slack"], invalid).optional(),
  active: z.boolean(invalid).optional(),
});
