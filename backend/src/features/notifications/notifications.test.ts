import type { NotificationDto, NotificationListDto } from "@zaiko/common/notifications/notifications.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import { rowsOf } from "../../db/rawSql";
import type { RunningServer } from "../../server";
import { bearer, ownerWithStaff, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { type ClientSocket, connect, nextEvent, record, settle } from "../../test/sockets";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { add, at, HOUR, makeCase } from "../orderitems/orderitems.testkit";
import { sweepLapsedHolds } from "../workcases/holdSweeper.service";
import { lapse, makeHold, setStatus } from "../workcases/lifecycle.testkit";
import { deriveNotifications } from "./notifier.service";

/**
 * The bell (docs/notifications.md) on both databases. The server runs no notifier of its own
 * (NOTIFY_EVERY_MS=0): each test runs the passes itself, with the clock it chooses.
 */
describeOnDatabases("notifications (the bell)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets: ClientSocket[] = [];
  beforeAll(async () => {
    server = await startTestServer(driver, { config: { notifyEveryMs: 0, holdSweepMaxWaitMs: 0 } });
    ({ owner, staff } = await ownerWithStaff(server));
    other = await signUpOwner(server);
  });
  afterEach(() => {
    for (const s of sockets.splice(0)) s.close();
  });
  afterAll(() => server?.close());

  const api = () => request(server.url);
  const pass = (now = new Date()) =>
    deriveNotifications(
      { database: server.deps.database, announce: (u, n) => server.deps.realtime.notifyMember(u, n) },
      now,
    );
  const listOf = async (s: Session, query = ""): Promise<NotificationListDto> =>
    (await api().get(`/api/notifications/${query}`).set(bearer(s)).expect(200)).body;
  const ofCase = async (s: Session, caseId: number): Promise<NotificationDto[]> =>
    (await listOf(s)).results.filter((n) => n.work_case === caseId);
  const readAllOf = (s: Session) => api().post("/api/notifications/read_all/").set(bearer(s)).expect(200);

  it("a colleague's confirm reaches the holder once, live, and never the one who confirmed or another group", async () => {
    await readAllOf(staff);
    const hold = await makeHold(server, staff, { title: "展示会ブース" });
    const staffSocket = await connect(server, staff.access);
    const ownerSocket = await connect(server, owner.access);
    const otherSocket = await connect(server, other.access);
    sockets.push(staffSocket, ownerSocket, otherSocket);
    const ownerHeard = record(ownerSocket);
    const otherHeard = record(otherSocket);
    await setStatus(server, owner, hold.id, { status: "confirmed" }).expect(200);

    const heard = nextEvent<{ count: number }>(staffSocket, "notifications.added");
    // Two passes at once, as two processes would run them, then one more: still one row for the event.
    const inserted = await Promise.all([pass(), pass()]);
    await pass();
    expect(inserted[0]! + inserted[1]!).toBe(1);
    expect((await heard).count).toBe(1);

    const [n] = await ofCase(staff, hold.id);
    expect(n).toMatchObject({
      kind: "case.confirmed",
      work_case: hold.id,
      case_title: "展示会ブース",
      actor_name: "山田 太郎",
      read: false,
    });
    expect((await ofCase(staff, hold.id)).length).toBe(1);
    expect((await api().get("/api/notifications/unread_count/").set(bearer(staff)).expect(200)).body).toEqual(
      {
        unread: 1,
      },
    );
    expect(await ofCase(owner, hold.id)).toEqual([]);
    expect((await listOf(other)).results).toEqual([]);
    await settle();
    expect(ownerHeard.get("notifications.added")).toBeUndefined();
    expect(otherHeard.get("notifications.added")).toBeUndefined();
  });

  it("a cancel by someone else, and a unit lost or broken on the case, reach the case's creator", async () => {
    const kase = await makeCase(server, staff, { title: "音響案件" });
    const item = await makeItem(server, owner, { stock: 5, title: "スピーカー" });
    for (let i = 0; i < 3; i++) await add(server, owner, item.id, kase.id).expect(200);
    const rows = await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner)).expect(200);
    const id = rows.body[0].id as number;
    await api().post(`/api/orderitems/${id}/issue/`).set(bearer(owner)).send({ quantity: 3 }).expect(200);
    await api()
      .post(`/api/orderitems/${id}/receive/`)
      .set(bearer(owner))
      .send({ quantity: 1, lost: 1, broken: 1, repair_due: at(48) })
      .expect(200);
    // A case the owner made, cancelled by the staff member: the owner hears of it, the staff member not.
    const own = await makeCase(server, owner, { title: "自分の案件" });
    await setStatus(server, staff, own.id, { status: "cancelled" }).expect(200);
    await pass();

    const kinds = (await ofCase(staff, kase.id)).map((n) => [n.kind, n.item_title, n.quantity, n.actor_name]);
    expect(kinds.sort()).toEqual([
      ["unit.broken", "スピーカー", 1, "山田 太郎"],
      ["unit.lost", "スピーカー", 1, "山田 太郎"],
    ]);
    expect(await ofCase(owner, kase.id)).toEqual([]);
    expect((await ofCase(owner, own.id)).map((n) => [n.kind, n.actor_name])).toEqual([
      ["case.cancelled", "佐藤 花子"],
    ]);
    expect(await ofCase(staff, own.id)).toEqual([]);
  });

  it("reminds the holder 24 h before the deadline and tells of the lapse, each once, on the test's clock", async () => {
    const deadline = new Date(Date.now() + 48 * HOUR);
    const hold = await makeHold(server, staff, { title: "仮の催事", holdUntil: deadline.toISOString() });
    await pass(new Date(deadline.getTime() - 25 * HOUR));
    expect(await ofCase(staff, hold.id)).toEqual([]);
    await pass(new Date(deadline.getTime() - 23 * HOUR));
    await pass(new Date(deadline.getTime() - 1 * HOUR));
    const reminders = await ofCase(staff, hold.id);
    expect(reminders.map((n) => [n.kind, n.due_at])).toEqual([["hold.expiring", deadline.toISOString()]]);
    // Nobody else holds it or made it.
    expect(await ofCase(owner, hold.id)).toEqual([]);

    // The deadline passes (moved into the past: the database's clock is the sweeper's) and the sweep releases it.
    await lapse(server, hold.id, 5);
    expect(await sweepLapsedHolds(server.deps)).toContain(hold.id);
    await pass();
    await pass();
    const all = await ofCase(staff, hold.id);
    expect(all.map((n) => n.kind)).toEqual(["hold.lapsed", "hold.expiring"]);
    expect(all[0]!.actor_name).toBeNull();
    expect(Date.parse(all[0]?.due_at ?? "")).toBeLessThan(Date.now());
  });

  it("tells the case's creator of units still out after the end, once per order item and end", async () => {
    const kase = await makeCase(server, staff, { title: "延滞案件", start: at(0), end: at(24) });
    const item = await makeItem(server, owner, { stock: 3, title: "照明" });
    await add(server, staff, item.id, kase.id).expect(200);
    const rows = await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner)).expect(200);
    await api()
      .post(`/api/orderitems/${rows.body[0].id}/issue/`)
      .set(bearer(owner))
      .send({ quantity: 1 })
      .expect(200);
    await pass(new Date(Date.parse(at(23))));
    expect(await ofCase(staff, kase.id)).toEqual([]);
    await pass(new Date(Date.parse(at(25))));
    await pass(new Date(Date.parse(at(30))));
    expect((await ofCase(staff, kase.id)).map((n) => [n.kind, n.item_title, n.quantity, n.due_at])).toEqual([
      ["orderitem.overdue", "照明", 1, new Date(at(24)).toISOString()],
    ]);
  });

  it("read and all read; another member's or group's notification is a 404 and changes nothing", async () => {
    const hold = await makeHold(server, staff);
    await setStatus(server, owner, hold.id, { status: "cancelled" }).expect(200);
    await pass();
    const [n] = await ofCase(staff, hold.id);
    expect(n).toBeDefined();
    const id = n!.id;

    for (const s of [owner, other]) {
      const res = await api().post(`/api/notifications/${id}/read/`).set(bearer(s)).expect(404);
      expect(res.body).toEqual({ detail: "お知らせが見つかりません" });
    }
    await api().post("/api/notifications/abc/read/").set(bearer(staff)).expect(404);
    await api().post("/api/notifications/99999999999/read/").set(bearer(staff)).expect(404);
    await api().post(`/api/notifications/${id}/read/`).expect(401);
    await api().get("/api/notifications/").expect(401);
    expect((await ofCase(staff, hold.id))[0]!.read).toBe(false);

    const before = (await listOf(staff)).unread;
    expect(before).toBeGreaterThan(0);
    // The member's other screen hears of the read (its bell falls), with the new count.
    const otherScreen = await connect(server, staff.access);
    sockets.push(otherScreen);
    const heard = nextEvent<{ unread: number }>(otherScreen, "notifications.read");
    const read = await api().post(`/api/notifications/${id}/read/`).set(bearer(staff)).expect(200);
    expect(await heard).toEqual({ unread: before - 1 });
    expect(read.body).toMatchObject({ id, read: true });
    expect((await listOf(staff)).unread).toBe(before - 1);
    expect((await listOf(staff, "?unread=1")).results.map((r) => r.id)).not.toContain(id);

    const all = await readAllOf(staff);
    expect(all.body).toEqual({ unread: 0, marked: before - 1 });
    expect((await listOf(staff)).unread).toBe(0);
    expect((await listOf(staff, "?unread=1")).results).toEqual([]);
  });

  it("housekeeping's query deletes notifications older than 90 days only", async () => {
    const hold = await makeHold(server, staff);
    await setStatus(server, owner, hold.id, { status: "confirmed" }).expect(200);
    await pass();
    const [n] = await ofCase(staff, hold.id);
    const db = server.deps.database.db;
    await db.execute(
      sql`UPDATE notifications SET created_at = now() - interval '91 days' WHERE id = ${n!.id}`,
    );
    const { deleteOldNotifications, NOTIFICATION_KEEP_MS } = await import("./index");
    await deleteOldNotifications(db, new Date(Date.now() - NOTIFICATION_KEEP_MS));
    expect(await ofCase(staff, hold.id)).toEqual([]);
    const left = await rowsOf<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM notifications`);
    expect(Number(left[0]!.n)).toBeGreaterThan(0);
  });
});
