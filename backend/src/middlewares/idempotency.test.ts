import { randomUUID } from "node:crypto";
import { ja } from "@zaiko/common/messages/ja";
import { sql } from "drizzle-orm";
import request from "supertest";
import { makeItem } from "../features/items/items.testkit";
import { addUnits, at, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, binaryBody, type Session } from "../test/api";
import { describeOnDatabases } from "../test/databases";
import { connect, record, settle } from "../test/sockets";
import { useGroupServer } from "../test/testServer";
import { IDEMPOTENCY_KEY_HEADER as KEY, KEY_TTL_HOURS, REPLAYED_HEADER } from "./idempotency";
import { deleteExpiredKeys } from "./idempotency.queries";

const replayed = REPLAYED_HEADER.toLowerCase();

/** Idempotency-Key on authenticated writes (docs/idempotency.md), end to end through real HTTP. */
describeOnDatabases("Idempotency-Key", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const issue = (s: Session, id: number, quantity: unknown, key?: string) => {
    const req = api().post(`/api/orderitems/${id}/issue/`).set(bearer(s));
    if (key !== undefined) req.set(KEY, key);
    return req.send({ quantity });
  };
  const undo = (s: Session, id: number, key?: string) => {
    const req = api().delete(`/api/orderitems/${id}/movements/latest/`).set(bearer(s));
    return key === undefined ? req : req.set(KEY, key);
  };
  const run = async (query: ReturnType<typeof sql>) =>
    ((await server.deps.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

  /** The order item's movements and issued sum, as the database holds them. */
  async function issued(id: number): Promise<{ movements: number; issued: number }> {
    const [row] = await run(sql`
      SELECT (SELECT count(*) FROM order_item_movements WHERE order_item_id = ${id})::int AS movements,
        issued_quantity AS issued FROM order_items WHERE id = ${id}`);
    return row as { movements: number; issued: number };
  }

  /** A case of `s`'s group with `n` units of a fresh item booked (stock `stock`). */
  async function booked(s: Session, n: number, stock = n) {
    const item = await makeItem(server, s, { stock });
    const kase = await makeCase(server, s, { start: at(0), end: at(10) });
    const { order_item } = await addUnits(server, s, item.id, kase.id, n);
    return { item, kase, id: order_item.id as number, version: order_item.version as number };
  }

  it("two identical issues with one key sent at the same moment: one movement, one event, equal answers, one replay", async () => {
    const { id, version } = await booked(owner, 5);
    const socket = await connect(server, staff.access);
    sockets.push(socket);
    const seen = record(socket);
    const key = randomUUID();
    const [a, b] = await Promise.all([issue(owner, id, 1, key), issue(owner, id, 1, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ id, issued_quantity: 1 });
    expect([a.headers[replayed], b.headers[replayed]].sort()).toEqual(["true", undefined]);
    expect(await issued(id)).toEqual({ movements: 1, issued: 1 });
    // A later retry (the answer was lost) gets the same answer again, and still nothing more happens.
    const late = await issue(owner, id, 1, key).expect(200);
    expect(late.headers[replayed]).toBe("true");
    expect(late.body).toEqual(a.body);
    expect(await issued(id)).toEqual({ movements: 1, issued: 1 });
    await settle(300);
    // The booking's own events may reach the socket after it connected (they leave after their commits): only
    // versions after the booking count.
    const upserts = (seen.get("orderitems.upserted") ?? []) as {
      order_item: { id: number; version: number };
    }[];
    expect(upserts.filter((e) => e.order_item.id === id && e.order_item.version > version)).toHaveLength(1);
  });

  it("control: the same pair without a key, or with two keys, is applied twice (as the spec's clients expect)", async () => {
    const { id } = await booked(owner, 5);
    const [a, b] = await Promise.all([issue(owner, id, 1), issue(owner, id, 1)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.headers[replayed]).toBeUndefined();
    expect(await issued(id)).toEqual({ movements: 2, issued: 2 });
    await Promise.all([issue(owner, id, 1, randomUUID()), issue(owner, id, 1, randomUUID())]);
    expect(await issued(id)).toEqual({ movements: 4, issued: 4 });
  });

  it("DELETE …/movements/latest/ sent twice with one key undoes once", async () => {
    const { id } = await booked(owner, 5);
    await issue(owner, id, 2).expect(200);
    await issue(owner, id, 1).expect(200);
    const key = randomUUID();
    const [a, b] = await Promise.all([undo(owner, id, key), undo(owner, id, key)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(await issued(id)).toEqual({ movements: 1, issued: 2 });
  });

  it("the same key with another body or another path: 422, nothing changed", async () => {
    const { id } = await booked(owner, 5);
    const key = randomUUID();
    await issue(owner, id, 1, key).expect(200);
    const otherBody = await issue(owner, id, 2, key).expect(422);
    expect(otherBody.body).toEqual({ detail: ja.idempotency.keyReused });
    const otherPath = await api()
      .post(`/api/orderitems/${id}/receive/`)
      .set(bearer(owner))
      .set(KEY, key)
      .send({ quantity: 1 })
      .expect(422);
    expect(otherPath.body).toEqual({ detail: ja.idempotency.keyReused });
    expect(await issued(id)).toEqual({ movements: 1, issued: 1 });
  });

  it("a refusal (4xx) is the answer: replayed even after a re-run would succeed", async () => {
    const { item, kase, id } = await booked(owner, 2, 5);
    const key = randomUUID();
    const first = await issue(owner, id, 3, key).expect(409);
    // One more unit booked: the same call without the key would now go through.
    await addUnits(server, owner, item.id, kase.id, 1);
    const again = await issue(owner, id, 3, key).expect(409);
    expect(again.body).toEqual(first.body);
    expect(again.headers[replayed]).toBe("true");
    expect(again.headers["content-type"]).toMatch(/^application\/json/);
    expect(await issued(id)).toEqual({ movements: 0, issued: 0 });
    // A 400 of the route's validation is kept the same way.
    const badKey = randomUUID();
    const bad = await issue(owner, id, "x", badKey).expect(400);
    expect((await issue(owner, id, "x", badKey).expect(400)).body).toEqual(bad.body);
  });

  it("a failure (500) releases the key: the retry with the same key runs and is applied once", async () => {
    const { id } = await booked(owner, 5);
    // A real failure inside the transaction, made by the database itself (no hook in the server).
    await run(sql`CREATE FUNCTION idem_test_fail() RETURNS trigger LANGUAGE plpgsql AS
      $$ BEGIN RAISE EXCEPTION 'idempotency test failure'; END $$`);
    await run(sql`CREATE TRIGGER idem_test_fail BEFORE INSERT ON order_item_movements
      FOR EACH ROW EXECUTE FUNCTION idem_test_fail()`);
    const key = randomUUID();
    try {
      const failed = await issue(owner, id, 1, key).expect(500);
      expect(failed.body).toEqual({ detail: ja.errors.internal });
      expect(await run(sql`SELECT 1 FROM idempotency_keys WHERE key = ${key}`)).toEqual([]);
    } finally {
      await run(sql`DROP TRIGGER idem_test_fail ON order_item_movements`);
      await run(sql`DROP FUNCTION idem_test_fail()`);
    }
    const retried = await issue(owner, id, 1, key).expect(200);
    expect(retried.headers[replayed]).toBeUndefined();
    await issue(owner, id, 1, key).expect(200);
    expect(await issued(id)).toEqual({ movements: 1, issued: 1 });
  });

  it("keys are per member and per group: the same key string of another member or group is its own", async () => {
    const mine = await booked(owner, 5);
    const theirs = await booked(other, 5);
    const key = "shared-key-1";
    await issue(owner, mine.id, 1, key).expect(200);
    const byStaff = await issue(staff, mine.id, 1, key).expect(200);
    expect(byStaff.headers[replayed]).toBeUndefined();
    const byOther = await issue(other, theirs.id, 1, key).expect(200);
    expect(byOther.headers[replayed]).toBeUndefined();
    expect(await issued(mine.id)).toEqual({ movements: 2, issued: 2 });
    expect(await issued(theirs.id)).toEqual({ movements: 1, issued: 1 });
    // Another group's order item with this member's key: the 404 of a missing row, not the stored answer.
    await issue(owner, theirs.id, 1, key).expect(422);
    await issue(owner, theirs.id, 1, "shared-key-2").expect(404);
  });

  it("refuses a malformed key with 400 and a Japanese detail; a GET ignores the header", async () => {
    const { id } = await booked(owner, 5);
    // Node sends header bytes as Latin-1, so é arrives as a character beyond ASCII.
    for (const key of ["", "a".repeat(256), "café"]) {
      const res = await api()
        .post(`/api/orderitems/${id}/issue/`)
        .set(bearer(owner))
        .set(KEY, key)
        .send({ quantity: 1 });
      expect([key, res.status, res.body]).toEqual([key, 400, { detail: ja.idempotency.invalidKey }]);
    }
    await issue(owner, id, 1, "a".repeat(255)).expect(200);
    expect(await issued(id)).toEqual({ movements: 1, issued: 1 });
    const read = await api()
      .get(`/api/orderitems/${id}/movements/`)
      .set(bearer(owner))
      .set(KEY, "x")
      .expect(200);
    expect(read.headers[replayed]).toBeUndefined();
  });

  it("a repeat while the first attempt holds the key waits, then answers 409; a claim left by a dead process is taken over", async () => {
    const { id } = await booked(owner, 5);
    const key = randomUUID();
    await issue(owner, id, 1, key).expect(200);
    // As if the first attempt were still running: pending, claimed just now.
    await run(sql`UPDATE idempotency_keys SET state = 'pending', claimed_at = now() WHERE key = ${key}`);
    const started = Date.now();
    const busy = await issue(owner, id, 1, key).expect(409);
    expect(busy.body).toEqual({ detail: ja.idempotency.inProgress });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_000);
    expect(await issued(id)).toEqual({ movements: 1, issued: 1 });
    // As if that process had died two minutes ago: the repeat runs the work (docs/idempotency.md, the window).
    await run(sql`UPDATE idempotency_keys SET claimed_at = now() - interval '10 minutes' WHERE key = ${key}`);
    const taken = await issue(owner, id, 1, key).expect(200);
    expect(taken.headers[replayed]).toBeUndefined();
    expect(await issued(id)).toEqual({ movements: 2, issued: 2 });
    expect((await issue(owner, id, 1, key).expect(200)).headers[replayed]).toBe("true");
  }, 20_000);

  it(`housekeeping drops keys older than ${KEY_TTL_HOURS} h; the key then runs as new`, async () => {
    const { id } = await booked(owner, 5);
    const [old, fresh] = [randomUUID(), randomUUID()];
    await issue(owner, id, 1, old).expect(200);
    await issue(owner, id, 1, fresh).expect(200);
    await run(sql`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = ${old}`);
    expect(await deleteExpiredKeys(server.deps.database.db, KEY_TTL_HOURS)).toBeGreaterThanOrEqual(1);
    const left = await run(sql`SELECT key FROM idempotency_keys WHERE key IN (${old}, ${fresh})`);
    expect(left).toEqual([{ key: fresh }]);
    expect((await issue(owner, id, 1, old).expect(200)).headers[replayed]).toBeUndefined();
    expect((await issue(owner, id, 1, fresh).expect(200)).headers[replayed]).toBe("true");
    expect(await issued(id)).toEqual({ movements: 3, issued: 3 });
  });

  it("a 204 answer and a created row are replayed as they were (DELETE, POST 201)", async () => {
    const key = randomUUID();
    const body = { title: `idem-${key}`, start_date: at(0), end_date: at(5), note: "", group: owner.groupId };
    const send = () => api().post("/api/workcases/").set(bearer(owner)).set(KEY, key).send(body);
    const [a, b] = await Promise.all([send(), send()]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body).toEqual(b.body);
    const cases = await run(sql`SELECT id FROM work_cases WHERE title = ${body.title}`);
    expect(cases).toHaveLength(1);
    const delKey = randomUUID();
    const del = () =>
      api()
        .delete(`/api/workcases/${a.body.id}/?groupid=${owner.groupId}`)
        .set(bearer(owner))
        .set(KEY, delKey);
    await del().expect(204);
    const again = await del().expect(204);
    expect(again.headers[replayed]).toBe("true");
  });

  it("a CSV import (multipart) with a key is applied once; the Excel export (a file) is built again, not stored", async () => {
    const key = randomUUID();
    const title = `idem-csv-${key.slice(0, 8)}`;
    const csv = Buffer.from(`アイテム名,カテゴリ,在庫数,メモ\r\n${title},idem-cat,3,\r\n`);
    const upload = () =>
      api()
        .post("/api/import-item-csv/")
        .set(bearer(owner))
        .set(KEY, key)
        .attach("csv_file", csv, "items.csv");
    const first = await upload().expect(200);
    expect(first.body).toEqual({ created: 1, updated: 0, skipped: 0 });
    // Run again, this would update the item it created; replayed, it says what the first run did.
    const again = await upload().expect(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers[replayed]).toBe("true");
    expect(await run(sql`SELECT id FROM items WHERE title = ${title}`)).toHaveLength(1);

    const { kase } = await booked(owner, 1);
    const exportKey = randomUUID();
    const exported = () =>
      api()
        .post("/api/export-excel/")
        .set(bearer(owner))
        .set(KEY, exportKey)
        .send({ workcaseDetail: { id: kase.id }, order_items: null })
        .buffer(true)
        .parse(binaryBody);
    const files = [await exported().expect(200), await exported().expect(200)];
    for (const file of files) {
      expect(file.headers[replayed]).toBeUndefined();
      expect((file.body as Buffer).subarray(0, 2).toString()).toBe("PK");
    }
    expect(await run(sql`SELECT 1 FROM idempotency_keys WHERE key = ${exportKey}`)).toEqual([]);
  });
});
