import { createHmac } from "node:crypto";
import { ja } from "@zaiko/common/messages/ja";
import { describeNotification } from "@zaiko/common/notifications/describe";
import type { NotificationDto } from "@zaiko/common/notifications/notifications.schema";
import { displayInZone } from "@zaiko/common/zonedTime";

/** The signature header: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>" with the webhook's secret>`. */
export const SIGNATURE_HEADER = "X-Zaiko-Signature";
/** Unix seconds of the attempt, part of what is signed (a receiver refuses old ones: replays). */
export const TIMESTAMP_HEADER = "X-Zaiko-Timestamp";
export const EVENT_HEADER = "X-Zaiko-Event";
/** The delivery's id: the same on every retry of one event (a receiver drops the repeats by it). */
export const DELIVERY_HEADER = "X-Zaiko-Delivery";

/** `sha256=…` of a body sent at `timestamp` (unix seconds). */
export const signatureOf = (secret: string, timestamp: number, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

interface Payload {
  kind: string;
  case_id?: number | null;
  case_title?: string;
  item_title?: string | null;
  actor_name?: string | null;
  quantity?: number | null;
  due_at?: string | null;
  at: string;
}

const isoOrNull = (v: string | null | undefined) => (v ? new Date(v).toISOString() : null);

/** The sentence of an event (the bell's), for Slack's text. */
function sentenceOf(p: Payload, zone: string): string {
  if (p.kind === "webhook.test") return ja.webhooks.testText;
  const dto = {
    id: 0,
    kind: p.kind as NotificationDto["kind"],
    work_case: p.case_id ?? null,
    case_title: p.case_title ?? "",
    item_title: p.item_title ?? null,
    actor_name: p.actor_name ?? null,
    quantity: p.quantity ?? null,
    due_at: isoOrNull(p.due_at),
    at: new Date(p.at).toISOString(),
    read: false,
  } satisfies NotificationDto;
  return describeNotification(dto, (iso) => displayInZone(new Date(iso).getTime(), zone));
}

/**
 * The body of a webhook call (docs/notifications.md, "Webhooks"): JSON
 * `{id, event, occurred_at, group: {id, name}, case: {id, title, url} | null, item, quantity, actor, due_at, text}`,
 * or for the Slack format `{"text": "…"}`.
 */
export function webhookBody(
  delivery: {
    id: number;
    kind: string;
    group_id: number;
    group_name: string;
    payload: Record<string, unknown>;
  },
  format: "json" | "slack",
  ctx: { zone: string; publicUrl: string },
): string {
  const p = delivery.payload as unknown as Payload;
  const url = ctx.publicUrl && p.case_id ? `${ctx.publicUrl}/orderitems/${p.case_id}` : null;
  const text = sentenceOf(p, ctx.zone);
  if (format === "slack") {
    return JSON.stringify({ text: url ? `${text} <${url}|${ja.mail.openCaseLink}>` : text });
  }
  return JSON.stringify({
    id: delivery.id,
    event: delivery.kind,
    occurred_at: new Date(p.at).toISOString(),
    group: { id: delivery.group_id, name: delivery.group_name },
    case: p.case_id ? { id: p.case_id, title: p.case_title ?? "", url } : null,
    item: p.item_title ?? null,
    quantity: p.quantity ?? null,
    actor: p.actor_name ?? null,
    due_at: isoOrNull(p.due_at),
    text,
  });
}
