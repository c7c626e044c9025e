import { shippableSets } from "@zaiko/common/availability/index";
import { ja } from "@zaiko/common/messages/ja";
import type { OrderItemDto, SummaryRowDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { CaseSetLineDto, ItemSetDto } from "@zaiko/common/sets/sets.schema";
import { and, eq } from "drizzle-orm";
import request from "supertest";
import { caseSetLines, history, orderItems } from "../../db/schema";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner, unique } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, at, makeCase, patch, reduce } from "../orderitems/orderitems.testkit";
import { setStatus } from "../workcases/lifecycle.testkit";
import { addSet, makeSet, reduceSet } from "./sets.testkit";

const s = ja.sets;

describeOnDatabases("sets booked on a case", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let other: Session;
  let category: number;
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
    other = await signUpOwner(server);
    category = (await makeCategory(server, owner)).id;
  });
  afterAll(() => server.close());
  const api = () => request(server.url);

  /** A PA set of 2 speakers and 1 mixer, with stock 5 and 3. */
  async function paSet(stock = { speaker: 5, mixer: 3 }) {
    const speaker = await makeItem(server, owner, {
      category,
      title: unique("スピーカー"),
      stock: stock.speaker,
    });
    const mixer = await makeItem(server, owner, { category, title: unique("ミキサー"), stock: stock.mixer });
    const set = await makeSet(server, owner, category, [
      [speaker.id, 2],
      [mixer.id, 1],
    ]);
    return { speaker, mixer, set };
  }
  /** The case's order quantities by item id, read from the database. */
  async function booked(caseId: number): Promise<Record<number, number>> {
    const rows = await server.deps.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.workCaseId, caseId));
    return Object.fromEntries(rows.map((r) => [r.itemId, r.orderQuantity]));
  }
  const lines = async (caseId: number): Promise<CaseSetLineDto[]> =>
    (await api().get(`/api/setlines/?work_case=${caseId}`).set(bearer(owner)).expect(200)).body;
  const summary = async (caseId: number): Promise<SummaryRowDto[]> =>
    (await api().get(`/api/inventorysummary/${caseId}/summary/`).set(bearer(owner)).expect(200)).body;
  const setsShippable = (rows: SummaryRowDto[], set: ItemSetDto) =>
    shippableSets(set.parts, (id) => rows.find((r) => r.id === id)?.shippable_quantity ?? 0);

  describe("POST /api/addset/{set}/{case}/", () => {
    it("books every part in one go, answers the parts' rows and the line, and records one history entry", async () => {
      const { speaker, mixer, set } = await paSet();
      const kase = await makeCase(server, owner);
      const res = await addSet(server, owner, set.id, kase.id);
      expect(res.status).toBe(200);
      expect(res.body.line).toEqual({
        id: expect.any(Number),
        work_case: kase.id,
        set: set.id,
        title: set.title,
        quantity: 1,
        parts: expect.arrayContaining([
          { item: speaker.id, title: speaker.title, quantity: 2 },
          { item: mixer.id, title: mixer.title, quantity: 1 },
        ]),
        changed: false,
        version: 1,
      });
      expect(
        res.body.order_items.map((o: OrderItemDto) => [o.items.id, o.order_quantity, o.start_date]).sort(),
      ).toEqual(
        [
          [speaker.id, 2, kase.start_date],
          [mixer.id, 1, kase.start_date],
        ].sort(),
      );
      expect(res.body.summary).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ id: speaker.id, shippable_quantity: 3 }),
          expect.objectContaining({ id: mixer.id, shippable_quantity: 2 }),
        ]),
      );
      expect(await booked(kase.id)).toEqual({ [speaker.id]: 2, [mixer.id]: 1 });
      const entries = await server.deps.database.db
        .select()
        .from(history)
        .where(and(eq(history.caseId, kase.id), eq(history.action, "set.add")));
      expect(entries).toEqual([expect.objectContaining({ itemTitle: set.title, quantity: 1 })]);
      const page = (await api().get(`/api/history/?work_case=${kase.id}`).set(bearer(owner))).body;
      expect(JSON.stringify(page)).toContain("set.add");
      expect(await lines(kase.id)).toEqual([res.body.line]);
    });

    it("books exactly as many sets as the rule says, then refuses naming the short part, changing nothing", async () => {
      const { speaker, mixer, set } = await paSet();
      const kase = await makeCase(server, owner);
      // The speakers allow 2 sets (5 ÷ 2), the mixers 3: the rule over the case's summary says 2.
      expect(setsShippable(await summary(kase.id), set)).toBe(2);
      await addSet(server, owner, set.id, kase.id).expect(200);
      expect(setsShippable(await summary(kase.id), set)).toBe(1);
      await addSet(server, owner, set.id, kase.id).expect(200);
      expect(setsShippable(await summary(kase.id), set)).toBe(0);
      const refused = await addSet(server, owner, set.id, kase.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({
        error: s.shortage,
        shortages: [{ item_id: speaker.id, title: speaker.title, required: 6, available: 5 }],
        tentative_holds: [],
      });
      expect(await booked(kase.id)).toEqual({ [speaker.id]: 4, [mixer.id]: 2 });
      expect((await lines(kase.id))[0]!.quantity).toBe(2);
    });

    it("counts the other cases' bookings over the period and the part booked alone on the same case", async () => {
      const { speaker, mixer, set } = await paSet();
      const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
      const overlapping = await makeCase(server, owner, { start: at(5), end: at(20) });
      const later = await makeCase(server, owner, { start: at(11), end: at(20) });
      for (let i = 0; i < 3; i++) await add(server, owner, speaker.id, overlapping.id).expect(200);
      for (let i = 0; i < 2; i++) await add(server, owner, speaker.id, later.id).expect(200);
      // 2 speakers free beside the overlapping case: one set; the later case does not touch the period.
      await addSet(server, owner, set.id, kase.id).expect(200);
      const refused = await addSet(server, owner, set.id, kase.id).expect(409);
      expect(refused.body.shortages.map((x: { item_id: number }) => x.item_id)).toEqual([speaker.id]);
      // A part booked alone on the case first: its one order item holds both.
      const kase2 = await makeCase(server, owner, { start: at(30), end: at(40) });
      await add(server, owner, mixer.id, kase2.id).expect(200);
      await addSet(server, owner, set.id, kase2.id).expect(200);
      expect(await booked(kase2.id)).toEqual({ [speaker.id]: 2, [mixer.id]: 2 });
    });

    it("answers 404 for another group's set or case, unknown and malformed ids, changing nothing", async () => {
      const { set } = await paSet();
      const kase = await makeCase(server, owner);
      const theirCase = await makeCase(server, other);
      const theirCategory = (await makeCategory(server, other)).id;
      const theirItem = await makeItem(server, other, { category: theirCategory });
      const theirSet = await makeSet(server, other, theirCategory, [[theirItem.id, 1]]);
      for (const [setId, caseId] of [
        [theirSet.id, kase.id],
        [set.id, theirCase.id],
        [2_000_000_000, kase.id],
        [set.id, 2_000_000_000],
        ["abc", kase.id],
        [set.id, "1.5"],
        [set.id, "2147483648"],
      ] as const) {
        expect((await addSet(server, owner, setId, caseId)).status).toBe(404);
        expect((await reduceSet(server, owner, setId, caseId)).status).toBe(404);
      }
      expect(await booked(kase.id)).toEqual({});
      expect(await booked(theirCase.id)).toEqual({});
      await api().get(`/api/setlines/?work_case=${theirCase.id}`).set(bearer(owner)).expect(404);
      await api().get("/api/setlines/").set(bearer(owner)).expect(404);
      await addSet(server, { access: "x" } as Session, set.id, kase.id).expect(401);
    });

    it("refuses a cancelled case like the '+' does", async () => {
      const { set } = await paSet();
      const kase = await makeCase(server, owner);
      await setStatus(server, owner, kase.id, { status: "cancelled" }).expect(200);
      const res = await addSet(server, owner, set.id, kase.id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: ja.lifecycle.cancelledCase });
      expect(await booked(kase.id)).toEqual({});
    });
  });

  describe("POST /api/reduceset/{set}/{case}/ and the parts' own − and edit", () => {
    it("reduces every part by its units per set, deletes the line with its last set, then answers 409", async () => {
      const { speaker, mixer, set } = await paSet();
      const kase = await makeCase(server, owner);
      await addSet(server, owner, set.id, kase.id).expect(200);
      await addSet(server, owner, set.id, kase.id).expect(200);
      const one = await reduceSet(server, owner, set.id, kase.id).expect(200);
      expect(one.body.line).toMatchObject({ quantity: 1 });
      expect(await booked(kase.id)).toEqual({ [speaker.id]: 2, [mixer.id]: 1 });
      const none = await reduceSet(server, owner, set.id, kase.id).expect(200);
      expect(none.body.line).toBeNull();
      expect(none.body.deleted_order_items).toHaveLength(2);
      expect(await booked(kase.id)).toEqual({});
      expect(await lines(kase.id)).toEqual([]);
      const again = await reduceSet(server, owner, set.id, kase.id);
      expect(again.status).toBe(409);
      expect(again.body).toEqual({ error: s.nothingToReduce });
    });

    it("never lets a part alone go below what the case's sets need of it (− and edit: 409, nothing changed)", async () => {
      const { speaker, mixer, set } = await paSet();
      const kase = await makeCase(server, owner);
      await addSet(server, owner, set.id, kase.id).expect(200);
      await add(server, owner, speaker.id, kase.id).expect(200); // one speaker alone: 3 booked
      await reduce(server, owner, speaker.id, kase.id).expect(200); // back to the set's 2
      const refused = await reduce(server, owner, speaker.id, kase.id);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: s.belowSetNeed(speaker.title, 2) });
      const own = (await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner))).body.find(
        (o: OrderItemDto) => o.items.id === mixer.id,
      );
      const edit = await patch(server, owner, own.id, {
        start_date: own.start_date,
        end_date: own.end_date,
        order_quantity: 1,
        note: "",
      });
      // The mixer's set need is 1, so an edit to 1 passes; the speakers' need refuses an edit to 1.
      expect(edit.status).toBe(200);
      const speakerRow = (
        await api().get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner))
      ).body.find((o: OrderItemDto) => o.items.id === speaker.id);
      const editRefused = await patch(server, owner, speakerRow.id, {
        start_date: speakerRow.start_date,
        end_date: speakerRow.end_date,
        order_quantity: 1,
      });
      expect(editRefused.status).toBe(409);
      expect(editRefused.body).toEqual({ error: s.belowSetNeed(speaker.title, 2) });
      expect(await booked(kase.id)).toEqual({ [speaker.id]: 2, [mixer.id]: 1 });
      // Without sets a part reduces as before.
      await reduceSet(server, owner, set.id, kase.id).expect(200);
      await add(server, owner, speaker.id, kase.id).expect(200);
      await reduce(server, owner, speaker.id, kase.id).expect(200);
      expect(await booked(kase.id)).toEqual({});
    });

    it("keeps a line's own parts after the set is edited: + and − use what the case booked", async () => {
      const { speaker, mixer, set } = await paSet({ speaker: 10, mixer: 10 });
      const kase = await makeCase(server, owner);
      await addSet(server, owner, set.id, kase.id).expect(200);
      await api()
        .put(`/api/sets/${set.id}/`)
        .set(bearer(owner))
        .send({ title: set.title, category, parts: [{ item: mixer.id, quantity: 3 }] })
        .expect(200);
      const more = await addSet(server, owner, set.id, kase.id).expect(200);
      expect(more.body.line).toMatchObject({ quantity: 2, changed: true });
      expect(await booked(kase.id)).toEqual({ [speaker.id]: 4, [mixer.id]: 2 });
      // A new case takes the set as it is now.
      const fresh = await makeCase(server, owner);
      await addSet(server, owner, set.id, fresh.id).expect(200);
      expect(await booked(fresh.id)).toEqual({ [mixer.id]: 3 });
      await reduceSet(server, owner, set.id, kase.id).expect(200);
      expect(await booked(kase.id)).toEqual({ [speaker.id]: 2, [mixer.id]: 1 });
      const rows = await server.deps.database.db
        .select()
        .from(caseSetLines)
        .where(eq(caseSetLines.workCaseId, kase.id));
      expect(rows.map((r) => r.quantity)).toEqual([1]);
    });
    describe("POST /api/duplicate_work_case/{id}/ with sets", () => {
      it("copies the case's set lines with the order items, so the copy's sets reduce as sets", async () => {
        const { speaker, mixer, set } = await paSet({ speaker: 10, mixer: 10 });
        const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
        await addSet(server, owner, set.id, kase.id).expect(200);
        await add(server, owner, speaker.id, kase.id).expect(200);
        const copy = (
          await api()
            .post(`/api/duplicate_work_case/${kase.id}/`)
            .set(bearer(owner))
            .send({ start_date: at(20), end_date: at(30) })
            .expect(201)
        ).body;
        expect(await booked(copy.id)).toEqual({ [speaker.id]: 3, [mixer.id]: 1 });
        expect(await lines(copy.id)).toEqual([
          expect.objectContaining({
            work_case: copy.id,
            set: set.id,
            quantity: 1,
            parts: (await lines(kase.id))[0]!.parts,
          }),
        ]);
        await reduceSet(server, owner, set.id, copy.id).expect(200);
        expect(await booked(copy.id)).toEqual({ [speaker.id]: 1 });
        expect(await booked(kase.id)).toEqual({ [speaker.id]: 3, [mixer.id]: 1 });
      });
    });
  });
});
