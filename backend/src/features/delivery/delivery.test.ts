import type {
  MailPreferencesDto,
  WebhookCreatedDto,
  WebhookDeliveryDto,
} from "@zaiko/common/notifications/delivery.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import { rowsOf } from "../../db/rawSql";
import type { RunningServer } from "../../server";
import { bearer, ownerWithStaff, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { deriveNotifications } from "../notifications/notifier.service";
import { add, at, HOUR, makeCase } from "../orderitems/orderitems.testkit";
import { sweepLapsedHolds } from "../workcases/holdSweeper.service";
import { lapse, makeHold, setStatus } from "../workcases/lifecycle.testkit";
import {
  startReceiver,
  startSmtp,
  type TestReceiver,
  type TestSmtp,
  verifySignature,
} from "./delivery.testkit";
import { sendDue, smtpMailer } from "./sender.service";

/**
 * Mails and webhooks (docs/notifications.md, "E-mail", "Webhooks") on both databases, with a real SMTP server
 * (smtp-server, mails parsed with mailparser) and real HTTP receivers started here. The server runs no
 * notifier and no sender of its own: the test runs the notifier's passes and the sender's rounds with the
 * clock it chooses.
 */
describeOnDatabases("mail and webhooks", (driver) => {
  let smtp: TestSmtp;
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  const receivers: TestReceiver[] = [];

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer(driver, {
      config: {
        notifyEveryMs: 0,
        holdSweepMaxWaitMs: 0,
        deliverEveryMs: 0,
        smtpUrl: smtp.url,
        mailFrom: "在庫管理 <zaiko@example.jp>",
        publicUrl: "https://zaiko.example.jp",
        webhookAllowPrivate: true,
        webhookTimeoutMs: 500,
        deliveryRetryBaseMs: 50,
        deliveryMaxAttempts: 3,
      },
    });
    ({ owner, staff } = await ownerWithStaff(server));
  });
  afterEach(async () => {
    for (const r of receivers.splice(0)) await r.close();
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  const api = () => request(server.url);
  const pass = (now = new Date()) =>
    deriveNotifications(
      {
        database: server.deps.database,
        announce: () => {},
        delivery: { mail: true, holdReminderAheadMs: 24 * HOUR, timeZone: server.deps.config.timeZone },
      },
      now,
    );
  const senderDeps = () => ({
    database: server.deps.database,
    logger: server.deps.logger,
    config: server.deps.config,
    sendMail: smtpMailer(server.deps.config),
  });
  /** Sender rounds until nothing is due now. */
  const send = async (now = new Date()) => {
    while ((await sendDue(senderDeps(), now)) > 0);
  };
  const mailsAbout = (title: string) => smtp.mails.filter((m) => (m.subject ?? "").includes(title));
  const toOf = (m: (typeof smtp.mails)[number]) =>
    (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);

  it("reminds the holder by mail 24 h before the deadline and at the lapse, once each, in Japanese text and HTML", async () => {
    const deadline = new Date(Date.now() + 48 * HOUR);
    const hold = await makeHold(server, staff, { title: "展示会メール", holdUntil: deadline.toISOString() });
    await pass(new Date(deadline.getTime() - 25 * HOUR));
    await send();
    expect(mailsAbout("展示会メール")).toEqual([]);

    await pass(new Date(deadline.getTime() - 23 * HOUR));
    await pass(new Date(deadline.getTime() - 1 * HOUR));
    await send();
    await send();
    const [reminder, ...more] = mailsAbout("展示会メール");
    expect(more).toEqual([]);
    expect(reminder!.subject).toBe("【在庫管理】仮押さえ「展示会メール」の期限が近づいています");
    expect(toOf(reminder!)).toEqual([staff.email]);
    expect(reminder!.from?.text).toContain("zaiko@example.jp");
    expect(reminder!.text).toContain("佐藤 花子 様");
    expect(reminder!.text).toContain("仮押さえ「展示会メール」の期限が近づいています");
    expect(reminder!.text).toContain(`案件を開く：https://zaiko.example.jp/orderitems/${hold.id}`);
    expect(reminder!.html).toContain(`href="https://zaiko.example.jp/orderitems/${hold.id}"`);
    expect(reminder!.html).toContain("仮押さえ「展示会メール」");

    await lapse(server, hold.id, 5);
    expect(await sweepLapsedHolds(server.deps)).toContain(hold.id);
    await pass();
    await pass();
    await send();
    const subjects = mailsAbout("展示会メール").map((m) => m.subject);
    expect(subjects).toEqual([
      "【在庫管理】仮押さえ「展示会メール」の期限が近づいています",
      "【在庫管理】仮押さえ「展示会メール」が期限切れで解放されました",
    ]);
    // The owner neither holds nor made it: nothing to them.
    expect(smtp.mails.filter((m) => toOf(m).includes(owner.email))).toEqual([]);
  });

  it("gives up at once on a mailbox the SMTP server refuses for good (5xx), and retries one it refuses for now (4xx)", async () => {
    const deliveriesOf = (email: string) =>
      rowsOf<{ status: string; attempts: number; http_status: number | null }>(
        server.deps.database.db,
        sql`SELECT d.status, d.attempts, d.last_status AS http_status FROM deliveries d JOIN users u ON u.id = d.user_id
            WHERE u.email = ${email} AND d.kind = 'hold.expiring' ORDER BY d.id`,
      );
    const { staff: refused } = await ownerWithStaff(server);
    const { staff: busy } = await ownerWithStaff(server);
    smtp.refusals.set(refused.email, 550);
    smtp.refusals.set(busy.email, 451);
    try {
      const deadline = new Date(Date.now() + 48 * HOUR);
      for (const member of [refused, busy])
        await makeHold(server, member, { title: "拒否メール", holdUntil: deadline.toISOString() });
      await pass(new Date(deadline.getTime() - 23 * HOUR));
      await send();
      expect(await deliveriesOf(refused.email)).toEqual([
        { status: "failed", attempts: 1, http_status: 550 },
      ]);
      expect(await deliveriesOf(busy.email)).toEqual([{ status: "pending", attempts: 1, http_status: 451 }]);
      // Later the busy server takes it; the refused mailbox is not asked again.
      smtp.refusals.delete(busy.email);
      await send(new Date(Date.now() + HOUR));
      expect(await deliveriesOf(refused.email)).toEqual([
        { status: "failed", attempts: 1, http_status: 550 },
      ]);
      expect((await deliveriesOf(busy.email)).map((d) => [d.status, d.attempts])).toEqual([["sent", 2]]);
      expect(mailsAbout("拒否メール").flatMap(toOf)).toEqual([busy.email]);
    } finally {
      smtp.refusals.clear();
    }
  });

  it("each member chooses on their profile: no mail when the reminder is turned off; bad choices are 400", async () => {
    const prefs = await api().get("/api/mail-preferences/").set(bearer(staff)).expect(200);
    expect(prefs.body).toEqual({
      mail_enabled: true,
      hold_reminder_hours: 24,
      kinds: ["hold.expiring", "hold.lapsed"],
      digest: false,
    } satisfies MailPreferencesDto);
    const bad = await api()
      .put("/api/mail-preferences/")
      .set(bearer(staff))
      .send({ kinds: ["hold.nothing"], digest: true })
      .expect(400);
    expect(JSON.stringify(bad.body)).toMatch(/[ぁ-んァ-ン一-龥]/);
    await api().put("/api/mail-preferences/").send({ kinds: [], digest: false }).expect(401);
    expect((await api().get("/api/mail-preferences/").set(bearer(staff)).expect(200)).body.kinds).toEqual([
      "hold.expiring",
      "hold.lapsed",
    ]);

    const saved = await api()
      .put("/api/mail-preferences/")
      .set(bearer(staff))
      .send({ kinds: ["hold.lapsed"], digest: false })
      .expect(200);
    expect(saved.body.kinds).toEqual(["hold.lapsed"]);
    const deadline = new Date(Date.now() + 2 * HOUR);
    await makeHold(server, staff, { title: "通知なし仮押さえ", holdUntil: deadline.toISOString() });
    await pass();
    await send();
    expect(mailsAbout("通知なし仮押さえ")).toEqual([]);
    await api()
      .put("/api/mail-preferences/")
      .set(bearer(staff))
      .send({ kinds: ["hold.expiring", "hold.lapsed"], digest: false })
      .expect(200);
  });

  it("sends the daily digest at 8:00 business time to members who opted in, once a day", async () => {
    const boss = await signUpOwner(server);
    await api().put("/api/mail-preferences/").set(bearer(boss)).send({ kinds: [], digest: true }).expect(200);
    // at(0) is 2030-04-01 09:00 in Tokyo; the day's 8:00 is at(-1).
    const late = await makeCase(server, boss, { title: "返却遅れ案件", start: at(-48), end: at(-24) });
    const today = await makeCase(server, boss, { title: "本日出庫案件", start: at(2), end: at(5) });
    const item = await makeItem(server, boss, { stock: 5, title: "プロジェクター" });
    await add(server, boss, item.id, late.id).expect(200);
    await add(server, boss, item.id, today.id).expect(200);
    const rows = await api().get(`/api/orderitems/?work_case=${late.id}`).set(bearer(boss)).expect(200);
    await api()
      .post(`/api/orderitems/${rows.body[0].id}/issue/`)
      .set(bearer(boss))
      .send({ quantity: 1 })
      .expect(200);

    const digests = () => smtp.mails.filter((m) => toOf(m).includes(boss.email));
    await pass(new Date(Date.parse(at(-1)) - 60_000));
    await send();
    expect(digests()).toEqual([]);
    await pass(new Date(Date.parse(at(-1)) + 60_000));
    await pass(new Date(Date.parse(at(3))));
    await send();
    await send();
    const [digest, ...more] = digests();
    expect(more).toEqual([]);
    expect(digest!.subject).toBe("【在庫管理】本日の出庫・入庫と延滞（2030-04-01）");
    expect(digest!.text).toContain("■ 延滞（返却予定を過ぎて未入庫）（1件）");
    expect(digest!.text).toContain("返却遅れ案件：プロジェクター 1個（返却予定 2030年03月31日 09:00）");
    expect(digest!.text).toContain("■ 本日の出庫（1件）");
    expect(digest!.text).toContain("本日出庫案件：プロジェクター 1個（2030年04月01日 11:00）");
    expect(digest!.text).toContain("■ 本日の入庫（1件）");
    expect(digest!.html).toContain("<h3>本日の出庫</h3>");
    // The next day's 8:00 brings the next one.
    await pass(new Date(Date.parse(at(23)) + 60_000));
    await send();
    expect(digests().map((m) => m.subject)).toEqual([
      "【在庫管理】本日の出庫・入庫と延滞（2030-04-01）",
      "【在庫管理】本日の出庫・入庫と延滞（2030-04-02）",
    ]);
  });

  const addWebhook = async (s: Session, url: string, format: "json" | "slack" = "json") =>
    (await api().post("/api/webhooks/").set(bearer(s)).send({ url, format }).expect(201))
      .body as WebhookCreatedDto;
  const logOf = async (s: Session, id: number) =>
    (await api().get(`/api/webhooks/${id}/deliveries/`).set(bearer(s)).expect(200))
      .body as WebhookDeliveryDto[];

  it("posts the group's events to its webhooks as signed JSON, even a change that notifies no member", async () => {
    const boss = await signUpOwner(server);
    const receiver = await startReceiver();
    receivers.push(receiver);
    const hook = await addWebhook(boss, receiver.url);
    expect(hook.secret).toMatch(/^whsec_/);
    // The owner confirms their own hold: no member hears of it, the webhook does.
    const hold = await makeHold(server, boss, {
      title: "Webhook案件",
      holdUntil: new Date(Date.now() + 72 * HOUR).toISOString(),
    });
    await setStatus(server, boss, hold.id, { status: "confirmed" }).expect(200);
    await pass();
    await pass();
    await send();
    expect(receiver.received.length).toBe(1);
    const [call] = receiver.received;
    expect(verifySignature(hook.secret, call!)).toBe(true);
    expect(verifySignature("whsec_wrong", call!)).toBe(false);
    expect(call!.headers["x-zaiko-event"]).toBe("case.confirmed");
    expect(call!.headers["content-type"]).toContain("application/json");
    const body = JSON.parse(call!.body);
    expect(body).toMatchObject({
      event: "case.confirmed",
      group: { id: boss.groupId },
      case: { id: hold.id, title: "Webhook案件", url: `https://zaiko.example.jp/orderitems/${hold.id}` },
      actor: "山田 太郎",
    });
    expect(String(body.id)).toBe(call!.headers["x-zaiko-delivery"]);
    expect(body.text).toContain("本予約");
    const log = await logOf(boss, hook.id);
    expect(log.map((d) => [d.event, d.status, d.attempts, d.http_status])).toEqual([
      ["case.confirmed", "sent", 1, null],
    ]);

    // Another group's events never reach it.
    await setStatus(server, owner, (await makeHold(server, owner)).id, { status: "confirmed" }).expect(200);
    await pass();
    await send();
    expect(receiver.received.length).toBe(1);
  });

  it("retries a receiver that fails, with backoff, until it answers 2xx; the log shows each state", async () => {
    const boss = await signUpOwner(server);
    const receiver = await startReceiver((n) => (n === 0 ? 500 : 200));
    receivers.push(receiver);
    const hook = await addWebhook(boss, receiver.url);
    await api().post(`/api/webhooks/${hook.id}/test/`).set(bearer(boss)).expect(202);
    await send();
    let [d] = await logOf(boss, hook.id);
    expect([d!.event, d!.status, d!.attempts, d!.http_status, d!.error]).toEqual([
      "webhook.test",
      "pending",
      1,
      500,
      "HTTP 500",
    ]);
    // Not again before the backoff (50 ms) has passed.
    await send(new Date(Date.now() - 1_000));
    expect(receiver.received.length).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    await send();
    [d] = await logOf(boss, hook.id);
    expect([d!.status, d!.attempts]).toEqual(["sent", 2]);
    expect(receiver.received.length).toBe(2);
    // Both attempts carry the same delivery id (a receiver drops repeats by it), each signed.
    expect(new Set(receiver.received.map((r) => r.headers["x-zaiko-delivery"])).size).toBe(1);
    expect(receiver.received.every((r) => verifySignature(hook.secret, r))).toBe(true);
  });

  it("gives up on a receiver that hangs after its attempts, each cut at the timeout, while a '+' stays fast", async () => {
    const boss = await signUpOwner(server);
    const receiver = await startReceiver(() => "hang");
    receivers.push(receiver);
    const hook = await addWebhook(boss, receiver.url, "slack");
    await api().post(`/api/webhooks/${hook.id}/test/`).set(bearer(boss)).expect(202);
    const kase = await makeCase(server, boss, { title: "待たない案件" });
    const item = await makeItem(server, boss, { stock: 5 });
    const started = Date.now();
    const round = sendDue(senderDeps(), new Date());
    // While the call hangs, a '+' answers at once.
    const plusStarted = Date.now();
    await add(server, boss, item.id, kase.id).expect(200);
    expect(Date.now() - plusStarted).toBeLessThan(400);
    await round;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(450);
    expect(took).toBeLessThan(2_000);
    for (let i = 0; i < 2; i++) {
      await new Promise((r) => setTimeout(r, 250));
      await send();
    }
    const [d] = await logOf(boss, hook.id);
    expect([d!.status, d!.attempts, d!.error]).toEqual(["failed", 3, "timeout after 500 ms"]);
    expect(receiver.received.length).toBe(3);
    // The Slack format: a text, signed like the JSON.
    expect(JSON.parse(receiver.received[0]!.body)).toEqual({ text: "在庫管理からのテスト送信です。" });
    expect(verifySignature(hook.secret, receiver.received[0]!)).toBe(true);
  });

  it("webhooks are the owner's: staff 403, another group's 404, bad URLs and values 400, nothing changed (private addresses: webhookTarget.test.ts, delivery.e2e.ts)", async () => {
    const receiver = await startReceiver();
    receivers.push(receiver);
    await api().get("/api/webhooks/").set(bearer(staff)).expect(403);
    await api().post("/api/webhooks/").set(bearer(staff)).send({ url: receiver.url }).expect(403);
    await api().get("/api/webhooks/").expect(401);
    const hook = await addWebhook(owner, receiver.url);
    const other = await signUpOwner(server);
    for (const [method, path] of [
      ["patch", `/api/webhooks/${hook.id}/`],
      ["delete", `/api/webhooks/${hook.id}/`],
      ["post", `/api/webhooks/${hook.id}/test/`],
      ["get", `/api/webhooks/${hook.id}/deliveries/`],
    ] as const) {
      const res = await api()[method](path).set(bearer(other)).send({ active: false }).expect(404);
      expect(res.body).toEqual({ detail: "Webhookが見つかりません" });
      await api()[method](path).set(bearer(staff)).send({ active: false }).expect(403);
    }
    for (const url of ["ftp://example.com/x", "not a url", "https://user:pw@example.com/", ""]) {
      const res = await api().post("/api/webhooks/").set(bearer(owner)).send({ url }).expect(400);
      expect(JSON.stringify(res.body)).toMatch(/URL/);
    }
    const list = (await api().get("/api/webhooks/").set(bearer(owner)).expect(200)).body;
    expect(list.map((w: { id: number; url: string; active: boolean }) => [w.id, w.url, w.active])).toEqual([
      [hook.id, receiver.url, true],
    ]);
    expect(list[0].secret).toBeUndefined();
    // An empty change changes nothing; a bad one is 400 and changes nothing either.
    expect(
      (await api().patch(`/api/webhooks/${hook.id}/`).set(bearer(owner)).send({}).expect(200)).body,
    ).toMatchObject({
      id: hook.id,
      active: true,
    });
    await api()
      .patch(`/api/webhooks/${hook.id}/`)
      .set(bearer(owner))
      .send({ url: "ftp://example.com/x", active: false })
      .expect(400);
    await api().patch(`/api/webhooks/${hook.id}/`).set(bearer(owner)).send({ active: "yes" }).expect(400);
    expect((await api().get("/api/webhooks/").set(bearer(owner)).expect(200)).body[0].active).toBe(true);
    await api().patch(`/api/webhooks/${hook.id}/`).set(bearer(owner)).send({ active: false }).expect(200);
    expect((await api().get("/api/webhooks/").set(bearer(owner)).expect(200)).body[0].active).toBe(false);
    await api().delete(`/api/webhooks/${hook.id}/`).set(bearer(owner)).expect(204);
    expect((await api().get("/api/webhooks/").set(bearer(owner)).expect(200)).body).toEqual([]);
  });
});
