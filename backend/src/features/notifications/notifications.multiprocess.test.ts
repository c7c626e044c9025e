import { sql } from "drizzle-orm";
import { rowsOf } from "../../db/rawSql";
import { activate, login, signUpOwner, signUpStaff } from "../../test/api";
import { describeOnPostgres, openFreshPostgres } from "../../test/databases";
import {
  type AppProcess,
  asServer,
  redisAvailable,
  startAppProcess,
  TEST_REDIS_URL,
  waitFor,
} from "../../test/processes";
import { connect, record, settle } from "../../test/sockets";
import { inMinutes, makeHold, setStatus } from "../workcases/lifecycle.testkit";

/**
 * Two app processes on one PostgreSQL, each running its notifier every 20 ms (so both derive every event,
 * over and over): each confirm reaches the holder once, as one row and one announcement, whichever process
 * made the change and whichever the holder's socket is on (docs/notifications.md, "Exactly once").
 */
describeOnPostgres("notifications with two app processes", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;
  let a: AppProcess;
  let b: AppProcess;

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error(`Redis is required at ${TEST_REDIS_URL}`);
    db = await openFreshPostgres();
    const env = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, NOTIFY_EVERY_MS: "20" };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  it("ten confirms through both processes: ten notifications, ten announcements, none twice", async () => {
    const owner = await signUpOwner(asServer(a));
    const signed = await signUpStaff(asServer(a), owner.groupId);
    await activate(asServer(a), owner, signed.id);
    const staff = await login(asServer(b), signed.email, signed.password);
    const holds = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        makeHold(asServer(i % 2 ? a : b), staff, {
          title: `仮押さえ${i}`,
          // Three days ahead: no 24 h reminder joins the announcements counted below.
          holdUntil: inMinutes(3 * 24 * 60),
        }),
      ),
    );
    const onB = await connect(asServer(b), staff.access);
    const onA = await connect(asServer(a), staff.access);
    const heardOnB = record(onB);
    const heardOnA = record(onA);
    await Promise.all(
      holds.map((h, i) =>
        setStatus(asServer(i % 2 ? b : a), owner, h.id, { status: "confirmed" }).expect(200),
      ),
    );

    const count = async () =>
      Number(
        (
          await rowsOf<{ n: number }>(
            db.db,
            sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${staff.userId} AND kind = 'case.confirmed'`,
          )
        )[0]!.n,
      );
    await waitFor(async () => (await count()) === 10, 10_000, "ten notifications");
    // Many more passes of both processes run meanwhile; nothing more may appear.
    await settle(1_000);
    expect(await count()).toBe(10);
    const announced = (heard: Map<string, unknown[]>) =>
      (heard.get("notifications.added") ?? []).reduce(
        (sum: number, p) => sum + (p as { count: number }).count,
        0,
      );
    // Each socket of the member hears every announcement once, whichever process inserted the row.
    expect(announced(heardOnB)).toBe(10);
    expect(announced(heardOnA)).toBe(10);
    expect(
      await rowsOf(
        db.db,
        sql`SELECT kind FROM notifications WHERE user_id = ${staff.userId} AND kind <> 'case.confirmed'`,
      ),
    ).toEqual([]);
    expect(await rowsOf(db.db, sql`SELECT id FROM notifications WHERE user_id = ${owner.userId}`)).toEqual(
      [],
    );
    onA.close();
    onB.close();
  }, 60_000);
});
