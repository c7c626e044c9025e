import { request as httpRequest } from "node:http";
import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { categoriesOfGroupInDb, itemsOfGroupInDb } from "../items/items.testkit";

const HEADER = "アイテム名,カテゴリ,在庫数,メモ";

/** Sends exactly these bytes as the body (Content-Length matches them) and reads the answer. */
function rawPost(
  url: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${url}${path}`,
      { method: "POST", headers: { ...headers, "Content-Length": String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describeOnDatabases("multipart uploads that end early or are malformed", (driver) => {
  let server: RunningServer;
  let owner: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  const post = (body: string, type = "multipart/form-data; boundary=x") =>
    rawPost(
      server.url,
      "/api/import-item-csv/",
      { ...bearer(owner), "Content-Type": type },
      Buffer.from(body),
    );

  it.each([
    ["the file part", "csv_file"],
    ["another part", "other"],
  ])("answers 400 to a body that ends inside %s, imports nothing and keeps serving", async (_l, name) => {
    const truncated =
      `--x\r\nContent-Disposition: form-data; name="${name}"; filename="a.csv"\r\n\r\n` + `${HEADER}\nA,B,1,`;
    const res = await post(truncated);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ detail: ja.imports.unreadable });
    await request(server.url).get("/api/healthz").expect(200);
    expect(await itemsOfGroupInDb(server, owner.groupId)).toEqual([]);
    expect(await categoriesOfGroupInDb(server, owner.groupId)).toEqual([]);
  });

  it.each([
    ["part headers cut off", '--x\r\nContent-Disposition: form-data; name="csv_file"; filen', undefined],
    ["no boundary in the type", "--x\r\n\r\n", "multipart/form-data"],
    ["garbage", "\u0000\u0001not multipart at all", undefined],
  ])("answers 400 JSON to %s", async (_l, body, type: string | undefined) => {
    const res = await post(body, type);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toHaveProperty("detail");
    await request(server.url).get("/api/healthz").expect(200);
  });

  it.each([
    // PostgreSQL text cannot hold NUL.
    ["a NUL character", "メモ\u0000あり"],
    // A lone surrogate in the maker's text arrives as U+FFFD (Buffer.from writes it so), as do bytes that
    // did not decode.
    ["U+FFFD", "スピーカー\uD800"],
  ])("refuses a CSV cell holding %s with the line, changing nothing", async (_what, cell) => {
    const csv = `${HEADER}\nマイク,音響,1,\nスピーカー,音響,2,${cell}\n`;
    const res = await request(server.url)
      .post("/api/import-item-csv/")
      .set(bearer(owner))
      .attach("csv_file", Buffer.from(csv), "items.csv");
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      detail: ja.imports.failed,
      errors: [{ line: 3, message: ja.validation.forbiddenCharacter }],
    });
    expect(await itemsOfGroupInDb(server, owner.groupId)).toEqual([]);
  });
});
