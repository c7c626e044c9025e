import { ja } from "@zaiko/common/messages/ja";
import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { eq } from "drizzle-orm";
import iconv from "iconv-lite";
import request from "supertest";
import { history } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, binaryBody, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem, rawGet } from "../items/items.testkit";
import { makeCase } from "../orderitems/orderitems.testkit";
import { addSet, makeSet } from "../sets/sets.testkit";

const HEADER = "セット名,カテゴリ,構成アイテム,数量";
const s = ja.sets;

describeOnDatabases("POST /api/import-set-csv/", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());
  const api = () => request(server.url);
  const upload = (who: Session, csv: string | Buffer) =>
    api()
      .post("/api/import-set-csv/")
      .set(bearer(who))
      .attach("csv_file", typeof csv === "string" ? Buffer.from(csv) : csv, "sets.csv");
  const setsOf = async (who: Session): Promise<ItemSetDto[]> =>
    (await api().get("/api/sets/").set(bearer(who)).expect(200)).body;
  /** What a set is, for comparing: title, category name and its parts by title. */
  const shape = (set: ItemSetDto) => [
    set.title,
    set.category_name,
    set.parts.map((p) => [p.title, p.quantity]).sort(),
  ];

  /** A group with 音響 (スピーカー 6, マイク 16, ミキサー 4) and 照明 (PAR 8). */
  async function group() {
    const owner = await signUpOwner(server);
    const audio = await makeCategory(server, owner, "音響");
    const light = await makeCategory(server, owner, "照明");
    const speaker = await makeItem(server, owner, { category: audio.id, title: "スピーカー", stock: 6 });
    const mic = await makeItem(server, owner, { category: audio.id, title: "マイク", stock: 16 });
    const mixer = await makeItem(server, owner, { category: audio.id, title: "ミキサー", stock: 4 });
    const par = await makeItem(server, owner, { category: light.id, title: "PAR", stock: 8 });
    return { owner, audio, light, speaker, mic, mixer, par };
  }

  it("creates sets from one row per part (Shift_JIS too), names matched ignoring case", async () => {
    const { owner } = await group();
    const csv = `${HEADER}\r\nPAセット,音響,スピーカー,2\r\n照明セット,照明,par,4\r\nPAセット,音響,マイク,4\r\nPAセット,音響,ミキサー,1\r\n`;
    const res = await upload(owner, iconv.encode(csv, "cp932"));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 2, updated: 0, parts: 4, skipped: 0 });
    expect((await setsOf(owner)).map(shape)).toEqual([
      [
        "PAセット",
        "音響",
        [
          ["スピーカー", 2],
          ["マイク", 4],
          ["ミキサー", 1],
        ],
      ],
      ["照明セット", "照明", [["PAR", 4]]],
    ]);
    const entries = await server.deps.database.db
      .select()
      .from(history)
      .where(eq(history.groupId, owner.groupId));
    const setEntries = entries.filter((e) => e.action.startsWith("set."));
    expect(setEntries.map((e) => [e.action, e.itemTitle]).sort()).toEqual([
      ["set.create", "PAセット"],
      ["set.create", "照明セット"],
    ]);
  });

  it("replaces an existing set's parts and category, keeps its name and note, and cases keep what they booked", async () => {
    const { owner, audio, light, speaker, mixer } = await group();
    const set = await makeSet(server, owner, audio.id, [[speaker.id, 2]], "PAセット");
    await api()
      .put(`/api/sets/${set.id}/`)
      .set(bearer(owner))
      .send({
        title: "PAセット",
        category: audio.id,
        note: "倉庫A",
        parts: [{ item: speaker.id, quantity: 2 }],
      })
      .expect(200);
    const kase = await makeCase(server, owner);
    await addSet(server, owner, set.id, kase.id).expect(200);

    const res = await upload(owner, `${HEADER}\npaセット,照明,ミキサー,1\npaセット,照明,スピーカー,4\n`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 0, updated: 1, parts: 2, skipped: 0 });
    const [after] = await setsOf(owner);
    expect(after).toMatchObject({ id: set.id, title: "PAセット", note: "倉庫A", category: light.id });
    expect(after!.parts.map((p) => [p.item, p.quantity]).sort()).toEqual(
      [
        [mixer.id, 1],
        [speaker.id, 4],
      ].sort(),
    );
    // The case booked 1 set of 2 speakers: it keeps that line and those parts, marked changed.
    const lines: CaseSetLineDto[] = (
      await api().get(`/api/setlines/?work_case=${kase.id}`).set(bearer(owner)).expect(200)
    ).body;
    expect(lines).toEqual([
      expect.objectContaining({
        set: set.id,
        quantity: 1,
        changed: true,
        parts: [{ item: speaker.id, title: "スピーカー", quantity: 2 }],
      }),
    ]);
  });

  it.each([
    [
      "an unknown item",
      "PAセット,音響,スピーカー,2\nPAセット,音響,ウーファー,1",
      [[3, s.importUnknownItem("ウーファー")]],
    ],
    ["an unknown category", "PAセット,映像,スピーカー,2", [[2, s.importUnknownCategory("映像")]]],
    ["a quantity of 0", "PAセット,音響,スピーカー,0", [[2, s.partQuantity]]],
    ["a decimal quantity", "PAセット,音響,スピーカー,1.5", [[2, s.partQuantity]]],
    ["a negative quantity", "PAセット,音響,スピーカー,-2", [[2, s.partQuantity]]],
    ["a missing quantity", "PAセット,音響,スピーカー,", [[2, s.partQuantity]]],
    [
      "a part twice",
      "PAセット,音響,スピーカー,2\nPAセット,音響,マイク,1\nPAセット,音響,スピーカー,1",
      [[4, s.importPartTwice("スピーカー", 4)]],
    ],
    [
      "a part twice in two spellings",
      "照明セット,照明,PAR,2\n照明セット,照明,par,1",
      [[3, s.importPartTwice("par", 4)]],
    ],
    [
      "two categories for one set",
      "PAセット,音響,スピーカー,2\nPAセット,照明,PAR,1",
      [[3, s.importOtherCategory("音響", 4)]],
    ],
    ["a row without a set name", ",音響,スピーカー,2", [[2, s.titleRequired]]],
    ["a row without an item", "PAセット,音響,,2", [[2, s.importItemRequired]]],
    ["a fifth column", "PAセット,音響,スピーカー,2,メモ", [[2, s.importTooManyColumns]]],
  ])("refuses the whole file for %s, naming the row, and writes nothing", async (_label, rows, errors) => {
    const { owner, audio, speaker } = await group();
    const kept = await makeSet(server, owner, audio.id, [[speaker.id, 1]], "既存セット");
    // A good set first and one that would update: neither may be written when a later row is bad.
    const res = await upload(
      owner,
      `${HEADER}\n良いセット,音響,マイク,2\n既存セット,音響,ミキサー,1\n${rows}\n`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: ja.imports.failed,
      errors: (errors as [number, string][]).map(([line, message]) => ({ line: line + 2, message })),
    });
    expect((await setsOf(owner)).map(shape)).toEqual([shape(kept)]);
  });

  it("refuses a wrong header, an empty file and another group's items; never a 500", async () => {
    const a = await group();
    const b = await group();
    const bad = await upload(a.owner, "アイテム名,カテゴリ,在庫数,メモ\nPA,音響,スピーカー,2\n");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ line: 1, message: s.importBadHeader }]);
    const empty = await upload(a.owner, `${HEADER}\n`);
    expect(empty.body.errors).toEqual([{ line: 2, message: ja.imports.noRows }]);
    // Group b has its own 音響 and スピーカー; group a's are another group's, and its file can't reach b's.
    await makeItem(server, b.owner, { category: b.audio.id, title: "サブウーファー", stock: 2 });
    const foreign = await upload(a.owner, `${HEADER}\nPA,音響,サブウーファー,1\n`);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ line: 2, message: s.importUnknownItem("サブウーファー") }]);
    expect(await setsOf(a.owner)).toEqual([]);
    expect(await setsOf(b.owner)).toEqual([]);
    const anonymous = await api()
      .post("/api/import-set-csv/")
      .attach("csv_file", Buffer.from(HEADER), "s.csv");
    expect(anonymous.status).toBe(401);
    const noFile = await api().post("/api/import-set-csv/").set(bearer(a.owner)).field("x", "y");
    expect(noFile.status).toBe(400);
    expect(noFile.body).toEqual({ csv_file: [ja.imports.fileRequired] });
  });

  it("serves its template without a token and imports it filled in, its example rows skipped and counted", async () => {
    const { owner } = await group();
    const res = await api()
      .get("/download/template/set_template.csv")
      .buffer(true)
      .parse(binaryBody)
      .expect(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="set_template\.csv"/);
    const bytes = res.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString("utf8").split("\r\n")[0]).toBe(HEADER);

    const tpl = Buffer.from((await rawGet(server, "/download/template/set_template.csv")).body);
    const filled = Buffer.concat([tpl, Buffer.from("PAセット,音響,スピーカー,2\r\n")]);
    const done = await upload(owner, filled);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ created: 1, updated: 0, parts: 1, skipped: 2 });
    expect((await setsOf(owner)).map((set) => set.title)).toEqual(["PAセット"]);
    const untouched = await upload(owner, tpl);
    expect(untouched.status).toBe(400);
    expect(untouched.body.errors).toEqual([{ line: 2, message: ja.imports.noRows }]);
  });
});
