import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import { exportExcel, readSheet } from "./features/exports/exports.testkit";
import { bearer, type Session, signUpOwner, unique } from "./test/api";
import { describeOnPostgres, openFreshPostgres } from "./test/databases";
import { type AppProcess, asServer, startAppProcess } from "./test/processes";

/**
 * One time-zone policy (docs/decisions.md, "Time zone"): the server's BUSINESS_TIME_ZONE decides every day
 * boundary and every wall clock it writes, whatever the process's own zone. The server runs here as its own
 * process with TZ=America/New_York and BUSINESS_TIME_ZONE=Pacific/Auckland (UTC+13 in November): a place
 * that used the process zone or a hard-coded Asia/Tokyo gives another answer than Auckland's.
 */
describeOnPostgres("BUSINESS_TIME_ZONE applies everywhere (server process in another zone)", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;
  let app: AppProcess;
  let owner: Session;
  let caseId: number;
  const api = () => request(app.url);

  // 2026-11-22 23:30 to 2026-11-23 00:00 in Auckland: two Auckland days; one day in Tokyo (19:30–20:00 on
  // the 22nd) and in New York (05:30–06:00 on the 22nd).
  const start = "2026-11-22T10:30:00Z";
  const end = "2026-11-22T11:00:00Z";

  beforeAll(async () => {
    // On PostgreSQL: an app process on the embedded database takes long to start on a busy machine.
    db = await openFreshPostgres();
    app = await startAppProcess({
      DATABASE_URL: db.url,
      TZ: "America/New_York",
      BUSINESS_TIME_ZONE: "Pacific/Auckland",
    });
    owner = await signUpOwner(asServer(app));
    const group = owner.groupId;
    const category = await api()
      .post("/api/categories/")
      .set(bearer(owner))
      .send({ category: unique("音響"), group })
      .expect(201);
    const item = await api()
      .post("/api/items/")
      .set(bearer(owner))
      .send({ title: "マイク", category: category.body.id, stock_quantity: 5, note: "", group })
      .expect(201);
    const kase = await api()
      .post("/api/workcases/")
      .set(bearer(owner))
      .send({ title: "深夜の搬入", start_date: start, end_date: end, note: "", group })
      .expect(201);
    caseId = kase.body.id;
    await api().post(`/api/additem/${item.body.id}/${caseId}/`).set(bearer(owner)).expect(200);
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await db?.close();
  });

  it("tells the client the zone with the session (GET /api/user-info/)", async () => {
    const res = await api().get("/api/user-info/").set(bearer(owner)).expect(200);
    expect(res.body.time_zone).toBe("Pacific/Auckland");
  });

  it("counts the weekly view's days in the business zone", async () => {
    const res = await api()
      .get(`/api/items/2026/11/22/?groupid=${owner.groupId}`)
      .set(bearer(owner))
      .expect(200);
    const mic = res.body.results.items.find((i: { title: string }) => i.title === "マイク");
    // Closed periods: the booking ending at Auckland's midnight also counts on the 23rd.
    expect(mic.daily_order_quantities).toEqual([1, 1, 0, 0, 0, 0, 0]);
  });

  it("starts the warehouse board's day at the business zone's midnight", async () => {
    const res = await api().get("/api/warehouse/?date=2026-11-23").set(bearer(owner)).expect(200);
    expect(res.body.from).toBe("2026-11-22T11:00:00.000Z");
    expect(res.body.days[0].date).toBe("2026-11-23");
  });

  it("writes the Excel export's times as the business zone's wall clock", async () => {
    const res = await exportExcel(app, owner, { workcaseDetail: { id: caseId }, order_items: [] }).expect(
      200,
    );
    const sheet = await readSheet(res.body);
    expect(sheet.getCell(2, 1).value).toBe(ja.exports.period("2026年11月22日 23:30", "2026年11月23日 00:00"));
    // exceljs reads an Excel date back with the wall clock in its UTC fields.
    const startCell = sheet.getRow(5).getCell(4).value as Date;
    expect(startCell.toISOString()).toBe("2026-11-22T23:30:00.000Z");
  });
});
