import { eq } from "drizzle-orm";
import { orderItems } from "../../db/schema";
import type { RunningServer } from "../../server";
import { type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, makeCase } from "../orderitems/orderitems.testkit";
import { addSet, makeSet } from "../sets/sets.testkit";
import { HEADER_ROW, PART_INDENT } from "./exports.presenter";
import { exportExcel as exportExcelAs, readSheet, type SheetRow, sheetRows } from "./exports.testkit";

/** Σ of the quantity column over the rows naming `title` (a set line's own row names the set). */
const unitsOf = (rows: SheetRow[], title: string) =>
  rows.filter((r) => r[0] === title).reduce((sum, r) => sum + Number(r[1]), 0);

describeOnDatabases("POST /api/export-excel/ of a case with sets", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let caseId: number;
  let orderItemOf: Record<"speaker" | "mixer" | "mic" | "cable", number>;

  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    const category = (await makeCategory(server, owner, "音響")).id;
    const item = (title: string) => makeItem(server, owner, { category, title, stock: 20 });
    const speaker = await item("スピーカー");
    const mixer = await item("ミキサー");
    const mic = await item("マイク");
    const cable = await item("XLRケーブル");
    const pa = await makeSet(
      server,
      owner,
      category,
      [
        [speaker.id, 2],
        [mixer.id, 1],
      ],
      "PAセット",
    );
    const mics = await makeSet(server, owner, category, [[mic.id, 4]], "マイクセット");
    caseId = (await makeCase(server, owner)).id;
    // 2 PA sets, 1 mic set, a speaker booked alone too, cables only alone.
    await addSet(server, owner, pa.id, caseId).expect(200);
    await addSet(server, owner, pa.id, caseId).expect(200);
    await addSet(server, owner, mics.id, caseId).expect(200);
    await add(server, owner, speaker.id, caseId).expect(200);
    for (let i = 0; i < 3; i++) await add(server, owner, cable.id, caseId).expect(200);
    const rows = await server.deps.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.workCaseId, caseId));
    const idOf = (itemId: number) => rows.find((r) => r.itemId === itemId)!.id;
    orderItemOf = {
      speaker: idOf(speaker.id),
      mixer: idOf(mixer.id),
      mic: idOf(mic.id),
      cable: idOf(cable.id),
    };
    // The mixers are booked only through the set: their note goes on their part row.
    await server.deps.database.db
      .update(orderItems)
      .set({ note: "予備ヒューズ" })
      .where(eq(orderItems.id, orderItemOf.mixer));
  });
  afterAll(() => server.close());

  const exportExcel = (body: unknown) => exportExcelAs(server, owner, body);

  it("writes each set line with its parts indented under it, then what was booked alone", async () => {
    const res = await exportExcel({ workcaseDetail: { id: caseId } }).expect(200);
    const rows = await sheetRows(res.body);
    const sets = '0"セット"';
    expect(rows).toEqual([
      ["PAセット", 2, "音響", 0, true, sets],
      ["スピーカー", 4, "音響", PART_INDENT, false, undefined],
      ["ミキサー", 2, "音響", PART_INDENT, false, undefined],
      ["マイクセット", 1, "音響", 0, true, sets],
      ["マイク", 4, "音響", PART_INDENT, false, undefined],
      // booked alone, in the default order (same end, newest order item first)
      ["XLRケーブル", 3, "音響", 0, false, undefined],
      ["スピーカー", 1, "音響", 0, false, undefined],
    ]);
    // Each item's rows add up to its order item's quantity.
    const booked = await server.deps.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.workCaseId, caseId));
    const quantity = (id: number) => booked.find((r) => r.id === id)!.orderQuantity;
    expect(unitsOf(rows, "スピーカー")).toBe(quantity(orderItemOf.speaker));
    expect(unitsOf(rows, "ミキサー")).toBe(quantity(orderItemOf.mixer));
    expect(unitsOf(rows, "マイク")).toBe(quantity(orderItemOf.mic));
    expect(unitsOf(rows, "XLRケーブル")).toBe(quantity(orderItemOf.cable));
  });

  it("gives a part its order item's dates, and the note to the part row of an item booked only in sets", async () => {
    const res = await exportExcel({ workcaseDetail: { id: caseId } }).expect(200);
    const sheet = await readSheet(res.body);
    const mixer = sheet.getRow(HEADER_ROW + 3);
    expect(mixer.getCell(1).value).toBe("ミキサー");
    expect(mixer.getCell(4).value).toBeInstanceOf(Date);
    expect(mixer.getCell(5).value).toBeInstanceOf(Date);
    expect(mixer.getCell(8).value).toBe("予備ヒューズ");
    const setRow = sheet.getRow(HEADER_ROW + 1);
    expect([4, 5, 6, 7, 8].map((c) => setRow.getCell(c).value)).toEqual([null, null, null, null, null]);
  });

  it("keeps every set line and follows the client's selection and order for what was booked alone", async () => {
    const res = await exportExcel({
      workcaseDetail: { id: caseId },
      order_items: [orderItemOf.speaker, orderItemOf.mixer, orderItemOf.cable],
    }).expect(200);
    const rows = await sheetRows(res.body);
    expect(rows.map((r) => [r[0], r[1]])).toEqual([
      ["PAセット", 2],
      ["スピーカー", 4],
      ["ミキサー", 2],
      ["マイクセット", 1],
      ["マイク", 4],
      // the mixer has nothing booked alone: no plain row
      ["スピーカー", 1],
      ["XLRケーブル", 3],
    ]);
  });
});
