import { ja } from "@zaiko/common/messages/ja";
import iconv from "iconv-lite";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, binaryBody, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import {
  categoriesOfGroupInDb,
  insertOrder,
  itemsOfGroupInDb,
  makeCategory,
  makeItem,
  rawGet,
} from "../items/items.testkit";
import { CSV_MAX_BYTES } from "./csvFile.input";

const HEADER = "アイテム名,カテゴリ,在庫数,メモ";
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describeOnDatabases("POST /api/import-item-csv/", (driver) => {
  let server: RunningServer;
  let other: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    other = await signUpOwner(server);
  });
  afterAll(() => server.close());
  const upload = (s: Session, bytes: Buffer, field = "csv_file") =>
    request(server.url).post("/api/import-item-csv/").set(bearer(s)).attach(field, bytes, "items.csv");
  const snapshot = async (groupId: number) => ({
    categories: (await categoriesOfGroupInDb(server, groupId)).map((c) => [c.id, c.name]).sort(),
    items: (await itemsOfGroupInDb(server, groupId))
      .map((i) => [i.id, i.title, i.categoryId, i.stockQuantity, i.note])
      .sort(),
  });

  it("imports a Shift_JIS (CP932) file with 髙, ①, ～ and creates the missing categories", async () => {
    const s = await signUpOwner(server);
    const text = `${HEADER}\r\n髙砂スピーカー①,音響～PA,3,ﾒﾓ①\r\nマイク,音響～PA,5,\r\n`;
    const res = await upload(s, iconv.encode(text, "cp932"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, skipped: 0 });
    const cats = await categoriesOfGroupInDb(server, s.groupId);
    expect(cats.map((c) => c.name)).toEqual(["音響～PA"]);
    const items = await itemsOfGroupInDb(server, s.groupId);
    expect(items.map((i) => [i.title, i.stockQuantity, i.note, i.categoryId]).sort()).toEqual(
      [
        ["マイク", 5, "", cats[0]!.id],
        ["髙砂スピーカー①", 3, "ﾒﾓ①", cats[0]!.id],
      ].sort(),
    );
  });

  it.each([
    ["with", true],
    ["without", false],
  ])("imports UTF-8 %s BOM, quoted fields with commas and line breaks", async (_l, withBom) => {
    const s = await signUpOwner(server);
    const text = `${HEADER}\n"ケーブル, XLR","音響",10,"5m\r\n""予備""あり"\n`;
    const bytes = withBom ? Buffer.concat([BOM, Buffer.from(text)]) : Buffer.from(text);
    const res = await upload(s, bytes);
    expect(res.status).toBe(200);
    const [item] = await itemsOfGroupInDb(server, s.groupId);
    expect(item).toMatchObject({ title: "ケーブル, XLR", stockQuantity: 10, note: '5m\n"予備"あり' });
  });

  it("updates stock and note of an item with that title in that category, creates the others", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "Light");
    const existing = await makeItem(server, s, { category: cat.id, title: "Par", stock: 2, note: "old" });
    const csv = `${HEADER}\nPAR,light,7,new\nSpot,Light,1,\n`;
    const res = await upload(s, Buffer.from(csv));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 1, updated: 1, skipped: 0 });
    const items = await itemsOfGroupInDb(server, s.groupId);
    expect(items.find((i) => i.id === existing.id)).toMatchObject({
      title: "Par",
      stockQuantity: 7,
      note: "new",
    });
    expect(items.find((i) => i.title === "Spot")).toMatchObject({ categoryId: cat.id, stockQuantity: 1 });
    expect((await categoriesOfGroupInDb(server, s.groupId)).length).toBe(1);
  });

  it("stores formula-looking cells as the text they are", async () => {
    const s = await signUpOwner(server);
    const res = await upload(s, Buffer.from(`${HEADER}\n=HYPERLINK("x"),@cat,1,+1\n`));
    expect(res.status).toBe(200);
    const [item] = await itemsOfGroupInDb(server, s.groupId);
    expect(item).toMatchObject({ title: '=HYPERLINK("x")', note: "+1" });
    expect((await categoriesOfGroupInDb(server, s.groupId)).map((c) => c.name)).toEqual(["@cat"]);
  });

  it("changes nothing (not even categories) when one row is bad, and lists it by line", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "既存");
    await makeItem(server, s, { category: cat.id, title: "既存品", stock: 1 });
    const before = await snapshot(s.groupId);
    const csv = `${HEADER}\n新品,新カテゴリ,1,\n既存品,既存,9,\n"複数行\nの名前",別カテゴリ,x,\n`;
    const res = await upload(s, Buffer.from(csv));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: ja.imports.failed,
      errors: [{ line: 4, message: ja.validation.stockNumeric }],
    });
    expect(await snapshot(s.groupId)).toEqual(before);
  });

  it("refuses a title that exists in another category of the group, changing nothing", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "映像");
    await makeItem(server, s, { category: cat.id, title: "プロジェクター", stock: 1 });
    const before = await snapshot(s.groupId);
    const res = await upload(s, Buffer.from(`${HEADER}\n新規,新しいカテゴリ,1,\nプロジェクター,音響,2,\n`));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: ja.imports.failed,
      errors: [{ line: 3, message: ja.imports.titleInOtherCategory("映像") }],
    });
    expect(await snapshot(s.groupId)).toEqual(before);
  });

  it("refuses lowering stock below the bookings with 409 + shortages, changing nothing", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "音響");
    const item = await makeItem(server, s, { category: cat.id, title: "アンプ", stock: 5 });
    await insertOrder(
      server,
      s.groupId,
      item.id,
      4,
      new Date("2026-12-01T00:00:00Z"),
      new Date("2026-12-02T00:00:00Z"),
    );
    const before = await snapshot(s.groupId);
    const res = await upload(s, Buffer.from(`${HEADER}\nアンプ,音響,3,\n新品,新カテゴリ,1,\n`));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: ja.catalogue.stockBelowAllocation,
      shortages: [{ item_id: item.id, title: "アンプ", required: 4, available: 3 }],
      short_cases: [
        {
          item_id: item.id,
          title: "アンプ",
          at: "2026-12-01T00:00:00.000Z",
          cases: [
            {
              case_id: expect.any(Number),
              case_title: expect.stringMatching(/^案件/),
              status: "confirmed",
              start_date: "2026-12-01T00:00:00.000Z",
              end_date: "2026-12-02T00:00:00.000Z",
              quantity: 4,
              out_of_service: false,
            },
          ],
        },
      ],
    });
    expect(await snapshot(s.groupId)).toEqual(before);
    // Down to the peak is fine.
    expect((await upload(s, Buffer.from(`${HEADER}\nアンプ,音響,4,\n`))).status).toBe(200);
  });

  it("never touches another group's items or categories of the same names", async () => {
    const s = await signUpOwner(server);
    const theirs = await makeCategory(server, other, "共有名");
    await makeItem(server, other, { category: theirs.id, title: "共有アイテム", stock: 1 });
    const before = await snapshot(other.groupId);
    const res = await upload(s, Buffer.from(`${HEADER}\n共有アイテム,共有名,50,\n`));
    expect(res.body).toEqual({ created: 1, updated: 0, skipped: 0 });
    expect(await snapshot(other.groupId)).toEqual(before);
    await request(server.url)
      .post(`/api/import-item-csv/?groupid=${other.groupId}`)
      .set(bearer(s))
      .attach("csv_file", Buffer.from(`${HEADER}\nx,y,1,\n`), "a.csv")
      .expect(404);
  });

  it("answers 413 above 5 MB and above 10,000 rows, changing nothing", async () => {
    const s = await signUpOwner(server);
    const big = Buffer.concat([Buffer.from(`${HEADER}\n`), Buffer.alloc(CSV_MAX_BYTES, "a")]);
    const res = await upload(s, big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ detail: ja.imports.fileTooLarge });
    const rows = Array.from({ length: 10_001 }, (_, i) => `item${i},cat,1,`).join("\n");
    const many = await upload(s, Buffer.from(`${HEADER}\n${rows}\n`));
    expect(many.status).toBe(413);
    expect(many.body).toEqual({ detail: ja.imports.tooManyRows });
    expect(await snapshot(s.groupId)).toEqual({ categories: [], items: [] });
  });

  it("imports 10,000 rows in one go", async () => {
    const s = await signUpOwner(server);
    const rows = Array.from({ length: 10_000 }, (_, i) => `品${i},カテゴリ${i % 7},${i % 50},メモ${i}`).join(
      "\r\n",
    );
    const res = await upload(s, Buffer.from(`${HEADER}\r\n${rows}\r\n`));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 10_000, updated: 0, skipped: 0 });
    expect((await itemsOfGroupInDb(server, s.groupId)).length).toBe(10_000);
    const again = await upload(s, Buffer.from(`${HEADER}\r\n${rows.replace(/,メモ/g, ",更新")}\r\n`));
    expect(again.body).toEqual({ created: 0, updated: 10_000, skipped: 0 });
  }, 120_000);

  it("needs a file (400 csv_file), multipart (415) and a token (401)", async () => {
    const s = await signUpOwner(server);
    const noFile = await upload(s, Buffer.from("x"), "other_field");
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ csv_file: [ja.validation.csvFileRequired] });
    const json = await request(server.url)
      .post("/api/import-item-csv/")
      .set(bearer(s))
      .send({ csv_file: "x" });
    expect(json.status).toBe(415);
    await request(server.url)
      .post("/api/import-item-csv/")
      .attach("csv_file", Buffer.from("x"), "a.csv")
      .expect(401);
  });

  it("refuses two files in csv_file with 400, importing neither (the first alone was imported before)", async () => {
    const s = await signUpOwner(server);
    const before = await snapshot(s.groupId);
    const files = {
      "/api/import-item-csv/": [`${HEADER}\nマイク,音響,3,\n`, `${HEADER}\nスピーカー,音響,2,\n`],
      "/api/import-set-csv/": [
        "セット名,カテゴリ,構成アイテム,数量\nPA,音響,マイク,1\n",
        "セット名,カテゴリ,構成アイテム,数量\n",
      ],
    };
    for (const [path, [first, second]] of Object.entries(files)) {
      const res = await request(server.url)
        .post(path)
        .set(bearer(s))
        .attach("csv_file", Buffer.from(first!), "a.csv")
        .attach("csv_file", Buffer.from(second!), "b.csv");
      expect({ status: res.status, body: res.body }).toEqual({
        status: 400,
        body: { csv_file: [ja.imports.oneFileOnly] },
      });
    }
    expect(await snapshot(s.groupId)).toEqual(before);
    // A file under another name beside it is ignored, as any other field is.
    const res = await request(server.url)
      .post("/api/import-item-csv/")
      .set(bearer(s))
      .attach("other", Buffer.from("x"), "x.txt")
      .attach("csv_file", Buffer.from(`${HEADER}\nマイク,音響,3,\n`), "a.csv")
      .expect(200);
    expect(res.body).toMatchObject({ created: 1 });
  });
});

