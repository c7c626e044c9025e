import { describeHistory } from "@zaiko/common/history/describe";
import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import { failCommits, normalCommits } from "../../allocation/allocation.testkit";
import { rowsOf } from "../../db/rawSql";
import type { RunningServer } from "../../server";
import { activate, actorOf, bearer, type Session, signUpStaff, statusOf } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent, record, settle } from "../../test/sockets";
import { useGroupServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { addItem } from "../orderitems/orderitems.service";
import { add, addUnits, at, makeCase, patch, reduce } from "../orderitems/orderitems.testkit";
import { setStatus } from "../workcases/lifecycle.testkit";

/** 履歴 (docs/history.md): written with its change, in its transaction, on both databases. */
describeOnDatabases("history (履歴)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);

  const rowsIn = (where: ReturnType<typeof sql>) =>
    rowsOf<{ action: string; actor_id: number | null; quantity: number | null }>(
      server.deps.database.db,
      sql`SELECT action, actor_id, quantity FROM history WHERE ${where} ORDER BY id`,
    );
  const ofItem = (itemId: number) => rowsIn(sql`item_id = ${itemId}`);
  const caseHistory = async (s: Session, caseId: number): Promise<HistoryEntryDto[]> =>
    (await api().get(`/api/history/?work_case=${caseId}`).set(bearer(s)).expect(200)).body;
  const itemHistory = async (s: Session, itemId: number): Promise<HistoryEntryDto[]> =>
    (await api().get(`/api/history/?item=${itemId}`).set(bearer(s)).expect(200)).body;

  it("records a + with who, the case, the item, before and after; a refused + records nothing", async () => {
    const item = await makeItem(server, owner, { stock: 1, title: "ワイヤレスマイク" });
    const kase = await makeCase(server, owner, { title: "展示会" });
    const other2 = await makeCase(server, owner, { title: "別の案件" });
    await add(server, staff, item.id, kase.id).expect(200);
    // Stock 1 is taken: the function wrote the unit and its entry, the check refused, both rolled back.
    await add(server, owner, item.id, other2.id).expect(409);
    // Another group's case: nothing either.
    const foreign = await makeCase(server, other);
    await add(server, owner, item.id, foreign.id).expect(404);
    expect(await ofItem(item.id)).toEqual([
      { action: "item.create", actor_id: owner.userId, quantity: null },
      { action: "orderitem.add", actor_id: staff.userId, quantity: 1 },
    ]);
    const [entry] = await caseHistory(owner, kase.id);
    expect(entry).toMatchObject({
      actor: staff.userId,
      actor_name: "佐藤 花子",
      action: "orderitem.add",
      work_case: kase.id,
      case_title: "展示会",
      item: item.id,
      item_title: "ワイヤレスマイク",
      quantity: 1,
      before: { order_quantity: 0 },
      after: { order_quantity: 1 },
    });
    expect(Date.parse(entry!.at)).not.toBeNaN();
    expect(await caseHistory(owner, other2.id)).toEqual([expect.objectContaining({ action: "case.create" })]);
  });

  it("a + whose transaction fails after the function wrote the unit leaves neither unit nor entry", async () => {
    const item = await makeItem(server, owner, { stock: 5 });
    const kase = await makeCase(server, owner);
    // The transaction fails at its COMMIT, after the function wrote the unit and its entry.
    await failCommits(server.deps.database);
    try {
      expect(await statusOf(addItem(server.deps, actorOf(owner), item.id, kase.id))).toBe(500);
    } finally {
      await normalCommits(server.deps.database);
    }
    expect((await ofItem(item.id)).map((r) => r.action)).toEqual(["item.create"]);
    const orders = await rowsOf(
      server.deps.database.db,
      sql`SELECT id FROM order_items WHERE item_id = ${item.id}`,
    );
    expect(orders).toEqual([]);
  });

  it("records −, edit, 出庫/入庫 (toggles, by quantity, undo); refusals record nothing", async () => {
    const item = await makeItem(server, owner, { stock: 10 });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 3);
    const id = order_item.id as number;
    await reduce(server, owner, item.id, kase.id).expect(200);
    const edit = { start_date: at(1), end_date: at(9), order_quantity: 4, note: "予備" };
    await patch(server, owner, id, edit).expect(200);
    await patch(server, owner, id, { ...edit, order_quantity: 11 }).expect(409);
    await api().post(`/api/orderitems/${id}/issue/`).set(bearer(staff)).send({ quantity: 3 }).expect(200);
    await reduce(server, owner, item.id, kase.id).expect(200);
    await reduce(server, owner, item.id, kase.id).expect(409);
    await patch(server, owner, id, { receive: new Date().toISOString() }).expect(200);
    await patch(server, owner, id, { issue: null }).expect(409);
    await patch(server, owner, id, { receive: null }).expect(200);
    await api().delete(`/api/orderitems/${id}/movements/latest/`).set(bearer(owner)).expect(200);
    const entries = await caseHistory(owner, kase.id);
    expect(entries.map((e) => [e.action, e.quantity, e.before, e.after])).toEqual(
      [
        ["case.create", null, null, expect.objectContaining({ title: kase.title })],
        ["orderitem.add", 1, { order_quantity: 0 }, { order_quantity: 1 }],
        ["orderitem.add", 1, { order_quantity: 1 }, { order_quantity: 2 }],
        ["orderitem.add", 1, { order_quantity: 2 }, { order_quantity: 3 }],
        ["orderitem.reduce", 1, { order_quantity: 3 }, { order_quantity: 2 }],
        [
          "orderitem.edit",
          null,
          expect.objectContaining({ order_quantity: 2, note: "" }),
          {
            order_quantity: 4,
            note: "予備",
            start_date: new Date(at(1)).toISOString(),
            end_date: new Date(at(9)).toISOString(),
          },
        ],
        ["orderitem.issue", 3, { issued_quantity: 0 }, { issued_quantity: 3 }],
        ["orderitem.reduce", 1, { order_quantity: 4 }, { order_quantity: 3 }],
        ["orderitem.receive", 3, { received_quantity: 0 }, { received_quantity: 3 }],
        ["orderitem.receive_cleared", 3, { received_quantity: 3 }, { received_quantity: 0 }],
        [
          "orderitem.movement_undone",
          3,
          { kind: "issue", issued_quantity: 3 },
          { kind: "issue", issued_quantity: 0 },
        ],
      ].reverse(),
    );
    expect(entries.find((e) => e.action === "orderitem.issue")).toMatchObject({ actor: staff.userId });
  });

  it("records a receive by quantity, lost and broken reports and their 発見 / 修理完了", async () => {
    const item = await makeItem(server, owner, { stock: 10 });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 4);
    const id = order_item.id as number;
    const post = (path: string, body: object) =>
      api().post(`/api/orderitems/${id}/${path}/`).set(bearer(staff)).send(body);
    await post("issue", { quantity: 4 }).expect(200);
    await post("receive", { quantity: 1 }).expect(200);
    const repairDue = new Date(at(20)).toISOString();
    await post("receive", { quantity: 1, lost: 1, broken: 1, repair_due: repairDue }).expect(200);
    // Refused (more than is out): nothing recorded.
    await post("receive", { quantity: 1 }).expect(409);
    const outages = (await api().get(`/api/items/${item.id}/outages/`).set(bearer(owner)).expect(200))
      .body as { id: number; kind: string }[];
    const broken = outages.find((o) => o.kind === "broken")!;
    await api().post(`/api/outages/${broken.id}/resolve/`).set(bearer(owner)).send({}).expect(200);
    const entries = (await caseHistory(owner, kase.id)).filter((e) => e.action !== "orderitem.add");
    expect(entries.map((e) => [e.action, e.quantity, e.actor])).toEqual(
      [
        ["case.create", null, owner.userId],
        ["orderitem.issue", 4, staff.userId],
        ["orderitem.receive", 1, staff.userId],
        ["orderitem.receive", 1, staff.userId],
        ["orderitem.outage_reported", 1, staff.userId],
        ["orderitem.outage_reported", 1, staff.userId],
        ["orderitem.outage_resolved", 1, owner.userId],
      ].reverse(),
    );
    const reported = entries.filter((e) => e.action === "orderitem.outage_reported").map((e) => e.after);
    expect(reported).toEqual(
      expect.arrayContaining([
        { disposition: "lost", repair_due: null },
        { disposition: "broken", repair_due: repairDue },
      ]),
    );
    const nameOf = (s: Session) => entries.find((e) => e.actor === s.userId)?.actor_name;
    const staffName = nameOf(staff);
    const ownerName = nameOf(owner);
    expect(entries.map(describeHistory)).toEqual(
      expect.arrayContaining([
        `${staffName} が ${item.title} の紛失 1 を報告`,
        `${staffName} が ${item.title} の故障 1 を報告`,
        `${ownerName} が ${item.title} 1 の修理完了を記録`,
      ]),
    );
  });

  it("records case edits, status changes, duplicate and delete; the entries outlive the case", async () => {
    const item = await makeItem(server, owner, { stock: 10, title: "プロジェクター" });
    const kase = await makeCase(server, owner, { title: "説明会", start: at(0), end: at(5) });
    await addUnits(server, owner, item.id, kase.id, 2);
    const put = (body: object) => api().put(`/api/workcases/${kase.id}/`).set(bearer(owner)).send(body);
    await put({ ...kase, title: "説明会（改）", start_date: at(1), end_date: at(6) }).expect(200);
    await setStatus(server, owner, kase.id, { status: "cancelled" }).expect(200);
    await setStatus(server, owner, kase.id, { status: "confirmed" }).expect(200);
    const copy = (await api().post(`/api/duplicate_work_case/${kase.id}/`).set(bearer(owner)).expect(201))
      .body;
    const entries = await caseHistory(owner, kase.id);
    expect(entries.slice(0, 3).map((e) => [e.action, e.before, e.after])).toEqual([
      ["case.status", { status: "cancelled", hold_until: null }, { status: "confirmed", hold_until: null }],
      ["case.status", { status: "confirmed", hold_until: null }, { status: "cancelled", hold_until: null }],
      [
        "case.update",
        expect.objectContaining({ title: "説明会", start_date: new Date(at(0)).toISOString() }),
        expect.objectContaining({ title: "説明会（改）", start_date: new Date(at(1)).toISOString() }),
      ],
    ]);
    expect((await caseHistory(owner, copy.id))[0]).toMatchObject({
      action: "case.duplicate",
      case_title: copy.title,
      before: { id: kase.id, title: "説明会（改）" },
    });
    await api().delete(`/api/workcases/${kase.id}/`).set(bearer(owner)).expect(204);
    // The case is gone; its entries stay, with its title, in the item's history.
    const ofIt = await itemHistory(owner, item.id);
    expect(ofIt.filter((e) => e.work_case === kase.id).map((e) => e.case_title)).toEqual([
      "説明会",
      "説明会",
    ]);
    const deleted = await rowsOf<{ case_title: string; before: { order_items: number } }>(
      server.deps.database.db,
      sql`SELECT case_title, before FROM history WHERE case_id = ${kase.id} AND action = 'case.delete'`,
    );
    expect(deleted).toEqual([
      { case_title: "説明会（改）", before: expect.objectContaining({ order_items: 1 }) },
    ]);
    await api().get(`/api/history/?work_case=${kase.id}`).set(bearer(owner)).expect(404);
  });

  it("records an item's stock changes; a refused stock edit records nothing; the item's delete stays", async () => {
    const item = await makeItem(server, owner, { stock: 5, title: "スピーカー" });
    const kase = await makeCase(server, owner);
    await addUnits(server, owner, item.id, kase.id, 3);
    const put = (stock: number) =>
      api()
        .put(`/api/items/${item.id}/`)
        .set(bearer(owner))
        .send({ ...item, stock_quantity: stock });
    await put(8).expect(200);
    await put(2).expect(409);
    expect((await itemHistory(owner, item.id)).map((e) => [e.action, e.before, e.after])).toEqual([
      ["item.update", { title: "スピーカー", stock_quantity: 5 }, { title: "スピーカー", stock_quantity: 8 }],
      ["orderitem.add", { order_quantity: 2 }, { order_quantity: 3 }],
      ["orderitem.add", { order_quantity: 1 }, { order_quantity: 2 }],
      ["orderitem.add", { order_quantity: 0 }, { order_quantity: 1 }],
      ["item.create", null, { title: "スピーカー", stock_quantity: 5, category: item.category_name }],
    ]);
    await api().delete(`/api/items/${item.id}/`).set(bearer(owner)).expect(204);
    expect(await rowsIn(sql`item_id = ${item.id} AND action = 'item.delete'`)).toEqual([
      { action: "item.delete", actor_id: owner.userId, quantity: null },
    ]);
  });

  it("records activation and delete of a member; who did it stays named after their own delete", async () => {
    const s = await signUpStaff(server, owner.groupId);
    await activate(server, owner, s.id);
    const member = await rowsIn(sql`member_id = ${s.id}`);
    expect(member).toEqual([{ action: "member.activate", actor_id: owner.userId, quantity: null }]);
    // The staff member adds a unit, then is deleted: the entry keeps their id and name.
    const { login } = await import("../../test/api");
    const session = await login(server, s.email, s.password);
    const item = await makeItem(server, owner);
    const kase = await makeCase(server, owner);
    await add(
      server,
      { ...session, groupId: owner.groupId, userId: s.id } as Session,
      item.id,
      kase.id,
    ).expect(200);
    await api().patch(`/api/user/${s.id}/`).set(bearer(owner)).send({ is_member: false }).expect(200);
    await api().delete(`/api/user/${s.id}/?groupid=${owner.groupId}`).set(bearer(owner)).expect(204);
    expect((await rowsIn(sql`member_id = ${s.id}`)).map((r) => r.action)).toEqual([
      "member.activate",
      "member.deactivate",
      "member.delete",
    ]);
    const [entry] = await caseHistory(owner, kase.id);
    expect(entry).toMatchObject({ action: "orderitem.add", actor: s.id, actor_name: "佐藤 花子" });
  });

  it("GET /api/history/: newest first, paged with before; another group's ids are 404", async () => {
    const item = await makeItem(server, owner, { stock: 10 });
    const kase = await makeCase(server, owner);
    await addUnits(server, staff, item.id, kase.id, 3);
    const all = await caseHistory(staff, kase.id);
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a));
    const older = await api()
      .get(`/api/history/?work_case=${kase.id}&before=${all[1]!.id}`)
      .set(bearer(owner))
      .expect(200);
    expect(older.body).toEqual(all.slice(2));
    await api().get(`/api/history/?work_case=${kase.id}`).set(bearer(other)).expect(404);
    await api().get(`/api/history/?item=${item.id}`).set(bearer(other)).expect(404);
    await api()
      .get(`/api/history/?work_case=${kase.id}&groupid=${other.groupId}`)
      .set(bearer(owner))
      .expect(404);
    await api().get("/api/history/").set(bearer(owner)).expect(404);
    await api().get(`/api/history/?work_case=abc`).set(bearer(owner)).expect(404);
    await api().get(`/api/history/?work_case=${kase.id}`).expect(401);
  });

  it("pushes new entries to the group's sockets after the commit, none for a refused +", async () => {
    const item = await makeItem(server, owner, { stock: 1, title: "ワイヤレスマイク（予備）" });
    const kase = await makeCase(server, owner);
    const watcher = await connect(server, staff.access);
    const outsider = await connect(server, other.access);
    sockets.push(watcher, outsider);
    const seenByOutsider = record(outsider);
    // The item's own creation entry may still be on its way when the socket joins: wait for the +'s.
    const arrived = nextEvent<{ seq: number; entries: HistoryEntryDto[] }>(watcher, "history.added", (p) =>
      p.entries.some((e) => e.item === item.id && e.action === "orderitem.add"),
    );
    await add(server, owner, item.id, kase.id).expect(200);
    const payload = await arrived;
    expect(typeof payload.seq).toBe("number");
    // The item's and the case's creation entries can share the +'s batch (one history.added per tick).
    expect(payload.entries.filter((e) => e.item === item.id && e.work_case === kase.id)).toEqual([
      expect.objectContaining({ action: "orderitem.add", actor_name: "山田 太郎" }),
    ]);
    const seen = record(watcher);
    await add(server, owner, item.id, (await makeCase(server, owner)).id).expect(409);
    await settle();
    const later = (seen.get("history.added") ?? []) as { entries: HistoryEntryDto[] }[];
    expect(later.flatMap((p) => p.entries).filter((e) => e.action === "orderitem.add")).toEqual([]);
    expect(seenByOutsider.get("history.added")).toBeUndefined();
  });

  describe("GET /api/history/export/ (CSV)", () => {
    const csv = (s: Session, query: string) =>
      api()
        .get(`/api/history/export/?${query}`)
        .set(bearer(s))
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => done(null, Buffer.concat(chunks).toString("utf8")));
        });

    it("gives the owner a period's entries (business days, both included); staff 403; other ids 404", async () => {
      const item = await makeItem(server, owner, { stock: 10, title: "=危険な名前" });
      const kase = await makeCase(server, owner, { title: "CSV案件" });
      await addUnits(server, staff, item.id, kase.id, 2);
      // Move the entries to known instants: 2031-01-09 23:30 JST, 2031-01-10 00:30 JST, 2031-01-12 00:00 JST.
      const ids = (
        await rowsOf<{ id: number }>(
          server.deps.database.db,
          sql`SELECT id FROM history WHERE item_id = ${item.id} ORDER BY id`,
        )
      ).map((r) => r.id);
      const instants = ["2031-01-09T14:30:00Z", "2031-01-09T15:30:00Z", "2031-01-11T15:00:00Z"];
      for (const [i, id] of ids.entries())
        await server.deps.database.db.execute(
          sql`UPDATE history SET at = ${instants[i]}::timestamptz WHERE id = ${id}`,
        );

      const res = await csv(owner, `from=2031-01-10&to=2031-01-11&item=${item.id}`).expect(200);
      expect(res.headers["content-type"]).toMatch(/^text\/csv/);
      expect(res.headers["content-disposition"]).toContain("history_2031-01-10_2031-01-11.csv");
      const text = res.body as string;
      expect(text.startsWith("\uFEFF日時,メンバーID,メンバー,操作,案件ID,案件,アイテムID,アイテム")).toBe(
        true,
      );
      const lines = text.slice(1).trim().split("\r\n");
      expect(lines).toHaveLength(2);
      expect(lines[1]).toContain("2031年01月10日 00:30");
      expect(lines[1]).toContain("佐藤 花子");
      expect(lines[1]).toContain("orderitem.add");
      expect(lines[1]).toContain("'=危険な名前");
      expect(lines[1]).toContain("CSV案件");

      const wide = (await csv(owner, `from=2031-01-09&to=2031-01-12`).expect(200)).body as string;
      expect(wide.trim().split("\r\n")).toHaveLength(4);
      expect(wide).toContain("佐藤 花子 が =危険な名前 を 1個 追加");

      await csv(staff, "from=2031-01-09&to=2031-01-12").expect(403);
      await csv(other, `from=2031-01-09&to=2031-01-12&item=${item.id}`).expect(404);
      await csv(other, `from=2031-01-09&to=2031-01-12&work_case=${kase.id}`).expect(404);
      await csv(owner, `from=2031-01-09&to=2031-01-12&groupid=${other.groupId}`).expect(404);
      // The other group's owner sees none of these entries.
      const theirs = (await csv(other, "from=2031-01-09&to=2031-01-12").expect(200)).body as string;
      expect(theirs.trim().split("\r\n")).toHaveLength(1);
      await csv(owner, "from=2031-01-12&to=2031-01-09").expect(400);
      await csv(owner, "from=2031-02-30&to=2031-03-01").expect(400);
      await csv(owner, "from=yesterday").expect(400);
    });
  });
});
