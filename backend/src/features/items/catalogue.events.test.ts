import { type ServerEventName, streamOf } from "@zaiko/common/realtime/events";
import { io, type Socket } from "socket.io-client";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { insertOrder, makeCategory, makeItem } from "./items.testkit";

type Received = { event: string; payload: Record<string, unknown> };

/** A connected socket that records every event it receives. */
async function listen(server: RunningServer, s: Session): Promise<{ socket: Socket; seen: Received[] }> {
  const socket = io(server.url, {
    transports: ["websocket"],
    auth: { token: s.access },
    reconnection: false,
    forceNew: true,
  });
  const seen: Received[] = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => seen.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  return { socket, seen };
}

/** Waits until `seen` holds an event matching `match`. */
async function waitFor(seen: Received[], match: (r: Received) => boolean, ms = 5000): Promise<Received> {
  const until = Date.now() + ms;
  for (;;) {
    const hit = seen.find(match);
    if (hit) return hit;
    if (Date.now() > until) throw new Error(`event not received; saw ${seen.map((r) => r.event).join(", ")}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settle = () => new Promise((r) => setTimeout(r, 200));

describeOnDatabases("catalogue events", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  let mine: Awaited<ReturnType<typeof listen>>;
  let theirs: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
    mine = await listen(server, owner);
    theirs = await listen(server, other);
  });
  afterAll(async () => {
    mine.socket.close();
    theirs.socket.close();
    await server.close();
  });
  const api = () => request(server.url);

  it("sends items.upserted (with seq and the Item) to the group after a create, never to another group", async () => {
    const item = await makeItem(server, owner, { title: "イベント確認" });
    const got = await waitFor(
      mine.seen,
      (r) => r.event === "items.upserted" && (r.payload.item as { id: number }).id === item.id,
    );
    expect(got.payload).toEqual({ seq: expect.any(Number), item });
    await settle();
    expect(
      theirs.seen.filter((r) => r.event.startsWith("items.") || r.event.startsWith("categories.")),
    ).toEqual([]);
  });

  it("sends categories.upserted, items.deleted, stock.changed and categories.deleted for a cascade", async () => {
    const cat = await makeCategory(server, owner);
    await waitFor(
      mine.seen,
      (r) => r.event === "categories.upserted" && (r.payload.category as { id: number }).id === cat.id,
    );
    const item = await makeItem(server, owner, { category: cat.id });
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      1,
      new Date("2026-12-01T00:00:00Z"),
      new Date("2026-12-02T00:00:00Z"),
    );
    await api().delete(`/api/categories/${cat.id}/`).set(bearer(owner)).expect(204);
    await waitFor(mine.seen, (r) => r.event === "categories.deleted" && r.payload.id === cat.id);
    expect(mine.seen.find((r) => r.event === "items.deleted" && r.payload.id === item.id)).toBeDefined();
    const stock = mine.seen.find(
      (r) => r.event === "stock.changed" && (r.payload.item_ids as number[]).includes(item.id),
    );
    expect(stock?.payload).toEqual({
      seq: expect.any(Number),
      item_ids: [item.id],
      from: "2026-12-01T00:00:00.000Z",
      to: "2026-12-02T00:00:00.000Z",
    });
    await settle();
    expect(
      theirs.seen.filter((r) => r.event.startsWith("items.") || r.event.startsWith("categories.")),
    ).toEqual([]);
  });

  it("sends stock.changed on a stock edit, and nothing at all for a refused one", async () => {
    const item = await makeItem(server, owner, { stock: 5 });
    await api()
      .put(`/api/items/${item.id}/`)
      .set(bearer(owner))
      .send({ ...item, stock_quantity: 6 })
      .expect(200);
    await waitFor(
      mine.seen,
      (r) => r.event === "stock.changed" && (r.payload.item_ids as number[]).includes(item.id),
    );
    await insertOrder(
      server,
      owner.groupId,
      item.id,
      6,
      new Date("2026-12-01T00:00:00Z"),
      new Date("2026-12-02T00:00:00Z"),
    );
    const count = mine.seen.length;
    await api()
      .put(`/api/items/${item.id}/`)
      .set(bearer(owner))
      .send({ ...item, stock_quantity: 1 })
      .expect(409);
    await settle();
    expect(mine.seen.length).toBe(count);
  });

  it("sends items.upserted per item and items.imported after an import", async () => {
    const res = await api()
      .post("/api/import-item-csv/")
      .set(bearer(owner))
      .attach("csv_file", Buffer.from("アイテム名,カテゴリ,在庫数,メモ\n取込品,取込カテゴリ,2,\n"), "a.csv")
      .expect(200);
    expect(res.body).toEqual({ created: 1, updated: 0, skipped: 0 });
    await waitFor(mine.seen, (r) => r.event === "items.imported");
    expect(
      mine.seen.find(
        (r) => r.event === "items.upserted" && (r.payload.item as { title: string }).title === "取込品",
      ),
    ).toBeDefined();
    expect(
      mine.seen.find(
        (r) =>
          r.event === "categories.upserted" &&
          (r.payload.category as { category: string }).category === "取込カテゴリ",
      ),
    ).toBeDefined();
    // The numbered events (not the socket's own realtime.positions or presence lists).
    const seqs = mine.seen
      .filter((r) => streamOf(r.event as ServerEventName) !== null)
      .map((r) => r.payload.seq as number);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    await settle();
    expect(theirs.seen.filter((r) => r.event.startsWith("items."))).toEqual([]);
  });
});
