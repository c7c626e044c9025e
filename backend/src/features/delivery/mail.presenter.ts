import { ja } from "@zaiko/common/messages/ja";
import { describeNotification } from "@zaiko/common/notifications/describe";
import type { NotificationDto } from "@zaiko/common/notifications/notifications.schema";
import { displayInZone } from "@zaiko/common/zonedTime";

/** A mail as it leaves: Japanese subject, plain text and HTML. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface MailContext {
  /** 姓 名 of the member. */
  name: string;
  group: string;
  zone: string;
  /** PUBLIC_URL: the links to cases; empty: no links (the server does not know its address). */
  publicUrl: string;
}

interface EventPayload {
  kind: NotificationDto["kind"];
  case_id: number | null;
  case_title: string;
  item_title: string | null;
  actor_name: string | null;
  quantity: number | null;
  due_at: string | null;
  at: string;
}

interface DigestLine {
  case_id: number;
  case_title: string;
  item_title: string;
  quantity: number;
  issued: number;
  received: number;
  start: string;
  end: string;
}

interface DigestPayload {
  day: string;
  overdue: DigestLine[];
  issues: DigestLine[];
  receives: DigestLine[];
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const caseUrl = (ctx: MailContext, caseId: number | null) =>
  ctx.publicUrl && caseId ? `${ctx.publicUrl}/orderitems/${caseId}` : "";

const show = (ctx: MailContext, iso: string) => displayInZone(new Date(iso).getTime(), ctx.zone);

function subjectOf(p: EventPayload): string {
  const M = ja.mail;
  switch (p.kind) {
    case "hold.expiring":
      return M.holdExpiringSubject(p.case_title);
    case "hold.lapsed":
      return M.holdLapsedSubject(p.case_title);
    case "case.confirmed":
      return M.caseConfirmedSubject(p.case_title);
    case "case.cancelled":
      return M.caseCancelledSubject(p.case_title);
    case "orderitem.overdue":
      return M.overdueSubject(p.case_title);
    case "unit.lost":
      return M.unitLostSubject(p.case_title);
    case "unit.broken":
      return M.unitBrokenSubject(p.case_title);
  }
}

function wrap(ctx: MailContext, subject: string, textBody: string[], htmlBody: string): MailContent {
  const M = ja.mail;
  return {
    subject: `${M.subjectPrefix}${subject}`,
    text: [M.greeting(ctx.name), "", ...textBody, "", "--", M.footer(ctx.group), ""].join("\n"),
    html: `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.6; color: #222">
<p>${escapeHtml(M.greeting(ctx.name))}</p>
${htmlBody}
<hr><p style="color: #666; font-size: 12px">${escapeHtml(M.footer(ctx.group))}</p>
</body></html>`,
  };
}

/** The mail of one notification (a hold's reminder or lapse, …): the bell's sentence and the case's link. */
export function eventMail(payload: Record<string, unknown>, ctx: MailContext): MailContent {
  const p = payload as unknown as EventPayload;
  const dto: NotificationDto = {
    id: 0,
    kind: p.kind,
    work_case: p.case_id,
    case_title: p.case_title,
    item_title: p.item_title,
    actor_name: p.actor_name,
    quantity: p.quantity,
    due_at: p.due_at ? new Date(p.due_at).toISOString() : null,
    at: new Date(p.at).toISOString(),
    read: false,
  };
  const sentence = describeNotification(dto, (iso) => show(ctx, iso));
  const url = caseUrl(ctx, p.case_id);
  return wrap(
    ctx,
    subjectOf(p),
    [sentence, ...(url ? ["", ja.mail.openCase(url)] : [])],
    `<p>${escapeHtml(sentence)}</p>${url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(ja.mail.openCaseLink)}</a></p>` : ""}`,
  );
}

const DIGEST_LIMIT = 50;

/** The daily digest: overdue units, today's issues and receives of the group; undefined when all are empty. */
export function digestMail(payload: Record<string, unknown>, ctx: MailContext): MailContent | undefined {
  const p = payload as unknown as DigestPayload;
  if (p.overdue.length + p.issues.length + p.receives.length === 0) return undefined;
  const M = ja.mail;
  const sections: [string, DigestLine[], (l: DigestLine) => string][] = [
    [
      M.digestOverdue,
      p.overdue,
      (l) => M.digestOverdueLine(l.case_title, l.item_title, l.issued - l.received, show(ctx, l.end)),
    ],
    [
      M.digestIssues,
      p.issues,
      (l) => M.digestIssueLine(l.case_title, l.item_title, l.quantity, show(ctx, l.start)),
    ],
    [
      M.digestReceives,
      p.receives,
      (l) => M.digestIssueLine(l.case_title, l.item_title, l.quantity, show(ctx, l.end)),
    ],
  ];
  const text: string[] = [M.digestIntro(p.day)];
  let html = `<p>${escapeHtml(M.digestIntro(p.day))}</p>`;
  for (const [title, lines, line] of sections) {
    text.push("", `■ ${title}（${lines.length}${lines.length >= DIGEST_LIMIT ? "+" : ""}件）`);
    html += `<h3>${escapeHtml(title)}</h3>`;
    if (lines.length === 0) {
      text.push(M.digestNone);
      html += `<p>${escapeHtml(M.digestNone)}</p>`;
      continue;
    }
    html += "<ul>";
    for (const l of lines) {
      const url = caseUrl(ctx, l.case_id);
      text.push(`・${line(l)}${url ? ` ${url}` : ""}`);
      html += `<li>${url ? `<a href="${escapeHtml(url)}">${escapeHtml(line(l))}</a>` : escapeHtml(line(l))}</li>`;
    }
    html += "</ul>";
    if (lines.length >= DIGEST_LIMIT) {
      text.push(M.digestMore);
      html += `<p>${escapeHtml(M.digestMore)}</p>`;
    }
  }
  return wrap(ctx, M.digestSubject(p.day), text, html);
}
