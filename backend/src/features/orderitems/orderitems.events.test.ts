import request from "supertest";
import { bearer, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import {
  type ClientSocket,
  connect,
  connected,
  nextEvent,
  openBatchingSocket,
  record,
  recordUnbatched,
  settle,
} from "../../test/sockets";
import { startTestServer } from "../../test/testServer";
import { useTwoGroupsWithSockets, watchCase } from "../../test/twoGroups";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, addUnits, at, makeCase, reduce } from "./orderitems.testkit";

type Rows = { case_id: number; rows: { id: number; shippable_quantity: number }[] };

describeOnDatabases("allocation events", (driver) => {
  const { ctx, open } = useTwoGroupsWithSockets(driver);

  it("case.watch joins only a case of the socket's group; another group's case id is refused", async () => {
    const mine = await makeCase(ctx.server, ctx.owner);
    const theirs = await makeCase(ctx.server, ctx.other);
    const socket = await open(ctx.owner);
    expect(await watchCase(socket, mine.id)).toMatchObject({ ok: true });
    expect(await watchCase(socket, theirs.id)).toEqual({ ok: false });
    expect(await watchCase(socket, 999999)).toEqual({ ok: false });
    expect(await watchCase(socket, "x" as unknown as number)).toEqual({ ok: false });
    // The refused watcher hears nothing of the other group's case.
    const seen = record(socket);
    const item = await makeItem(ctx.server, ctx.other, { stock: 3 });
    await add(ctx.server, ctx.other, item.id, theirs.id).expect(200);
    await settle();
    expect(seen.get("inventory.changed")).toBeUndefined();
    expect(seen.get("orderitems.upserted")).toBeUndefined();
  });

  it("a fan-out written in slices reaches every watcher once, inventory.changed before its batch's events", async () => {
    // Seven watchers in slices of two (docs/realtime.md, "Writing to thousands of sockets").
    const server = await startTestServer(driver, { config: { realtimeFanOutSlice: 2 } });
    const owner = await signUpOwner(server);
    const watchers: ClientSocket[] = [];
    try {
      const item = await makeItem(server, owner, { stock: 50, title: "スライス" });
      const kase = await makeCase(server, owner, { start: at(100), end: at(110) });
      for (let i = 0; i < 7; i++) watchers.push(await connect(server, owner.access));
      const heard = watchers.map((socket) => {
        const list: { event: string; seq?: number; shippable?: number }[] = [];
        socket.onAny((event: string, payload: { seq?: number; rows?: Rows["rows"] }) =>
          list.push({
            event,
            seq: payload.seq,
            shippable: payload.rows?.find((r) => r.id === item.id)?.shippable_quantity,
          }),
        );
        return list;
      });
      for (const socket of watchers) expect(await watchCase(socket, kase.id)).toMatchObject({ ok: true });
      const last = watchers.map((socket) =>
        nextEvent<Rows>(socket, "inventory.changed", (p) =>
          p.rows.some((r) => r.id === item.id && r.shippable_quantity === 47),
        ),
      );
      await addUnits(server, owner, item.id, kase.id, 3);
      await Promise.all(last);
      // A later batch's event: once it is in, so is everything of the batches before it.
      const barrier = watchers.map((socket) => nextEvent(socket, "categories.upserted"));
      await makeCategory(server, owner);
      await Promise.all(barrier);
      const numbered = (list: (typeof heard)[number]) =>
        list
          .filter((e) => e.event !== "inventory.changed" && e.seq !== undefined)
          .map((e) => `${e.event}:${e.seq}`);
      for (const list of heard) {
        // Every watcher heard the same numbered events, once each and in number order.
        expect(numbered(list)).toEqual(numbered(heard[0]!));
        const seqs = list
          .filter((e) => e.event !== "inventory.changed" && e.seq !== undefined)
          .map((e) => e.seq!);
        expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
        expect(new Set(seqs).size).toBe(seqs.length);
        // Each inventory.changed came before the stock.changed whose number it carries.
        list.forEach((e, i) => {
          if (e.event !== "inventory.changed") return;
          const stock = list.findIndex((s) => s.event === "stock.changed" && s.seq === e.seq);
          expect(stock).toBeGreaterThan(i);
        });
        // The rows it showed only went down, to the last one.
        const shown = list.filter((e) => e.shippable !== undefined).map((e) => e.shippable!);
        expect(shown).toEqual([...shown].sort((a, b) => b - a));
        expect(shown.at(-1)).toBe(47);
      }
    } finally {
      for (const socket of watchers) socket.close();
      await server.close();
    }
  });

  it("a socket that asks for batches gets the same events, in order, in fewer frames", async () => {
    // Slices of two, so the batch also crosses slices (docs/realtime.md, "Writing to thousands of sockets").
    const server = await startTestServer(driver, { config: { realtimeFanOutSlice: 2 } });
    const owner = await signUpOwner(server);
    const sockets: ClientSocket[] = [];
    try {
      const item = await makeItem(server, owner, { stock: 50, title: "まとめ送り" });
      const kase = await makeCase(server, owner, { start: at(100), end: at(110) });
      for (let i = 0; i < 3; i++) sockets.push(await connect(server, owner.access));
      for (let i = 0; i < 3; i++) sockets.push(await connected(openBatchingSocket(server, owner.access)));
      const heard = sockets.map(recordUnbatched);
      for (const socket of sockets) expect(await watchCase(socket, kase.id)).toMatchObject({ ok: true });
      await addUnits(server, owner, item.id, kase.id, 3);
      // A later batch's event: once every socket has it, it has everything of the batches before it.
      await makeCategory(server, owner);
      const hasBarrier = () =>
        heard.every((seen) => seen.events.some(([event]) => event === "categories.upserted"));
      for (let waited = 0; !hasBarrier() && waited < 5_000; waited += 20) await settle(20);
      expect(hasBarrier()).toBe(true);
      const described = (events: [string, unknown][]) =>
        events
          .filter(([e]) => e !== "realtime.positions")
          .map(([e, p]) => {
            const payload = p as { seq?: number; rows?: Rows["rows"] };
            const shippable = payload.rows?.find((r) => r.id === item.id)?.shippable_quantity;
            return `${e}:${payload.seq}${shippable === undefined ? "" : `:${shippable}`}`;
          });
      // Each socket's summary rows, and its numbered events, in the order they came. How the two interleave
      // depends on where in a round of writes the socket was when the next batch joined it (outbox.ts); the
      // rows carry the number of the stock.changed they follow, and each stream is applied in its own order.
      const lanes = (events: [string, unknown][]) => {
        const all = described(events);
        return {
          rows: all.filter((e) => e.startsWith("inventory.changed:")),
          numbered: all.filter((e) => !e.startsWith("inventory.changed:")),
        };
      };
      const classic = lanes(heard[0]!.events);
      expect(classic.rows.length).toBeGreaterThan(0);
      expect(classic.numbered.some((e) => e.startsWith("stock.changed:"))).toBe(true);
      for (const seen of heard) {
        expect(lanes(seen.events)).toEqual(classic);
        // And each summary row still came before the stock.changed whose number it carries.
        const order = described(seen.events);
        for (const row of classic.rows) {
          const seq = row.split(":")[1];
          expect(order.indexOf(row)).toBeLessThan(order.indexOf(`stock.changed:${seq}`));
        }
      }
      // The classic sockets got no batch frame; each batching one got every batch of several events in one.
      for (const seen of heard.slice(0, 3)) expect(seen.frames).toBe(0);
      for (const seen of heard.slice(3)) {
        expect(seen.frames).toBeGreaterThan(0);
        expect(seen.frames).toBeLessThan(classic.rows.length + classic.numbered.length);
      }
    } finally {
      for (const socket of sockets) socket.close();
      await server.close();
    }
  });

  it("watchers of an overlapping case receive inventory.changed after an allocation; others do not", async () => {
    const cat = await makeCategory(ctx.server, ctx.owner);
    const item = await makeItem(ctx.server, ctx.owner, { category: cat.id, stock: 5, title: "テーブル" });
    const target = await makeCase(ctx.server, ctx.owner, { start: at(0), end: at(10) });
    const overlapping = await makeCase(ctx.server, ctx.owner, { start: at(5), end: at(20) });
    const disjoint = await makeCase(ctx.server, ctx.owner, { start: at(30), end: at(40) });
    const [w1, w2, w3] = [await open(ctx.owner), await open(ctx.owner), await open(ctx.owner)];
    expect(await watchCase(w1, overlapping.id)).toMatchObject({ ok: true });
    expect(await watchCase(w2, disjoint.id)).toMatchObject({ ok: true });
    expect(await watchCase(w3, target.id)).toMatchObject({ ok: true });
    const disjointSeen = record(w2);
    const got = nextEvent<Rows>(w1, "inventory.changed", (p) => p.case_id === overlapping.id);
    const own = nextEvent<Rows>(w3, "inventory.changed", (p) => p.case_id === target.id);
    await addUnits(ctx.server, ctx.owner, item.id, target.id, 2);
    const payload = await got;
    expect(payload).toMatchObject({ seq: expect.any(Number), case_id: overlapping.id });
    expect(payload.rows.map((r) => r.id)).toEqual([item.id]);
    await own;
    await settle();
    const last = async (caseId: number) =>
      (
        await request(ctx.server.url).get(`/api/inventorysummary/${caseId}/summary/`).set(bearer(ctx.owner))
      ).body.find((r: { id: number }) => r.id === item.id);
    expect((await last(overlapping.id)).shippable_quantity).toBe(3);
    expect(disjointSeen.get("inventory.changed")).toBeUndefined();
    // After case.unwatch nothing more arrives.
    w1.emit("case.unwatch", overlapping.id);
    await settle(100);
    const after = record(w1);
    await reduce(ctx.server, ctx.owner, item.id, target.id).expect(200);
    await settle();
    expect(after.get("inventory.changed")).toBeUndefined();
  });

  it("a stock edit (items feature) reaches the watchers of cases that book the item", async () => {
    const item = await makeItem(ctx.server, ctx.owner, { stock: 5 });
    const c = await makeCase(ctx.server, ctx.owner);
    await addUnits(ctx.server, ctx.owner, item.id, c.id, 1);
    const socket = await open(ctx.owner);
    await watchCase(socket, c.id);
    // The allocation's own inventory.changed (shippable 4) may still be on its way: wait for the edit's.
    const got = nextEvent<Rows>(
      socket,
      "inventory.changed",
      (p) => p.case_id === c.id && p.rows.some((r) => r.shippable_quantity === 1),
    );
    await request(ctx.server.url)
      .put(`/api/items/${item.id}/`)
      .set(bearer(ctx.owner))
      .send({ ...item, stock_quantity: 2 })
      .expect(200);
    expect((await got).rows).toEqual([
      expect.objectContaining({ id: item.id, stock_quantity: 2, shippable_quantity: 1 }),
    ]);
  });

  it("an item's rename or move and a category's rename are recomputed for the watchers (their rows show the names)", async () => {
    // The summary rows copy the item's name and its category's: a recomputation read before a rename can
    // reach a screen after the rename's own event, so the rename must be followed by one of its own.
    const first = await makeCategory(ctx.server, ctx.owner);
    const second = await makeCategory(ctx.server, ctx.owner);
    const item = await makeItem(ctx.server, ctx.owner, { category: first.id, stock: 5 });
    const c = await makeCase(ctx.server, ctx.owner);
    await addUnits(ctx.server, ctx.owner, item.id, c.id, 1);
    const socket = await open(ctx.owner);
    await watchCase(socket, c.id);
    type Named = {
      case_id: number;
      rows: { id: number; name: string; category: string; category_id: number }[];
    };
    const rowOf = (p: Named) => (p.case_id === c.id ? p.rows.find((r) => r.id === item.id) : undefined);

    const renamed = nextEvent<Named>(socket, "inventory.changed", (p) => rowOf(p)?.name === "改名後の機材");
    await request(ctx.server.url)
      .put(`/api/items/${item.id}/`)
      .set(bearer(ctx.owner))
      .send({ ...item, title: "改名後の機材" })
      .expect(200);
    expect(rowOf(await renamed)).toMatchObject({ name: "改名後の機材", category_id: first.id });

    const moved = nextEvent<Named>(socket, "inventory.changed", (p) => rowOf(p)?.category_id === second.id);
    await request(ctx.server.url)
      .put(`/api/items/${item.id}/`)
      .set(bearer(ctx.owner))
      .send({ ...item, title: "改名後の機材", category: second.id })
      .expect(200);
    expect(rowOf(await moved)).toMatchObject({ category: second.category });

    const categoryRenamed = nextEvent<Named>(
      socket,
      "inventory.changed",
      (p) => rowOf(p)?.category === "照明（改）",
    );
    await request(ctx.server.url)
      .put(`/api/categories/${second.id}/`)
      .set(bearer(ctx.owner))
      .send({ id: second.id, category: "照明（改）", group: ctx.owner.groupId })
      .expect(200);
    expect(rowOf(await categoryRenamed)).toMatchObject({ category_id: second.id, name: "改名後の機材" });
  });

  it("sends orderitems.*, workcases.* and stock.changed to the group only after commit, nothing for a refusal", async () => {
    const item = await makeItem(ctx.server, ctx.owner, { stock: 1 });
    const c = await makeCase(ctx.server, ctx.owner, { start: at(50), end: at(60) });
    const socket = await open(ctx.owner);
    const outsider = record(await open(ctx.other));
    // When the event arrives, the change is already visible to another connection: it was committed.
    const visible = new Promise<number>((resolve) => {
      socket.once("orderitems.upserted", async (p) => {
        const res = await request(ctx.server.url)
          .get(`/api/orderitems/?work_case=${c.id}`)
          .set(bearer(ctx.owner));
        resolve(res.body.find((o: { id: number }) => o.id === p.order_item.id)?.order_quantity ?? 0);
      });
    });
    const stock = nextEvent(socket, "stock.changed");
    const added = await add(ctx.server, ctx.owner, item.id, c.id).expect(200);
    expect(await visible).toBe(1);
    expect(await stock).toEqual({ seq: expect.any(Number), item_ids: [item.id], from: at(50), to: at(60) });
    const seen = record(socket);
    await add(ctx.server, ctx.owner, item.id, c.id).expect(409);
    await settle();
    expect([...seen.keys()]).toEqual([]);

    const deleted = nextEvent(socket, "orderitems.deleted");
    await reduce(ctx.server, ctx.owner, item.id, c.id).expect(200);
    expect(await deleted).toEqual({ seq: expect.any(Number), id: added.body.order_item.id, work_case: c.id });
    const upserted = nextEvent<{ workcase: { id: number } }>(socket, "workcases.upserted");
    const copy = await request(ctx.server.url)
      .post(`/api/duplicate_work_case/${c.id}/`)
      .set(bearer(ctx.owner))
      .expect(201);
    expect((await upserted).workcase).toEqual(copy.body);
    const gone = nextEvent(socket, "workcases.deleted");
    await request(ctx.server.url)
      .delete(`/api/workcases/${copy.body.id}/`)
      .set(bearer(ctx.owner))
      .expect(204);
    expect(await gone).toEqual({ seq: expect.any(Number), id: copy.body.id });
    await settle();
    expect([...outsider.keys()].filter((k) => /^(orderitems|workcases|stock|inventory)\./.test(k))).toEqual(
      [],
    );
  });
});
