import { execFile, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import request from "supertest";
import { categories, items, orderItems, workCases } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { EXCEL_DATE_FORMAT, HEADER_ROW, XLSX_CONTENT_TYPE } from "./exports.presenter";
import { exportExcel as exportExcelAs, readSheet } from "./exports.testkit";

const run = promisify(execFile);
const HEADER = ["アイテム", "数量", "カテゴリ", "開始時刻", "終了時刻", "出庫時刻", "入庫時刻", "ノート"];
const FORMULA_NOTE = '=HYPERLINK("http://evil.example","click")';
const hasLibreOffice = spawnSync("sh", ["-c", "command -v libreoffice"]).status === 0;
const requireLibreOffice = process.env.REQUIRE_SERVICES === "1";
if (!hasLibreOffice && !requireLibreOffice)
  console.warn("SKIPPED (no LibreOffice): POST /api/export-excel/ opened in LibreOffice");
// With REQUIRE_SERVICES=1 the test runs and fails at its first line when LibreOffice is missing.
const libreOfficeIt = hasLibreOffice || requireLibreOffice ? it : it.skip;

/** The Excel date that shows the given Tokyo wall clock ("2026-11-22T09:30"). */
const tokyo = (wallClock: string) => new Date(`${wallClock}:00Z`);

describeOnDatabases("POST /api/export-excel/", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  let caseId: number;
  let otherCaseId: number;
  let otherOrderItemId: number;
  const title = unique("春の展示会／東京 ");
  const ids: Record<"mic" | "speaker" | "cable", number> = { mic: 0, speaker: 0, cable: 0 };

  /** A case with order items of the session's group, written straight to the database. */
  async function seed(session: Session, caseTitle: string) {
    const db = server.deps.database.db;
    const groupId = session.groupId;
    const [category] = await db.insert(categories).values({ groupId, name: "音響" }).returning();
    const [mic, speaker, cable] = await db
      .insert(items)
      .values(
        ["ワイヤレスマイク", "スピーカー", "XLRケーブル"].map((t) => ({
          groupId,
          categoryId: category!.id,
          title: t,
          stockQuantity: 10,
        })),
      )
      .returning();
    const [workCase] = await db
      .insert(workCases)
      .values({
        groupId,
        title: caseTitle,
        startDate: new Date("2026-11-22T00:30:00Z"), // 09:30 in Tokyo
        endDate: new Date("2026-11-30T15:00:00Z"), // 12/01 00:00 in Tokyo
      })
      .returning();
    const rows = await db
      .insert(orderItems)
      .values([
        {
          groupId,
          workCaseId: workCase!.id,
          itemId: mic!.id,
          orderQuantity: 2,
          startDate: new Date("2026-11-22T00:30:00Z"),
          endDate: new Date("2026-11-25T09:00:00Z"),
          issue: new Date("2026-11-22T01:15:00Z"),
          receive: new Date("2026-11-25T08:45:00Z"),
          note: "予備電池つき",
        },
        {
          groupId,
          workCaseId: workCase!.id,
          itemId: speaker!.id,
          orderQuantity: 4,
          startDate: new Date("2026-11-23T00:00:00Z"),
          endDate: new Date("2026-11-30T15:00:00Z"),
          note: FORMULA_NOTE,
        },
        {
          groupId,
          workCaseId: workCase!.id,
          itemId: cable!.id,
          orderQuantity: 12,
          startDate: new Date("2026-11-22T00:30:00Z"),
          endDate: new Date("2026-11-24T03:00:00Z"),
          note: "",
        },
      ])
      .returning();
    return { caseId: workCase!.id, rows: rows.map((r) => r.id) as [number, number, number] };
  }

  const exportExcel = (session: Session, body: unknown) => exportExcelAs(server, session, body);

  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
    const mine = await seed(owner, title);
    caseId = mine.caseId;
    [ids.mic, ids.speaker, ids.cable] = mine.rows;
    const theirs = await seed(other, "他グループの案件");
    otherCaseId = theirs.caseId;
    otherOrderItemId = theirs.rows[0];
  });
  afterAll(() => server.close());

  it("answers an xlsx attachment named after the case, Japanese name intact", async () => {
    const res = await exportExcel(owner, { order_items: [], workcaseDetail: { id: caseId } }).expect(200);
    expect(res.headers["content-type"]).toBe(XLSX_CONTENT_TYPE);
    const disposition = res.headers["content-disposition"] as string;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+\.xlsx"; filename\*=UTF-8''/);
    const encoded = /filename\*=UTF-8''(\S+)$/.exec(disposition)?.[1] ?? "";
    expect(decodeURIComponent(encoded)).toBe(`${title}.xlsx`);
    // A zip (PK\x03\x04), as every .xlsx is.
    expect((res.body as Buffer).subarray(0, 4).toString("hex")).toBe("504b0304");
  });

  it("writes title, period, a bold frozen header and every row in the default order", async () => {
    const res = await exportExcel(owner, { workcaseDetail: { id: caseId, title: "無視される" } }).expect(200);
    const sheet = await readSheet(res.body);
    expect(sheet.getCell("A1").value).toBe(title);
    expect(sheet.getCell("A2").value).toBe("期間：2026年11月22日 09:30 – 2026年12月01日 00:00");
    const header = sheet.getRow(HEADER_ROW);
    expect((header.values as unknown[]).slice(1)).toEqual(HEADER);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: HEADER_ROW });
    expect(sheet.getColumn(1).width).toBeGreaterThanOrEqual(20);

    // end_date descending: speaker (11/30), mic (11/25), cable (11/24).
    const titles = [1, 2, 3].map((i) => sheet.getRow(HEADER_ROW + i).getCell(1).value);
    expect(titles).toEqual(["スピーカー", "ワイヤレスマイク", "XLRケーブル"]);
    expect(sheet.rowCount).toBe(HEADER_ROW + 3);

    const mic = sheet.getRow(HEADER_ROW + 2);
    expect([2, 3, 8].map((c) => mic.getCell(c).value)).toEqual([2, "音響", "予備電池つき"]);
    const expected = ["2026-11-22T09:30", "2026-11-25T18:00", "2026-11-22T10:15", "2026-11-25T17:45"];
    [4, 5, 6, 7].forEach((col, i) => {
      const cell = mic.getCell(col);
      expect(cell.value).toBeInstanceOf(Date);
      expect(cell.value).toEqual(tokyo(expected[i]!));
      expect(cell.numFmt).toBe(EXCEL_DATE_FORMAT);
    });
    const speaker = sheet.getRow(HEADER_ROW + 1);
    expect(speaker.getCell(5).value).toEqual(tokyo("2026-12-01T00:00"));
    expect(speaker.getCell(6).value).toBeNull();
    expect(speaker.getCell(7).value).toBeNull();
  });

  it("keeps a formula-looking note as a plain string", async () => {
    const res = await exportExcel(owner, {
      order_items: [ids.speaker],
      workcaseDetail: { id: caseId },
    }).expect(200);
    const cell = (await readSheet(res.body)).getRow(HEADER_ROW + 1).getCell(8);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe(FORMULA_NOTE);
    expect(cell.formula).toBeUndefined();
  });

  it("drops characters XML cannot hold instead of writing a broken file", async () => {
    const db = server.deps.database.db;
    await db.update(orderItems).set({ note: "ベル\u0007音\uFFFEあり" }).where(eq(orderItems.id, ids.cable));
    try {
      const res = await exportExcel(owner, {
        order_items: [ids.cable],
        workcaseDetail: { id: caseId },
      }).expect(200);
      expect((await readSheet(res.body)).getRow(HEADER_ROW + 1).getCell(8).value).toBe("ベル音あり");
    } finally {
      await db.update(orderItems).set({ note: "" }).where(eq(orderItems.id, ids.cable));
    }
  });

  it("follows the client's order and ignores ids that are not the case's", async () => {
    const res = await exportExcel(owner, {
      order_items: [{ id: ids.cable, order_quantity: 999 }, otherOrderItemId, 987654321, ids.mic, ids.cable],
      workcaseDetail: { id: caseId },
    }).expect(200);
    const sheet = await readSheet(res.body);
    expect(sheet.rowCount).toBe(HEADER_ROW + 2);
    const rows = [1, 2].map((i) => sheet.getRow(HEADER_ROW + i));
    expect(rows.map((r) => r.getCell(1).value)).toEqual(["XLRケーブル", "ワイヤレスマイク"]);
    // The quantity comes from the database, not from the client's object.
    expect(rows[0]!.getCell(2).value).toBe(12);
  });

  it("answers 404 for another group's case and for a missing one", async () => {
    await exportExcel(owner, { order_items: [], workcaseDetail: { id: otherCaseId } }).expect(404);
    await exportExcel(owner, { order_items: [], workcaseDetail: { id: 2_000_000_000 } }).expect(404);
  });

  it("answers 400 for a case id beyond 32 bits: an id out of range in a body is a bad body", async () => {
    await exportExcel(owner, { order_items: [], workcaseDetail: { id: 99_999_999_999 } }).expect(400);
  });

  it("answers 400 for a bad body and 401 without a token", async () => {
    const bad = [
      {},
      { order_items: [] },
      { workcaseDetail: {} },
      { workcaseDetail: { id: "abc" } },
      { workcaseDetail: { id: 1.5 } },
      { workcaseDetail: null },
      { workcaseDetail: { id: caseId }, order_items: "all" },
      { workcaseDetail: { id: caseId }, order_items: [{ title: "x" }] },
    ];
    for (const body of bad) {
      const res = await request(server.url).post("/api/export-excel/").set(bearer(owner)).send(body);
      expect(res.status).toBe(400);
      expect(res.type).toBe("application/json");
    }
    const res = await request(server.url).post("/api/export-excel/").set(bearer(owner)).send({});
    expect(res.body.workcaseDetail).toEqual(["案件のIDを整数で指定してください"]);
    await request(server.url)
      .post("/api/export-excel/")
      .send({ workcaseDetail: { id: caseId } })
      .expect(401);
  });

  // The conversion does not depend on the database: it runs once, in the PGlite suite that always runs.
  if (driver !== "pglite") return;
  libreOfficeIt(
    "opens in LibreOffice with the dates shown in Tokyo time",
    async () => {
      if (!hasLibreOffice)
        throw new Error("REQUIRE_SERVICES=1 but LibreOffice (libreoffice) is not installed");
      const res = await exportExcel(owner, { workcaseDetail: { id: caseId } }).expect(200);
      const dir = await mkdtemp(join(tmpdir(), "zaiko-xlsx-"));
      const profile = join(tmpdir(), `lo-${randomBytes(6).toString("hex")}`);
      try {
        const file = join(dir, "export.xlsx");
        await writeFile(file, res.body);
        await run(
          "libreoffice",
          [
            `-env:UserInstallation=file://${profile}`,
            "--headless",
            "--convert-to",
            // Comma, double quotes, UTF-8 (76), from the first line.
            "csv:Text - txt - csv (StarCalc):44,34,76,1",
            "--outdir",
            dir,
            file,
          ],
          { timeout: 60_000 },
        );
        expect(await readdir(dir)).toContain("export.csv");
        const csv = await readFile(join(dir, "export.csv"), "utf8");
        const lines = parse(csv, { relax_column_count: true }) as string[][];
        expect(lines[0]![0]).toBe(title);
        expect(lines[1]![0]).toBe("期間：2026年11月22日 09:30 – 2026年12月01日 00:00");
        expect(lines[HEADER_ROW - 1]).toEqual(HEADER);
        expect(lines.slice(HEADER_ROW)).toEqual([
          ["スピーカー", "4", "音響", "2026年11月23日 09:00", "2026年12月01日 00:00", "", "", FORMULA_NOTE],
          // biome-ignore format: one row per line
          ["ワイヤレスマイク", "2", "音響", "2026年11月22日 09:30", "2026年11月25日 18:00", "2026年11月22日 10:15", "2026年11月25日 17:45", "予備電池つき"],
          ["XLRケーブル", "12", "音響", "2026年11月22日 09:30", "2026年11月24日 12:00", "", "", ""],
        ]);
        // LibreOffice quotes text cells only: unquoted dates are number cells shown with the date format.
        expect(csv).toContain(',"音響",2026年11月22日 09:30,2026年11月25日 18:00,');
      } finally {
        await rm(dir, { recursive: true, force: true });
        await rm(profile, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
