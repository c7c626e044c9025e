import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import request from "supertest";
import { bearer } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { nextEvent, record, settle } from "../../test/sockets";
import { useTwoGroupsWithSockets, watchCase } from "../../test/twoGroups";
import { makeCategory, makeItem } from "../items/items.testkit";
import { at, makeCase } from "../orderitems/orderitems.testkit";
import { addSet, makeSet, reduceSet } from "./sets.testkit";

type Rows = { case_id: number; rows: { id: number; shippable_quantity: number }[] };

describeOnDatabases("set events", (driver) => {
  const { ctx, open } = useTwoGroupsWithSockets(driver);

  it("announces the catalogue's changes to the group only", async () => {
    const category = (await makeCategory(ctx.server, ctx.owner)).id;
    const item = await makeItem(ctx.server, ctx.owner, { category, stock: 3 });
    const [mine, theirs] = [await open(ctx.owner), await open(ctx.other)];
    const theirSeen = record(theirs);
    const created = nextEvent<{ set: ItemSetDto }>(mine, "sets.upserted");
    const set = await makeSet(ctx.server, ctx.owner, category, [[item.id, 1]]);
    expect((await created).set).toEqual(set);
    const deleted = nextEvent<{ id: number }>(mine, "sets.deleted");
    await request(ctx.server.url).delete(`/api/sets/${set.id}/`).set(bearer(ctx.owner)).expect(204);
    expect((await deleted).id).toBe(set.id);
    await settle();
    expect(theirSeen.get("sets.upserted")).toBeUndefined();
    expect(theirSeen.get("sets.deleted")).toBeUndefined();
  });

  it("a set booking sends the parts' order items, the line and inventory.changed to an overlapping case's watchers", async () => {
    const category = (await makeCategory(ctx.server, ctx.owner)).id;
    const speaker = await makeItem(ctx.server, ctx.owner, { category, stock: 6 });
    const mixer = await makeItem(ctx.server, ctx.owner, { category, stock: 3 });
    const set = await makeSet(ctx.server, ctx.owner, category, [
      [speaker.id, 2],
      [mixer.id, 1],
    ]);
    const target = await makeCase(ctx.server, ctx.owner, { start: at(0), end: at(10) });
    const overlapping = await makeCase(ctx.server, ctx.owner, { start: at(5), end: at(20) });
    const [group, watcher] = [await open(ctx.owner), await open(ctx.owner)];
    expect(await watchCase(watcher, overlapping.id)).toMatchObject({ ok: true });
    const seen = record(group);
    const line = nextEvent<{ line: CaseSetLineDto }>(group, "setlines.upserted");
    const rows = nextEvent<Rows>(watcher, "inventory.changed", (p) => p.case_id === overlapping.id);
    await addSet(ctx.server, ctx.owner, set.id, target.id).expect(200);
    expect((await line).line).toMatchObject({ work_case: target.id, set: set.id, quantity: 1 });
    // The other case's screen learns that 4 speakers (2 sets' worth) and 2 mixers are left for it.
    const changed = await rows;
    expect(Object.fromEntries(changed.rows.map((r) => [r.id, r.shippable_quantity]))).toEqual({
      [speaker.id]: 4,
      [mixer.id]: 2,
    });
    await settle();
    expect(seen.get("orderitems.upserted")).toHaveLength(2);
    expect(seen.get("stock.changed")).toEqual([
      expect.objectContaining({ item_ids: expect.arrayContaining([speaker.id, mixer.id]) }),
    ]);
    // One entry for the booking (the set-up's own entries, e.g. set.create, may arrive after the socket connected).
    const entries = (seen.get("history.added") ?? []) as { entries: { action: string }[] }[];
    expect(entries.filter((e) => e.entries.some((x) => x.action.startsWith("set.add")))).toHaveLength(1);

    // The last set's reduce deletes the line and both order items.
    const gone = nextEvent<{ id: number; work_case: number }>(group, "setlines.deleted");
    await reduceSet(ctx.server, ctx.owner, set.id, target.id).expect(200);
    expect(await gone).toEqual(expect.objectContaining({ work_case: target.id }));
    await settle();
    expect(seen.get("orderitems.deleted")).toHaveLength(2);
  });

  it("a refused set booking sends nothing", async () => {
    const category = (await makeCategory(ctx.server, ctx.owner)).id;
    const item = await makeItem(ctx.server, ctx.owner, { category, stock: 1 });
    const set = await makeSet(ctx.server, ctx.owner, category, [[item.id, 2]]);
    const kase = await makeCase(ctx.server, ctx.owner);
    const socket = await open(ctx.owner);
    await settle();
    const seen = record(socket);
    await addSet(ctx.server, ctx.owner, set.id, kase.id).expect(409);
    await settle();
    for (const event of ["orderitems.upserted", "stock.changed", "setlines.upserted", "history.added"]) {
      expect(seen.get(event)).toBeUndefined();
    }
  });
});
