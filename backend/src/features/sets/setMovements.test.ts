import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import type { WarehouseBoardDto } from "@zaiko/common/warehouse/warehouse.schema";
import { eq, inArray } from "drizzle-orm";
import request from "supertest";
import { orderItemMovements, orderItems } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, makeCase } from "../orderitems/orderitems.testkit";
import { track } from "../units/units.testkit";
import { addSet, makeSet } from "./sets.testkit";

describeOnDatabases("a set issued and received at once (warehouse board)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
  });
  afterAll(() => server.close());

  const move = (s: Session, lineId: number | string, kind: "issue" | "receive") =>
    request(server.url).post(`/api/setlines/${lineId}/${kind}/`).set(bearer(s));

  /** A case of `session` with `sets` PA sets (2 speakers + 1 mixer each) and 1 speaker booked alone. */
  async function bookedCase(session: Session, sets: number) {
    const category = (await makeCategory(server, session)).id;
    const speaker = await makeItem(server, session, { category, title: unique("スピーカー"), stock: 10 });
    const mixer = await makeItem(server, session, { category, title: unique("ミキサー"), stock: 5 });
    const set = await makeSet(server, session, category, [
      [speaker.id, 2],
      [mixer.id, 1],
    ]);
    const kase = await makeCase(server, session);
    let line = 0;
    for (let i = 0; i < sets; i++)
      line = (await addSet(server, session, set.id, kase.id).expect(200)).body.line.id;
    await add(server, session, speaker.id, kase.id).expect(200);
    const rows = await server.deps.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.workCaseId, kase.id));
    const orderItemOf = (itemId: number) => rows.find((r) => r.itemId === itemId)!.id;
    return {
      kase,
      line,
      speaker,
      mixer,
      speakerRow: orderItemOf(speaker.id),
      mixerRow: orderItemOf(mixer.id),
    };
  }

  /** Issued / received units and movement count of these order items, read from the database. */
  async function state(ids: number[]) {
    const db = server.deps.database.db;
    const rows = await db.select().from(orderItems).where(inArray(orderItems.id, ids));
    const movements = await db
      .select()
      .from(orderItemMovements)
      .where(inArray(orderItemMovements.orderItemId, ids));
    return {
      units: Object.fromEntries(rows.map((r) => [r.id, [r.issuedQuantity, r.receivedQuantity]])),
      movements: movements.length,
    };
  }

  it("issues then receives every part's units for the line's sets in one call, as ordinary movements", async () => {
    const c = await bookedCase(owner, 2);
    const issued = await move(owner, c.line, "issue").expect(200);
    const answered = (issued.body.order_items as OrderItemDto[]).map((o) => [o.id, o.issued_quantity]);
    expect(answered.sort()).toEqual(
      [
        [c.speakerRow, 4],
        [c.mixerRow, 2],
      ].sort(),
    );
    // 2 sets: 4 speakers of 5 (the one booked alone stays), both mixers; one issue movement per part.
    expect(await state([c.speakerRow, c.mixerRow])).toEqual({
      units: { [c.speakerRow]: [4, 0], [c.mixerRow]: [2, 0] },
      movements: 2,
    });
    const movements = await request(server.url)
      .get(`/api/orderitems/${c.speakerRow}/movements/`)
      .set(bearer(owner))
      .expect(200);
    expect(movements.body).toEqual([expect.objectContaining({ kind: "issue", quantity: 4 })]);

    await move(owner, c.line, "receive").expect(200);
    expect((await state([c.speakerRow, c.mixerRow])).units).toEqual({
      [c.speakerRow]: [4, 4],
      [c.mixerRow]: [2, 2],
    });
  });

  it("refuses with the part named and moves nothing when one part cannot move its units", async () => {
    const c = await bookedCase(owner, 1);
    // The mixer went out alone already: the set's issue finds it has nothing left, after the speaker passed.
    await request(server.url)
      .post(`/api/orderitems/${c.mixerRow}/issue/`)
      .set(bearer(owner))
      .send({ quantity: 1 })
      .expect(200);
    const before = await state([c.speakerRow, c.mixerRow]);
    const refused = await move(owner, c.line, "issue");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: ja.sets.partRefused(c.mixer.title, ja.movements.nothingToIssue) });
    expect(await state([c.speakerRow, c.mixerRow])).toEqual(before);

    // Nothing issued of the speakers: a receive of the set is refused too, and changes nothing.
    const receive = await move(owner, c.line, "receive");
    expect(receive.status).toBe(409);
    expect(receive.body.error).toBe(ja.sets.partRefused(c.speaker.title, ja.allocation.notIssued));
    expect(await state([c.speakerRow, c.mixerRow])).toEqual(before);
  });

  it("answers 404 for another group's line, an unknown one and a malformed id, 401 without a token", async () => {
    const theirs = await bookedCase(other, 1);
    const before = await state([theirs.speakerRow, theirs.mixerRow]);
    await move(owner, theirs.line, "issue").expect(404);
    await move(owner, theirs.line, "receive").expect(404);
    await move(owner, 2_000_000_000, "issue").expect(404);
    await move(owner, "abc", "issue").expect(404);
    await request(server.url).post(`/api/setlines/${theirs.line}/issue/`).expect(401);
    expect(await state([theirs.speakerRow, theirs.mixerRow])).toEqual(before);
  });

  it("shows the case's set line with its parts' order items and units on the board", async () => {
    const c = await bookedCase(owner, 2);
    const board: WarehouseBoardDto = (
      await request(server.url)
        .get(`/api/warehouse/?date=${c.kase.start_date.slice(0, 10)}`)
        .set(bearer(owner))
        .expect(200)
    ).body;
    const shown = board.days[0].cases.find((x) => x.id === c.kase.id)!;
    expect(shown.set_lines).toEqual([
      {
        id: c.line,
        title: expect.stringContaining("PAセット"),
        quantity: 2,
        parts: [
          { order_item: c.speakerRow, item: c.speaker.id, title: c.speaker.title, quantity: 4 },
          { order_item: c.mixerRow, item: c.mixer.id, title: c.mixer.title, quantity: 2 },
        ],
      },
    ]);
    expect(shown.rows.map((r) => r.id).sort()).toEqual([c.speakerRow, c.mixerRow].sort());
  });

  it("a set with a tracked part names its units in the same call (docs/units.md): each part takes its own", async () => {
    const c = await bookedCase(owner, 1);
    // The mixer is tracked by unit: 1 set moves 1 mixer, named.
    const mixers: UnitDto[] = await track(server, owner, c.mixer.id, unique("MX").toUpperCase());
    const speakers: UnitDto[] = await track(server, owner, c.speaker.id, unique("SP").toUpperCase());
    const before = await state([c.speakerRow, c.mixerRow]);
    const send = (units?: number[]) =>
      request(server.url)
        .post(`/api/setlines/${c.line}/issue/`)
        .set(bearer(owner))
        .send(units ? { units } : {});
    // Without units: the tracked part is refused by name, nothing moves.
    expect((await send().expect(409)).body.error).toBe(
      ja.sets.partRefused(c.speaker.title, ja.units.unitsRequired),
    );
    // Too few for a part: the count does not match.
    expect((await send([mixers[0]!.id, speakers[0]!.id]).expect(400)).body).toEqual({
      units: [ja.units.unitsMismatch],
    });
    // A unit of an item not in the set.
    const stranger = await makeItem(server, owner, { stock: 1 });
    const [strange] = await track(server, owner, stranger.id, unique("ST").toUpperCase());
    const [line] = (
      await request(server.url).get(`/api/setlines/?work_case=${c.kase.id}`).set(bearer(owner)).expect(200)
    ).body;
    expect(
      (await send([mixers[0]!.id, speakers[0]!.id, speakers[1]!.id, strange!.id]).expect(409)).body,
    ).toEqual({ error: ja.units.notInSet(line.title) });
    expect(await state([c.speakerRow, c.mixerRow])).toEqual(before);

    const named = [speakers[0]!.id, speakers[1]!.id, mixers[1]!.id];
    await send(named).expect(200);
    const units = (id: number) =>
      request(server.url).get(`/api/units/?item=${id}`).set(bearer(owner)).expect(200);
    const out = (list: UnitDto[]) =>
      list.filter((u) => u.status === "out").map((u) => [u.id, u.out?.order_item]);
    expect(out((await units(c.speaker.id)).body)).toEqual([
      [speakers[0]!.id, c.speakerRow],
      [speakers[1]!.id, c.speakerRow],
    ]);
    expect(out((await units(c.mixer.id)).body)).toEqual([[mixers[1]!.id, c.mixerRow]]);
    // The set's receive brings every unit out back, named or not.
    await move(owner, c.line, "receive").expect(200);
    expect(out((await units(c.speaker.id)).body)).toEqual([]);
    expect(out((await units(c.mixer.id)).body)).toEqual([]);
  });
});