describeOnDatabases("GET /download/template/item_template.csv", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  it("serves the template without a token: UTF-8 with BOM, the import header, as an attachment", async () => {
    const res = await request(server.url)
      .get("/download/template/item_template.csv")
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="item_template\.csv"/);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").split("\r\n")[0]).toBe(HEADER);
  });

  it("imports its own template filled in, without its example row", async () => {
    const s = await signUpOwner(server);
    const tpl = Buffer.from((await rawGet(server, "/download/template/item_template.csv")).body);
    const filled = Buffer.concat([tpl, Buffer.from("ミキサー,音響,3,\r\n")]);
    const res = await request(server.url)
      .post("/api/import-item-csv/")
      .set(bearer(s))
      .attach("csv_file", filled, "t.csv");
    expect(res.status).toBe(200);
    // The example row is accounted for: skipped, and counted as such.
    expect(res.body).toEqual({ created: 1, updated: 0, skipped: 1 });
    const titles = (await itemsOfGroupInDb(server, s.groupId)).map((i) => i.title);
    expect(titles).toEqual(["ミキサー"]);
    // The template as downloaded holds no item of the user's: nothing to import.
    const empty = await request(server.url)
      .post("/api/import-item-csv/")
      .set(bearer(s))
      .attach("csv_file", tpl, "t.csv");
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual([{ line: 2, message: ja.imports.noRows }]);
  });

  it.each([
    "/download/template/other.csv",
    "/download/template/item_template.csv/",
    "/download/template/./item_template.csv",
    "/download/template/../template/item_template.csv",
    "/download/template/../../../etc/passwd",
    "/download/template/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/download/template/..%2f..%2f..%2fetc%2fpasswd",
    "/download/template/..%5c..%5cwindows",
    "/download/template%2fitem_template.csv",
    "/download/template/item_template.csv%00",
    "/download/template/%ZZ",
    "/download/item_template.csv",
  ])("answers 404 for %s", async (path) => {
    const res = await rawGet(server, path);
    expect(res.status).toBe(404);
    expect(res.body).not.toContain("アイテム名");
  });
});
