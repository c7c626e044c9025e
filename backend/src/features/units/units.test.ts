import { describeHistory } from "@zaiko/common/history/describe";
import type { HistoryEntryDto } from "@zaiko/common/history/history.schema";
import { ja } from "@zaiko/common/messages/ja";
import type { UnitDto, UnitPageDto } from "@zaiko/common/units/units.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent } from "../../test/sockets";
import { useGroupServer } from "../../test/testServer";
import { itemsOfGroupInDb, makeItem } from "../items/items.testkit";
import { addUnits, at, invariantViolations, makeCase, patch } from "../orderitems/orderitems.testkit";
import { decodeLabelQrs, pdfText, track } from "./units.testkit";

const U = ja.units;

/** 個体管理 (docs/units.md): tracking, units and their stock, binding on issue / receive / lost / found. */
describeOnDatabases("units (個体管理)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const post = (s: Session, url: string, body: object = {}) => api().post(url).set(bearer(s)).send(body);
  const get = (s: Session, url: string) => api().get(url).set(bearer(s));
  const unitsOf = async (item: number): Promise<UnitDto[]> =>
    (await get(owner, `/api/units/?item=${item}`).expect(200)).body;
  const unitPage = async (id: number): Promise<UnitPageDto> =>
    (await get(owner, `/api/units/${id}/`).expect(200)).body;
  const stockOf = async (item: number): Promise<number> => {
    const units = await unitsOf(item);
    return units.filter((u) => u.status !== "retired").length;
  };
  const itemRow = async (item: number) =>
    (await itemsOfGroupInDb(server, owner.groupId)).find((i) => i.id === item)!;
  const itemStock = async (item: number): Promise<number> => (await itemRow(item)).stockQuantity;

  /** A tracked item of `stock` units (prefix unique), and a confirmed case with `n` of it booked. */
  async function trackedLine(stock: number, n: number, opts: { start?: string; end?: string } = {}) {
    const item = await makeItem(server, owner, { stock });
    const prefix = unique("P").toUpperCase();
    const units = await track(server, owner, item.id, prefix);
    const kase = await makeCase(server, owner, { start: opts.start ?? at(0), end: opts.end ?? at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, n);
    return { item, kase, units, prefix, line: order_item.id as number };
  }

  it("turns tracking on: stock n becomes n units {prefix}-0001…, the item says so, the stock follows the units", async () => {
    const item = await makeItem(server, owner, { stock: 3 });
    const prefix = unique("MIC").toUpperCase();
    const units = await track(server, owner, item.id, prefix);
    expect(units.map((u) => u.tag)).toEqual([`${prefix}-0001`, `${prefix}-0002`, `${prefix}-0003`]);
    expect(units.every((u) => u.status === "in" && u.item === item.id && u.repairs === 0)).toBe(true);
    expect(await itemRow(item.id)).toMatchObject({ unitTracked: true, stockQuantity: 3 });
    // Every answer with the item says so (the weekly view is what the item screen lists).
    const week = (await get(owner, "/api/items/2030/04/01/").expect(200)).body.results.items;
    expect(week.find((i: { id: number }) => i.id === item.id)).toMatchObject({ unit_tracked: true });
    // Again: 409; an edit of the stock: 400 (it follows the units); nothing changed.
    expect(
      (await post(owner, "/api/units/tracking/", { item: item.id, tracked: true }).expect(409)).body,
    ).toEqual({
      error: U.alreadyTracked,
    });
    const edit = await api()
      .put(`/api/items/${item.id}/`)
      .set(bearer(owner))
      .send({ title: item.title, category: item.category, stock_quantity: 5, note: "" })
      .expect(400);
    expect(edit.body).toEqual({ stock_quantity: [U.stockFollowsUnits] });
    expect(await itemStock(item.id)).toBe(3);
    // Adding one (tag generated, then typed) raises the stock; a taken tag (any case) is refused.
    const added = await post(owner, "/api/units/", { item: item.id, serial: "SN-1", memo: "予備" }).expect(
      200,
    );
    expect(added.body).toMatchObject({ tag: `${prefix}-0004`, serial: "SN-1", memo: "予備", status: "in" });
    const typed = await post(owner, "/api/units/", { item: item.id, tag: `${prefix}-X1` }).expect(200);
    expect(typed.body.tag).toBe(`${prefix}-X1`);
    expect(
      (await post(owner, "/api/units/", { item: item.id, tag: `${prefix}-x1`.toLowerCase() }).expect(400))
        .body,
    ).toEqual({ tag: [U.tagTaken] });
    expect((await post(owner, "/api/units/", { item: item.id, tag: "A B" }).expect(400)).body).toEqual({
      tag: [U.tagInvalid],
    });
    expect(await itemStock(item.id)).toBe(5);
    // Another group may use the same tag (unique per group); it cannot see this group's units.
    const theirs = await makeItem(server, other, { stock: 0 });
    await track(server, other, theirs.id, prefix);
    await post(other, "/api/units/", { item: theirs.id, tag: `${prefix}-X1` }).expect(200);
    await get(other, `/api/units/?item=${item.id}`).expect(404);
    await get(other, `/api/units/${typed.body.id}/`).expect(404);
    await post(other, `/api/units/${typed.body.id}/retire/`).expect(404);
    expect((await get(other, `/api/units/lookup/?tag=${prefix}-0001`).expect(404)).body).toEqual({
      detail: U.unknownTag(`${prefix}-0001`),
    });
    expect(
      (await get(owner, `/api/units/lookup/?tag=${prefix.toLowerCase()}-0001`).expect(200)).body.id,
    ).toBe(units[0]!.id);
    await post(other, "/api/units/", { item: item.id }).expect(404);
    await post(other, "/api/units/tracking/", { item: item.id, tracked: false }).expect(404);
    // A unit's tag, serial and memo are edited; a taken tag is refused.
    const edited = await api()
      .patch(`/api/units/${units[0]!.id}/`)
      .set(bearer(staff))
      .send({ serial: "SN-9", memo: "ケーブル交換済" })
      .expect(200);
    expect(edited.body).toMatchObject({ tag: units[0]!.tag, serial: "SN-9", memo: "ケーブル交換済" });
    expect(
      (
        await api()
          .patch(`/api/units/${units[0]!.id}/`)
          .set(bearer(owner))
          .send({ tag: `${prefix}-0002` })
          .expect(400)
      ).body,
    ).toEqual({ tag: [U.tagTaken] });
    await api().patch(`/api/units/${units[0]!.id}/`).set(bearer(other)).send({ memo: "x" }).expect(404);
    // The CSV import cannot change a tracked item's stock (the whole file is refused, nothing changed).
    const category = (await get(owner, "/api/categories/").expect(200)).body.find(
      (c: { id: number }) => c.id === item.category,
    );
    const csv = Buffer.from(`アイテム名,カテゴリ,在庫数,メモ\n${item.title},${category.category},9,\n`);
    const imported = await api()
      .post("/api/import-item-csv/")
      .set(bearer(owner))
      .attach("csv_file", csv, "items.csv")
      .expect(400);
    expect(imported.body).toEqual({
      detail: ja.imports.failed,
      errors: [{ line: 2, message: U.stockFollowsUnits }],
    });
    expect(await itemStock(item.id)).toBe(5);
    // Count items: units are refused.
    const plain = await makeItem(server, owner, { stock: 2 });
    expect((await post(owner, "/api/units/", { item: plain.id }).expect(409)).body).toEqual({
      error: U.notTracked,
    });
  });

  it("refuses a malformed tag with the tag's Japanese message, never a 500, and changes nothing", async () => {
    const item = await makeItem(server, owner, { stock: 1 });
    await track(server, owner, item.id, unique("BAD").toUpperCase());
    // A tag that is not text (a number, a list, an object, true): the form's message, not zod's English.
    for (const tag of [5, ["A-1"], { tag: "A-1" }, true]) {
      expect((await post(owner, "/api/units/", { item: item.id, tag }).expect(400)).body).toEqual({
        tag: [U.tagInvalid],
      });
    }
    expect(await itemStock(item.id)).toBe(1);
    // A scan's tag with NUL (a wedge scanner's stray byte) cannot name a unit: the boundary's message, not a
    // failed query.
    for (const tag of ["%00", "A%00B"]) {
      expect((await get(owner, `/api/units/lookup/?tag=${tag}`).expect(400)).body).toEqual({
        tag: [ja.validation.forbiddenCharacter],
      });
    }
  });

  it("retires a unit under the stock edit's check: 409 with the short case while a booking needs it, nothing changed", async () => {
    const { item, units, kase } = await trackedLine(2, 2);
    const refused = await post(owner, `/api/units/${units[0]!.id}/retire/`).expect(409);
    expect(refused.body.error).toBe(U.retireShort);
    expect(refused.body.shortages).toEqual([
      expect.objectContaining({ item_id: item.id, required: 2, available: 1 }),
    ]);
    expect(refused.body.short_cases).toEqual([
      expect.objectContaining({ item_id: item.id, cases: [expect.objectContaining({ case_id: kase.id })] }),
    ]);
    expect(await itemStock(item.id)).toBe(2);
    expect((await unitPage(units[0]!.id)).unit.status).toBe("in");
    // One more unit: now one can go.
    await post(owner, "/api/units/", { item: item.id }).expect(200);
    const retired = await post(owner, `/api/units/${units[0]!.id}/retire/`).expect(200);
    expect(retired.body).toMatchObject({ status: "retired" });
    expect(retired.body.retired_at).not.toBeNull();
    expect(await itemStock(item.id)).toBe(2);
    expect(await stockOf(item.id)).toBe(2);
    expect((await post(owner, `/api/units/${units[0]!.id}/retire/`).expect(409)).body).toEqual({
      error: U.retiredUnit(units[0]!.tag),
    });
    expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
  });

  it("binds units on issue: named units go out on the case, one case at a time, with every refusal", async () => {
    const { item, kase, units, line } = await trackedLine(3, 2);
    const [a, b, c] = units as [UnitDto, UnitDto, UnitDto];
    // A tracked line names its units: none, the spec's toggle, a count that differs, a duplicate.
    expect((await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 1 }).expect(409)).body).toEqual({
      error: U.unitsRequired,
    });
    expect((await patch(server, owner, line, { issue: new Date().toISOString() }).expect(409)).body).toEqual({
      error: U.unitsRequired,
    });
    expect(
      (await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 2, units: [a.id] }).expect(400)).body,
    ).toEqual({ units: [U.unitsMismatch] });
    expect(
      (await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 2, units: [a.id, a.id] }).expect(400))
        .body,
    ).toEqual({ units: [U.duplicateUnits] });
    // More units than booked: the count rule.
    expect(
      (
        await post(owner, `/api/orderitems/${line}/issue/`, {
          quantity: 3,
          units: [a.id, b.id, c.id],
        }).expect(409)
      ).body,
    ).toEqual({ error: ja.movements.overIssue(2) });
    // A unit of another item, of another group.
    const otherItem = await makeItem(server, owner, { stock: 1 });
    const [foreign] = await track(server, owner, otherItem.id, unique("Q").toUpperCase());
    expect(
      (await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 1, units: [foreign!.id] }).expect(409))
        .body,
    ).toEqual({
      error: U.notThisItem(foreign!.tag, item.title),
      unit: { id: foreign!.id, tag: foreign!.tag },
    });
    const theirs = await makeItem(server, other, { stock: 1 });
    const [theirUnit] = await track(server, other, theirs.id, unique("R").toUpperCase());
    expect(
      (
        await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 1, units: [theirUnit!.id] }).expect(
          409,
        )
      ).body,
    ).toEqual({ error: U.unitsInvalid });
    expect((await unitPage(a.id)).unit.status).toBe("in");

    const issued = await post(staff, `/api/orderitems/${line}/issue/`, {
      quantity: 2,
      units: [a.id, b.id],
    }).expect(200);
    expect(issued.body).toMatchObject({ issued_quantity: 2 });
    const page = await unitPage(a.id);
    expect(page.unit).toMatchObject({
      status: "out",
      out: { order_item: line, work_case: kase.id, work_case_title: kase.title },
    });
    expect(page.movements).toEqual([
      expect.objectContaining({ kind: "issue", order_item: line, work_case: kase.id }),
    ]);
    expect(page.cases).toEqual([expect.objectContaining({ work_case: kase.id })]);
    // The same unit on another case: the case it is out on is named.
    const second = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, second.id, 1);
    expect(
      (
        await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [a.id] }).expect(
          409,
        )
      ).body,
    ).toEqual({ error: U.outElsewhere(kase.title), unit: { id: a.id, tag: a.tag } });
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [c.id] }).expect(200);
    // The history entry names the units.
    const history = (await get(owner, `/api/history/?work_case=${kase.id}`).expect(200)).body;
    const entries = Array.isArray(history) ? history : history.results;
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          action: "orderitem.issue",
          after: expect.objectContaining({ units: `${a.tag}、${b.tag}` }),
        }),
      ]),
    );
    const issueEntry = entries.find((e: HistoryEntryDto) => e.action === "orderitem.issue" && e.after?.units);
    expect(describeHistory(issueEntry)).toBe(
      `${ja.history.issue(issueEntry.actor_name, item.title, 2)}（${a.tag}、${b.tag}）`,
    );
  });

  it("receives named units back, reports one lost and one broken by name, found and repaired name themselves", async () => {
    const { item, kase, units, line } = await trackedLine(4, 4);
    const [a, b, c, d] = units as [UnitDto, UnitDto, UnitDto, UnitDto];
    await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 3, units: [a.id, b.id, c.id] }).expect(
      200,
    );
    // Receive needs units out on this line.
    expect((await post(owner, `/api/orderitems/${line}/receive/`, { quantity: 1 }).expect(409)).body).toEqual(
      {
        error: U.unitsRequired,
      },
    );
    expect(
      (await post(owner, `/api/orderitems/${line}/receive/`, { quantity: 1, units: [d.id] }).expect(409))
        .body,
    ).toEqual({ error: U.notOutHere(d.tag), unit: { id: d.id, tag: d.tag } });
    const repairDue = new Date(Date.now() + 7 * 86_400_000).toISOString();
    expect(
      (
        await post(owner, `/api/orderitems/${line}/receive/`, {
          quantity: 1,
          lost: 1,
          units: [a.id],
          lost_units: [a.id],
        }).expect(400)
      ).body,
    ).toEqual({ units: [U.duplicateUnits] });
    const back = await post(staff, `/api/orderitems/${line}/receive/`, {
      quantity: 1,
      lost: 1,
      broken: 1,
      repair_due: repairDue,
      units: [a.id],
      lost_units: [b.id],
      broken_units: [c.id],
    }).expect(200);
    expect(back.body).toMatchObject({ issued_quantity: 3, received_quantity: 3 });
    const [pa, pb, pc] = await Promise.all([unitPage(a.id), unitPage(b.id), unitPage(c.id)]);
    expect(pa.unit.status).toBe("in");
    expect(pb.unit).toMatchObject({ status: "lost", outage: { kind: "lost", work_case_title: kase.title } });
    expect(pc.unit).toMatchObject({ status: "broken", repairs: 1 });
    expect(pb.movements.map((m) => [m.kind, m.disposition])).toEqual([
      ["receive", "lost"],
      ["issue", "returned"],
    ]);
    // Out of service: one report per unit, listed on the item.
    const outages = (await get(owner, `/api/items/${item.id}/outages/`).expect(200)).body;
    expect(outages).toEqual([
      expect.objectContaining({ kind: "lost", quantity: 1 }),
      expect.objectContaining({ kind: "broken", quantity: 1 }),
    ]);
    // A lost unit cannot go out; found (by itself), it can.
    const next = await makeCase(server, owner, { start: at(20), end: at(30) });
    const { order_item } = await addUnits(server, owner, item.id, next.id, 1);
    expect(
      (
        await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [b.id] }).expect(
          409,
        )
      ).body,
    ).toEqual({ error: U.lostNow(b.tag), unit: { id: b.id, tag: b.tag } });
    const found = await post(owner, `/api/units/${b.id}/resolve/`).expect(200);
    expect(found.body).toMatchObject({ status: "in", outage: null });
    expect((await post(owner, `/api/units/${b.id}/resolve/`).expect(409)).body).toEqual({
      error: U.notOutOfService(b.tag),
    });
    // Repaired through the item's outage list (the report's id) works the same way.
    const brokenReport = (await unitPage(c.id)).unit.outage!.id;
    await post(owner, `/api/outages/${brokenReport}/resolve/`).expect(200);
    expect((await unitPage(c.id)).unit).toMatchObject({ status: "in", repairs: 1 });
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [b.id] }).expect(200);
    // The spec's 入庫 toggle on a tracked line receives every unit out on it.
    await patch(server, owner, order_item.id, { receive: new Date().toISOString() }).expect(200);
    expect((await unitPage(b.id)).unit.status).toBe("in");
    expect(await invariantViolations(server.deps.database, [item.id])).toEqual([]);
  });

  it("undo and the cleared toggles give units back where they were; refused when one went out elsewhere since", async () => {
    const { item, kase, units, line } = await trackedLine(2, 1);
    const [a] = units as [UnitDto];
    await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 1, units: [a.id] }).expect(200);
    await api().delete(`/api/orderitems/${line}/movements/latest/`).set(bearer(owner)).expect(200);
    expect((await unitPage(a.id)).unit.status).toBe("in");
    await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 1, units: [a.id] }).expect(200);
    await post(owner, `/api/orderitems/${line}/receive/`, { quantity: 1, units: [a.id] }).expect(200);
    await api().delete(`/api/orderitems/${line}/movements/latest/`).set(bearer(owner)).expect(200);
    expect((await unitPage(a.id)).unit).toMatchObject({ status: "out", out: { order_item: line } });
    await post(owner, `/api/orderitems/${line}/receive/`, { quantity: 1, units: [a.id] }).expect(200);
    // Out again on another case: taking the receive back would have it out twice.
    const second = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, second.id, 1);
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1, units: [a.id] }).expect(200);
    expect((await patch(server, owner, line, { receive: null }).expect(409)).body).toEqual({
      error: U.outElsewhere(second.title),
      unit: { id: a.id, tag: a.tag },
    });
    expect(
      (await api().delete(`/api/orderitems/${line}/movements/latest/`).set(bearer(owner)).expect(409)).body
        .error,
    ).toBe(U.outElsewhere(second.title));
    expect((await unitPage(a.id)).unit.out?.work_case).toBe(second.id);
    // The cleared 出庫 toggle brings it back to the warehouse.
    await patch(server, owner, order_item.id, { issue: null }).expect(200);
    expect((await unitPage(a.id)).unit.status).toBe("in");
    expect(kase.id).toBeGreaterThan(0);
  });

  it("refuses tracking while units are out, turns it off keeping the units and their records, back on with the same tags", async () => {
    const item = await makeItem(server, owner, { stock: 2 });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 1);
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, { quantity: 1 }).expect(200);
    const prefix = unique("T").toUpperCase();
    expect(
      (await post(owner, "/api/units/tracking/", { item: item.id, tracked: true, prefix }).expect(409)).body,
    ).toEqual({ error: U.cannotTrackWhileOut });
    await post(owner, `/api/orderitems/${order_item.id}/receive/`, { quantity: 1 }).expect(200);
    const units = await track(server, owner, item.id, prefix);
    await post(owner, `/api/orderitems/${order_item.id}/issue/`, {
      quantity: 1,
      units: [units[0]!.id],
    }).expect(409); // nothing left to issue: 1 of 1 is out
    const off = await post(owner, "/api/units/tracking/", { item: item.id, tracked: false }).expect(200);
    expect(off.body.map((u: UnitDto) => u.status)).toEqual(["retired", "retired"]);
    expect(await itemRow(item.id)).toMatchObject({ unitTracked: false, stockQuantity: 2 });
    // Counted again: today's behaviour (units refused).
    expect(
      (
        await post(owner, `/api/orderitems/${order_item.id}/receive/`, {
          quantity: 1,
          units: [units[0]!.id],
        }).expect(400)
      ).body,
    ).toEqual({ units: [U.unitsUnexpected] });
    const again = await post(owner, "/api/units/tracking/", { item: item.id, tracked: true }).expect(200);
    expect(again.body.map((u: UnitDto) => [u.tag, u.status])).toEqual([
      [units[0]!.tag, "in"],
      [units[1]!.tag, "in"],
    ]);
  });

  it("prints labels: a PDF with each tag, item and group name, whose QR codes decode to the tags; 12 per sheet from a start position", async () => {
    const item = await makeItem(server, owner, { stock: 3, title: unique("マイク") });
    const groups = (await server.deps.database.db.execute(
      sql`SELECT name FROM groups WHERE id = ${owner.groupId}`,
    )) as unknown as { rows: { name: string }[] };
    const groupName = groups.rows[0]!.name.replace(/\s/g, "");
    const prefix = unique("L").toUpperCase();
    const units = await track(server, owner, item.id, prefix);
    const ids = units.map((u) => u.id).join(",");
    const res = await get(owner, `/api/units/labels/?ids=${ids}&layout=a4-12&start=11`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200)
      .expect("Content-Type", "application/pdf");
    const pdf = res.body as Buffer;
    const text = pdfText(pdf);
    const flat = text.replace(/\s/g, "");
    for (const u of units) expect(flat).toContain(u.tag);
    expect(flat).toContain(item.title);
    expect(flat).toContain(groupName);
    // Start at 11 of 12: two labels on the first sheet, the third on a second sheet.
    expect(text.split("\f").filter((p) => p.trim()).length).toBe(2);
    const qrs = decodeLabelQrs(pdf, {
      columns: 2,
      rows: 6,
      marginMm: [18.6, 21.6],
      labelMm: [86.4, 42.3],
      gapMm: [2.5, 0],
      pageMm: [210, 297],
    });
    expect(qrs.sort()).toEqual(units.map((u) => u.tag).sort());
    // Bad requests.
    await get(owner, `/api/units/labels/?ids=${ids}&layout=a4-12&start=13`).expect(400);
    await get(owner, `/api/units/labels/?ids=&layout=a4-12`).expect(400);
    await get(owner, `/api/units/labels/?ids=${ids}&layout=a5`).expect(400);
    await get(other, `/api/units/labels/?ids=${ids}`).expect(404);
    // The single-label page.
    const single = await get(owner, `/api/units/labels/?ids=${units[0]!.id}&layout=single`)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on("data", (c: Buffer) => chunks.push(c));
        r.on("end", () => cb(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(pdfText(single.body as Buffer).replace(/\s/g, "")).toContain(units[0]!.tag);
  });

  it("exports the units as CSV (BOM, CRLF, state and case) and tells every screen of the group live", async () => {
    const socket = await connect(server, staff.access);
    sockets.push(socket);
    const { item, kase, units, line } = await trackedLine(2, 1);
    const changed = nextEvent<{ item_ids: number[]; unit_ids: number[] }>(socket, "units.changed", (p) =>
      p.unit_ids.includes(units[0]!.id),
    );
    await post(owner, `/api/orderitems/${line}/issue/`, { quantity: 1, units: [units[0]!.id] }).expect(200);
    expect((await changed).item_ids).toEqual([item.id]);
    const csv = await get(owner, `/api/units/export/?item=${item.id}`).expect(200);
    expect(csv.text.startsWith("\uFEFF")).toBe(true);
    const lines = csv.text.slice(1).split("\r\n");
    expect(lines[0]).toBe(U.csvHeader.join(","));
    expect(lines[1]).toContain(units[0]!.tag);
    expect(lines[1]).toContain(U.stateOut(kase.title));
    await get(other, `/api/units/export/?item=${item.id}`).expect(404);
  });
});
