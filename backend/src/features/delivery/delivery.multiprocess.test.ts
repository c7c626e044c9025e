import { sql } from "drizzle-orm";
import request from "supertest";
import { rowsOf } from "../../db/rawSql";
import { activate, bearer, login, signUpOwner, signUpStaff } from "../../test/api";
import { describeOnPostgres, openFreshPostgres } from "../../test/databases";
import { type AppProcess, asServer, startAppProcess, waitFor } from "../../test/processes";
import { settle } from "../../test/sockets";
import { inMinutes, makeHold } from "../workcases/lifecycle.testkit";
import {
  startReceiver,
  startSmtp,
  type TestReceiver,
  type TestSmtp,
  verifySignature,
} from "./delivery.testkit";

/**
 * The queue with several processes on one PostgreSQL (docs/notifications.md, "Delivery guarantees"). First a
 * process that derives but does not send (DELIVER_EVERY_MS=0) queues ten reminders' mails and webhook calls
 * and stops; then two processes, each deriving and sending every 20 ms, start on the same database: every
 * mail and call queued before the restart leaves once, by one of them, and nothing twice.
 */
describeOnPostgres("mail and webhooks with two app processes", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;
  let smtp: TestSmtp;
  let receiver: TestReceiver;
  const apps: AppProcess[] = [];

  beforeAll(async () => {
    db = await openFreshPostgres();
    smtp = await startSmtp();
    receiver = await startReceiver();
  }, 60_000);
  afterAll(async () => {
    await Promise.all(apps.map((a) => a.stop()));
    await receiver?.close();
    await smtp?.close();
    await db?.close();
  });

  const env = (deliverEveryMs: string) => ({
    DATABASE_URL: db.url,
    NOTIFY_EVERY_MS: "20",
    DELIVER_EVERY_MS: deliverEveryMs,
    SMTP_URL: smtp.url,
    MAIL_FROM: "zaiko@example.jp",
    WEBHOOK_ALLOW_PRIVATE: "1",
  });
  const count = async (q: ReturnType<typeof sql>) => Number((await rowsOf<{ n: number }>(db.db, q))[0]!.n);

  it("ten reminders queued before a restart: ten mails and ten webhook calls after it, none twice", async () => {
    const first = await startAppProcess(env("0"));
    apps.push(first);
    const owner = await signUpOwner(asServer(first));
    const signed = await signUpStaff(asServer(first), owner.groupId);
    await activate(asServer(first), owner, signed.id);
    const staff = await login(asServer(first), signed.email, signed.password);
    const hook = (
      await request(first.url)
        .post("/api/webhooks/")
        .set(bearer(owner))
        .send({ url: receiver.url })
        .expect(201)
    ).body as { id: number; secret: string };
    // Deadlines two hours ahead: each is reminded at once (24 h ahead).
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        makeHold(asServer(first), staff, { title: `複数プロセス${i}`, holdUntil: inMinutes(120) }),
      ),
    );
    const queued = sql`SELECT count(*)::int AS n FROM deliveries WHERE status = 'pending'`;
    await waitFor(async () => (await count(queued)) === 20, 10_000, "twenty queued deliveries");
    await first.stop();
    expect(smtp.mails).toEqual([]);
    expect(receiver.received).toEqual([]);

    const [a, b] = await Promise.all([startAppProcess(env("20")), startAppProcess(env("20"))]);
    apps.push(a!, b!);
    await waitFor(
      async () => smtp.mails.length >= 10 && receiver.received.length >= 10,
      15_000,
      "the deliveries",
    );
    // Many more rounds of both senders and passes of both notifiers run meanwhile; nothing more may leave.
    await settle(1_500);
    const subjects = smtp.mails.map((m) => m.subject).sort();
    expect(subjects).toEqual(
      Array.from(
        { length: 10 },
        (_, i) => `【在庫管理】仮押さえ「複数プロセス${i}」の期限が近づいています`,
      ).sort(),
    );
    expect(receiver.received.length).toBe(10);
    expect(new Set(receiver.received.map((r) => r.headers["x-zaiko-delivery"])).size).toBe(10);
    expect(receiver.received.every((r) => verifySignature(hook.secret, r))).toBe(true);
    expect(
      await count(sql`SELECT count(*)::int AS n FROM deliveries WHERE status = 'sent' AND attempts = 1`),
    ).toBe(20);
  }, 120_000);
});
