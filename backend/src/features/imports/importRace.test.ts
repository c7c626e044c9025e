import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { itemsOfGroupInDb, makeCategory, makeItem } from "../items/items.testkit";
import type { CsvItemRow } from "./csvFile.input";
import { importItems } from "./imports.service";

/**
 * The import reads the items its file names before its transaction (so that the '+' runs between those reads
 * on PGlite), and the transaction checks that what it read still holds. Here another member's write lands
 * exactly between the two: the import must refuse (409) and write nothing, where without the check it would
 * update an item the file no longer names. The control: an unrelated write in the same place lets it through.
 */
describeOnDatabases("the item import against a write between its reading and its transaction", (driver) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer(driver);
  });
  afterAll(() => server.close());

  /** importItems with a database whose first raw read (the file's titles) is followed by `between`. */
  const importWith = (s: Session, rows: CsvItemRow[], between: () => Promise<unknown>) => {
    const db = server.deps.database.db;
    let done = false;
    const execute = async (query: Parameters<typeof db.execute>[0]) => {
      const result = await db.execute(query);
      if (!done) {
        done = true;
        await between();
      }
      return result;
    };
    const database = { ...server.deps.database, db: Object.assign(Object.create(db), { execute }) };
    const actor = { id: s.userId, groupId: s.groupId, email: s.email, isOwner: true };
    return importItems({ ...server.deps, database }, actor, rows);
  };
  const row = (line: number, title: string, category: string, stock: number): CsvItemRow => ({
    line,
    title,
    category,
    stock,
    note: "",
  });
  const put = (s: Session, path: string, body: object) =>
    request(server.url)
      .put(path)
      .set(bearer(s))
      .send({ ...body, group: s.groupId })
      .expect(200);

  it.each([
    [
      "Par was renamed",
      (s: Session, item: { id: number }, cat: { id: number }) =>
        put(s, `/api/items/${item.id}/`, { title: "Par 2", category: cat.id, stock_quantity: 2, note: "" }),
    ],
    [
      "Par was moved to another category",
      async (s: Session, item: { id: number }) => {
        const other = await makeCategory(server, s, "Sound");
        await put(s, `/api/items/${item.id}/`, {
          title: "Par",
          category: other.id,
          stock_quantity: 2,
          note: "",
        });
      },
    ],
    [
      "Par's category was renamed",
      (s: Session, _item: { id: number }, cat: { id: number }) =>
        put(s, `/api/categories/${cat.id}/`, { category: "Sound" }),
    ],
    [
      "another member created SPOT (the file's new Spot)",
      async (s: Session, _item: { id: number }, cat: { id: number }) => {
        await makeItem(server, s, { category: cat.id, title: "SPOT", stock: 3 });
      },
    ],
    [
      "Par was deleted",
      async (s: Session, item: { id: number }) => {
        await request(server.url).delete(`/api/items/${item.id}/`).set(bearer(s)).expect(204);
      },
    ],
  ])("refuses with 409 and writes nothing when, between its reading and its transaction, %s", async (_what, write) => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "Light");
    const par = await makeItem(server, s, { category: cat.id, title: "Par", stock: 2 });
    const rows = [row(2, "Par", "Light", 7), row(3, "Spot", "Light", 1)];
    let afterWrite: unknown;
    const between = async () => {
      await write(s, par, cat);
      afterWrite = await itemsOfGroupInDb(server, s.groupId);
    };

    await expect(importWith(s, rows, between)).rejects.toMatchObject({
      status: 409,
      body: { detail: ja.imports.conflict },
    });

    expect(await itemsOfGroupInDb(server, s.groupId)).toEqual(afterWrite);
  });

  it("control: a write to another item in the same place lets the import through", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "Light");
    await makeItem(server, s, { category: cat.id, title: "Par", stock: 2 });
    const other = await makeItem(server, s, { category: cat.id, title: "Fresnel", stock: 4 });
    const rows = [row(2, "Par", "Light", 7), row(3, "Spot", "Light", 1)];

    const result = await importWith(s, rows, () =>
      put(s, `/api/items/${other.id}/`, { title: "Fresnel", category: cat.id, stock_quantity: 5, note: "x" }),
    );

    expect(result).toEqual({ created: 1, updated: 1 });
    const stock = Object.fromEntries(
      (await itemsOfGroupInDb(server, s.groupId)).map((i) => [i.title, i.stockQuantity]),
    );
    expect(stock).toEqual({ Par: 7, Spot: 1, Fresnel: 5 });
  });

  it("writes the file's note over one changed in between, though the file's matches the note it read", async () => {
    const s = await signUpOwner(server);
    const cat = await makeCategory(server, s, "Light");
    const par = await makeItem(server, s, { category: cat.id, title: "Par", stock: 2, note: "" });

    const result = await importWith(s, [row(2, "Par", "Light", 2)], () =>
      put(s, `/api/items/${par.id}/`, { title: "Par", category: cat.id, stock_quantity: 2, note: "changed" }),
    );

    expect(result).toEqual({ created: 0, updated: 1 });
    const [item] = await itemsOfGroupInDb(server, s.groupId);
    expect(item).toMatchObject({ title: "Par", stockQuantity: 2, note: "" });
  });
});
