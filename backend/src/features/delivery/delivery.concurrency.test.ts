import { drizzle } from "drizzle-orm/node-postgres";
import { Pool } from "pg";
import type { RunningServer } from "../../server";
import { ownerWithStaff, type Session } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { claimThenMeetDeliveries, naiveDeliveryClaim } from "../../test/deliveryFaults";
import { startTestServer } from "../../test/testServer";
import { deriveNotifications } from "../notifications/notifier.service";
import { HOUR } from "../orderitems/orderitems.testkit";
import { makeHold } from "../workcases/lifecycle.testkit";
import { startSmtp, type TestSmtp } from "./delivery.testkit";
import { claimDue } from "./sender.queries";
import { type SenderDeps, sendDue, smtpMailer } from "./sender.service";

/**
 * Two senders on two connection pools (two processes) meeting at the worst moment: the second runs a whole
 * round while the first has claimed its mails and not committed (docs/notifications.md, "Delivery"). With
 * SKIP LOCKED and the lease each mail leaves once; the control, a sender that reads without a lock and leases
 * by id alone, sends them twice.
 */
const TIMEOUT = 120_000;

describeOnPostgres("mail senders under concurrency (PostgreSQL)", () => {
  let smtp: TestSmtp;
  let server: RunningServer;
  let first: SenderDeps;
  let second: SenderDeps;
  let closeSecond: () => Promise<void>;

  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startTestServer("pg", {
      config: {
        notifyEveryMs: 0,
        holdSweepMaxWaitMs: 0,
        deliverEveryMs: 0,
        smtpUrl: smtp.url,
        mailFrom: "zaiko@example.jp",
      },
    });
    const url = (server.deps.database as unknown as { url: string }).url;
    const pool = new Pool({ connectionString: url, max: 4 });
    pool.on("error", () => undefined);
    closeSecond = () => pool.end();
    const deps = (db: SenderDeps["database"]["db"]): SenderDeps => ({
      database: { ...server.deps.database, db },
      logger: server.deps.logger,
      config: server.deps.config,
      sendMail: smtpMailer(server.deps.config),
    });
    first = deps(server.deps.database.db);
    second = deps(drizzle(pool) as unknown as SenderDeps["database"]["db"]);
  }, TIMEOUT);
  afterAll(async () => {
    await closeSecond?.();
    await server?.close();
    await smtp?.close();
  });

  /** Six reminders of holds of a new staff member, queued as mails; returns their titles. */
  async function queueReminders(tag: string): Promise<string[]> {
    const { staff }: { staff: Session } = await ownerWithStaff(server);
    const deadline = new Date(Date.now() + 2 * HOUR);
    const titles = Array.from({ length: 6 }, (_, i) => `${tag}${i}`);
    for (const title of titles) await makeHold(server, staff, { title, holdUntil: deadline.toISOString() });
    await deriveNotifications(
      {
        database: server.deps.database,
        announce: () => {},
        delivery: { mail: true, holdReminderAheadMs: 24 * HOUR, timeZone: server.deps.config.timeZone },
      },
      new Date(),
    );
    return titles;
  }
  const mailsPer = (titles: string[]) =>
    titles.map((t) => smtp.mails.filter((m) => (m.subject ?? "").includes(`「${t}」`)).length);

  it(
    "two senders meeting while one holds its claim send each mail once",
    async () => {
      const titles = await queueReminders("同時送信");
      let fromSecond = -1;
      const meet = async () => {
        fromSecond = await sendDue(second, new Date());
      };
      const fromFirst = await sendDue(first, new Date(), claimThenMeetDeliveries(claimDue, meet));
      expect(fromSecond).toBe(0);
      expect(fromFirst).toBe(6);
      expect(mailsPer(titles)).toEqual(titles.map(() => 1));
    },
    TIMEOUT,
  );

  it(
    "control: senders that read without a lock and lease by id send them twice",
    async () => {
      const titles = await queueReminders("二重送信");
      const meet = async () => {
        await sendDue(second, new Date(), naiveDeliveryClaim());
      };
      await sendDue(first, new Date(), naiveDeliveryClaim(meet));
      expect(mailsPer(titles)).toEqual(titles.map(() => 2));
    },
    TIMEOUT,
  );
});
