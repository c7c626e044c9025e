import { ja } from "@zaiko/common/messages/ja";
import iconv from "iconv-lite";
import { CSV_MAX_ROWS, decodeCsv, readItemCsv } from "./csvFile.input";
import { TEMPLATE_CSV } from "./template.routes";

const HEADER = "アイテム名,カテゴリ,在庫数,メモ";
const utf8 = (s: string) => Buffer.from(s, "utf8");

describe("decodeCsv", () => {
  const text = `${HEADER}\r\n髙橋式ミキサー①,音響～機材,3,ﾃｽﾄ\r\n`;

  it("reads Shift_JIS (CP932) with 髙, ①, ～ and half-width kana intact", () => {
    const bytes = iconv.encode(text, "cp932");
    expect(bytes.includes(0x3f)).toBe(false); // nothing was replaced by "?"
    expect(decodeCsv(bytes)).toBe(text);
  });

  it("reads UTF-8 with and without BOM", () => {
    expect(decodeCsv(utf8(text))).toBe(text);
    expect(decodeCsv(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(text)]))).toBe(text);
  });
});

describe("readItemCsv", () => {
  it("reads quoted fields with commas, doubled quotes and line breaks, and numbers lines from the header", async () => {
    const csv = `${HEADER}\r\n"マイク, ワイヤレス",音響,5,"1行目\r\n2行目 ""引用"""\r\n\r\nスピーカー,音響,2,\n`;
    const read = await readItemCsv(utf8(csv));
    expect(read).toEqual({
      ok: true,
      rows: [
        { line: 2, title: "マイク, ワイヤレス", category: "音響", stock: 5, note: '1行目\n2行目 "引用"' },
        { line: 5, title: "スピーカー", category: "音響", stock: 2, note: "" },
      ],
      skippedSamples: 0,
    });
  });

  it("keeps formula-looking cells as plain text", async () => {
    const read = await readItemCsv(utf8(`${HEADER}\n=SUM(A1),+cat,1,@note\n-x,@y,2,=1+1\n`));
    expect(read.ok && read.rows.map((r) => [r.title, r.category, r.note])).toEqual([
      ["=SUM(A1)", "+cat", "@note"],
      ["-x", "@y", "=1+1"],
    ]);
  });

  it("accepts a header without メモ and trailing empty cells", async () => {
    const read = await readItemCsv(utf8("アイテム名,カテゴリ,在庫数\nA,B,1,,,\n"));
    expect(read).toEqual({
      ok: true,
      rows: [{ line: 2, title: "A", category: "B", stock: 1, note: "" }],
      skippedSamples: 0,
    });
  });

  it("skips the template's example row left in, and keeps the rows typed under it", async () => {
    const template = TEMPLATE_CSV.replace(/^\uFEFF/, "");
    const read = await readItemCsv(utf8(`${template}ミキサー,音響,3,\r\n`));
    // Counted, so that the result accounts for every row of the file.
    expect(read).toEqual({
      ok: true,
      rows: [{ line: 3, title: "ミキサー", category: "音響", stock: 3, note: "" }],
      skippedSamples: 1,
    });
    // The example row alone is no item list.
    expect(await readItemCsv(utf8(template))).toMatchObject({ ok: false, status: 400 });
    // A row that only looks like it (another stock) is the user's own.
    const own = await readItemCsv(utf8(`${HEADER}\nプロジェクター,映像機器,2,予備ランプ付き\n`));
    expect(own).toMatchObject({ ok: true, rows: [{ title: "プロジェクター", stock: 2 }] });
  });

  it("refuses a wrong header on line 1", async () => {
    expect(await readItemCsv(utf8("名前,カテゴリ,在庫数,メモ\nA,B,1,\n"))).toEqual({
      ok: false,
      status: 400,
      detail: ja.imports.failed,
      errors: [{ line: 1, message: ja.imports.badHeader }],
    });
  });

  it("lists every bad row with its line and the spec's messages", async () => {
    const csv = [
      HEADER,
      ",音響,1,", // 2
      "A,,1,", // 3
      "B,音響,,", // 4
      "C,音響,abc,", // 5
      "D,音響,-1,", // 6
      `${"長".repeat(201)},音響,1,`, // 7
      "E,音響,1,x,extra", // 8
      "F,音響,1,", // 9
      "f,照明,2,", // 10: same title ignoring case
    ].join("\n");
    const read = await readItemCsv(utf8(csv));
    expect(read).toEqual({
      ok: false,
      status: 400,
      detail: ja.imports.failed,
      errors: [
        { line: 2, message: ja.validation.itemTitleRequired },
        { line: 3, message: ja.validation.categoryRequired },
        { line: 4, message: ja.validation.stockRequired },
        { line: 5, message: ja.validation.stockNumeric },
        // A negative stock is a number, and is told so (not "not a number").
        { line: 6, message: ja.imports.negativeStock },
        { line: 7, message: ja.imports.columnTooLong("アイテム名", 200) },
        { line: 8, message: ja.imports.tooManyColumns },
        { line: 10, message: ja.imports.duplicateInFile(9) },
      ],
    });
  });

  it("reports a broken quote with its line", async () => {
    const read = await readItemCsv(utf8(`${HEADER}\nA,B,1,\n"C,B,1,\n`));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.errors[0]?.message).toBe(ja.imports.unreadable);
  });

  it("refuses a file with no data rows, and more than 10,000 rows with 413", async () => {
    expect(await readItemCsv(utf8(`${HEADER}\n\n`))).toMatchObject({ ok: false, status: 400 });
    const many = [HEADER, ...Array.from({ length: CSV_MAX_ROWS + 1 }, (_, i) => `t${i},c,1,`)].join("\n");
    expect(await readItemCsv(utf8(many))).toMatchObject({
      ok: false,
      status: 413,
      detail: ja.imports.tooManyRows,
    });
    const limit = [HEADER, ...Array.from({ length: CSV_MAX_ROWS }, (_, i) => `t${i},c,1,`)].join("\n");
    expect((await readItemCsv(utf8(limit))).ok).toBe(true);
  });

  it("parses a file larger than one parse piece without breaking multi-byte characters or quoted cells", async () => {
    const rows = Array.from(
      { length: 3000 },
      (_, i) => `髙${i}①～,"区分,${i % 9}",${i},"メモ\n${"あ".repeat(i % 40)}"`,
    );
    const bytes = utf8([HEADER, ...rows].join("\r\n"));
    expect(bytes.length).toBeGreaterThan(8 * 16 * 1024);
    const read = await readItemCsv(bytes);
    if (!read.ok) throw new Error(JSON.stringify(read.errors.slice(0, 3)));
    expect(read.rows).toHaveLength(3000);
    read.rows.forEach((row, i) => {
      expect(row).toEqual({
        line: 2 + 2 * i,
        title: `髙${i}①～`,
        category: `区分,${i % 9}`,
        stock: i,
        note: `メモ\n${"あ".repeat(i % 40)}`,
      });
    });
  });
});
