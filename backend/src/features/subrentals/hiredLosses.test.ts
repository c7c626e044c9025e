import { ja } from "@zaiko/common/messages/ja";
import type { SubRentalDto } from "@zaiko/common/subrentals/subrentals.schema";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { connect, nextEvent } from "../../test/sockets";
import { useGroupServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { addUnits, at, makeCase, reduce } from "../orderitems/orderitems.testkit";

const s = ja.subrentals;

/**
 * Hired units lost or broken at a customer (docs/subrental.md, "Lost and broken hired units"), on both databases:
 * the report names the sub-rental, takes the units out of that hire until it ends (never out of the item's own
 * stock), shows on the sub-rental, and is refused when it names more than was hired, another item's or another
 * group's hire, or would leave a later booking uncovered.
 */
describeOnDatabases("hired units lost or broken (外部手配)", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let other: Session;
  const sockets = useGroupServer(driver, (group) => {
    ({ server, owner, staff, other } = group);
  });
  const api = () => request(server.url);
  const issue = (id: number, quantity: number) =>
    api().post(`/api/orderitems/${id}/issue/`).set(bearer(staff)).send({ quantity });
  const receive = (id: number, body: object, who = staff) =>
    api().post(`/api/orderitems/${id}/receive/`).set(bearer(who)).send(body);
  const shippable = async (caseId: number, itemId: number): Promise<number> =>
    (await api().get(`/api/inventorysummary/${caseId}/summary/`).set(bearer(owner)).expect(200)).body.find(
      (r: { id: number }) => r.id === itemId,
    ).shippable_quantity;
  const subRental = async (id: number): Promise<SubRentalDto> =>
    (await api().get(`/api/subrentals/${id}/`).set(bearer(owner)).expect(200)).body;
  /** What the item's newest history entry of this action records after the change. */
  const historyAfter = async (itemId: number, action: string) => {
    const history = (await api().get(`/api/history/?item=${itemId}`).set(bearer(owner))).body;
    const entries = (Array.isArray(history) ? history : (history.results ?? [])) as {
      action: string;
      after: Record<string, unknown> | null;
    }[];
    return entries.find((e) => e.action === action)?.after;
  };
  const cancel = (id: number) =>
    api().post(`/api/subrentals/${id}/status/`).set(bearer(owner)).send({ status: "cancelled" });
  const movements = async (id: number) =>
    (await api().get(`/api/orderitems/${id}/movements/`).set(bearer(owner)).expect(200)).body as {
      disposition: string;
      quantity: number;
    }[];

  async function makeSupplier(session: Session) {
    const res = await api()
      .post("/api/suppliers/")
      .set(bearer(session))
      .send({ name: `取引先${Math.random()}` });
    expect(res.status).toBe(201);
    return res.body.id as number;
  }

  /**
   * Item of stock 1; 2 units hired for a case over [at(0), at(20)]; the case [at(0), at(10)] books 3 and has
   * them all out. A later case [at(12), at(18)] inside the hire and one after it [at(22), at(24)].
   */
  async function hiredAndOut() {
    const item = await makeItem(server, owner, { stock: 1 });
    const kase = await makeCase(server, owner, { start: at(0), end: at(10) });
    const supplier = await makeSupplier(owner);
    const hire = await api()
      .post("/api/subrentals/")
      .set(bearer(owner))
      .send({
        supplier,
        item: item.id,
        quantity: 2,
        start_date: at(0),
        end_date: at(20),
        work_case: kase.id,
      })
      .expect(201);
    const { order_item } = await addUnits(server, owner, item.id, kase.id, 3);
    await issue(order_item.id, 3).expect(200);
    const inside = await makeCase(server, owner, { start: at(12), end: at(18) });
    const after = await makeCase(server, owner, { start: at(22), end: at(24) });
    return { item, kase, hire: hire.body as SubRentalDto, line: order_item.id as number, inside, after };
  }

  it("a hired loss is shown on the sub-rental, lowers the hire until it ends and never the item's own stock", async () => {
    const { item, hire, line, inside, after } = await hiredAndOut();
    expect(await shippable(inside.id, item.id)).toBe(3);
    expect(await shippable(after.id, item.id)).toBe(1);
    // The 入庫 dialog's choice: the hire made for the case.
    const offered = await api().get(`/api/orderitems/${line}/hires/`).set(bearer(staff)).expect(200);
    expect(offered.body).toEqual([
      {
        id: hire.id,
        supplier_name: hire.supplier_name,
        quantity: 2,
        reported: 0,
        start_date: hire.start_date,
        end_date: hire.end_date,
        for_case: true,
      },
    ]);
    await api().get(`/api/orderitems/${line}/hires/`).set(bearer(other)).expect(404);
    const socket = await connect(server, owner.access);
    sockets.push(socket);
    const announced = nextEvent<{ sub_rental_ids: number[]; item_id: number }>(
      socket,
      "subrentals.losses",
      (p) => p.item_id === item.id,
    );

    const back = await receive(line, { quantity: 2, lost: 1, sub_rental: hire.id });
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ issued_quantity: 3, received_quantity: 3 });
    expect((await announced).sub_rental_ids).toEqual([hire.id]);
    expect(await subRental(hire.id)).toMatchObject({
      quantity: 2,
      lost_quantity: 1,
      broken_quantity: 0,
      return_quantity: 1,
    });
    // The hire has one unit fewer from the end of the case to its own end; after it, the own unit is whole.
    expect(await shippable(inside.id, item.id)).toBe(2);
    expect(await shippable(after.id, item.id)).toBe(1);
    // Listed among the item's outages, named by its hire (found or repaired there: the tests below).
    expect((await api().get(`/api/items/${item.id}/outages/`).set(bearer(owner)).expect(200)).body).toEqual([
      expect.objectContaining({
        kind: "lost",
        quantity: 1,
        sub_rental: hire.id,
        supplier_name: hire.supplier_name,
        resolved_at: null,
      }),
    ]);

    // The list, the CSV and the history say so.
    const listed = (await api().get(`/api/subrentals/?item=${item.id}`).set(bearer(owner)).expect(200)).body;
    expect(listed[0]).toMatchObject({ id: hire.id, lost_quantity: 1, return_quantity: 1 });
    const csv = await api().get("/api/subrentals/export/?month=2030-04").set(bearer(owner)).expect(200);
    const lines = csv.text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(s.csvHeader.join(","));
    expect(lines.find((l) => l.includes(item.title))?.endsWith(",1,0")).toBe(true);
    expect(await historyAfter(item.id, "orderitem.outage_reported")).toMatchObject({
      disposition: "lost",
      sub_rental: hire.id,
    });

    // Cancelling a hire with a loss is refused (it happened: it is given back, less the lost unit).
    const refused = await cancel(hire.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: s.lossNoCancel });

    // Undo takes the report back: the hire is whole again.
    await api().delete(`/api/orderitems/${line}/movements/latest/`).set(bearer(owner)).expect(200);
    expect(await subRental(hire.id)).toMatchObject({
      lost_quantity: 0,
      return_quantity: 2,
      has_reports: false,
    });
    expect(await shippable(inside.id, item.id)).toBe(3);
  });

  it("発見 of a hired unit: it stops being held, leaves the hire's counts, and is refused twice or across groups", async () => {
    const { item, hire, line, inside, after } = await hiredAndOut();
    // One of the 3 units out reported lost (a hired one); 2 stay out.
    await receive(line, { quantity: 0, lost: 1, sub_rental: hire.id }).expect(200);
    expect(await shippable(inside.id, item.id)).toBe(2);
    const [outage] = (await api().get(`/api/items/${item.id}/outages/`).set(bearer(staff)).expect(200)).body;
    expect(outage).toMatchObject({ sub_rental: hire.id, supplier_name: hire.supplier_name, kind: "lost" });

    // Another group's member sees no such report.
    await api().post(`/api/outages/${outage.id}/resolve/`).set(bearer(other)).expect(404);
    expect(await subRental(hire.id)).toMatchObject({ lost_quantity: 1, return_quantity: 1 });

    const socket = await connect(server, owner.access);
    sockets.push(socket);
    const announced = nextEvent<{ sub_rental_ids: number[]; item_id: number }>(
      socket,
      "subrentals.losses",
      (p) => p.item_id === item.id,
    );
    const found = await api().post(`/api/outages/${outage.id}/resolve/`).set(bearer(staff));
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ id: outage.id, sub_rental: hire.id, resolved_by: staff.userId });
    expect(found.body.resolved_at).not.toBeNull();
    expect((await announced).sub_rental_ids).toEqual([hire.id]);

    // Found (now, before the hire's period): it holds nothing any more; the hire is whole and goes back whole.
    expect(await shippable(inside.id, item.id)).toBe(3);
    expect(await shippable(after.id, item.id)).toBe(1);
    expect(await subRental(hire.id)).toMatchObject({
      lost_quantity: 0,
      broken_quantity: 0,
      return_quantity: 2,
    });
    expect((await api().get(`/api/items/${item.id}/outages/`).set(bearer(owner)).expect(200)).body).toEqual(
      [],
    );
    const offered = await api().get(`/api/orderitems/${line}/hires/`).set(bearer(staff)).expect(200);
    expect(offered.body).toEqual([expect.objectContaining({ id: hire.id, reported: 0 })]);

    // Already found: 409, nothing changes.
    const again = await api().post(`/api/outages/${outage.id}/resolve/`).set(bearer(owner));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: ja.outages.alreadyResolved });

    expect(await historyAfter(item.id, "orderitem.outage_resolved")).toMatchObject({
      disposition: "lost",
      sub_rental: hire.id,
    });

    // The report stays with the hire (its period is clipped to the hire's): still not cancelled, nor moved;
    // the list says so (no 取消 offered) though no report is open any more.
    expect(await subRental(hire.id)).toMatchObject({
      lost_quantity: 0,
      broken_quantity: 0,
      has_reports: true,
    });
    const refused = await cancel(hire.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: s.lossNoCancel });

    // Only reports still open count against the hire's quantity: both hired units can be lost now.
    await receive(line, { quantity: 0, lost: 2, sub_rental: hire.id }).expect(200);
    expect(await subRental(hire.id)).toMatchObject({ lost_quantity: 2, return_quantity: 0 });
  });

  it("修理完了 of a broken hired unit: the hire counts it again, the 返却 expects every unit", async () => {
    const { item, hire, line, inside } = await hiredAndOut();
    await receive(line, {
      quantity: 2,
      broken: 1,
      repair_due: at(30),
      sub_rental: hire.id,
    }).expect(200);
    expect(await shippable(inside.id, item.id)).toBe(2);
    expect(await subRental(hire.id)).toMatchObject({ broken_quantity: 1, return_quantity: 2 });
    const [outage] = (await api().get(`/api/items/${item.id}/outages/`).set(bearer(owner)).expect(200)).body;
    expect(outage).toMatchObject({ kind: "broken", sub_rental: hire.id });
    await api().post(`/api/outages/${outage.id}/resolve/`).set(bearer(owner)).expect(200);
    expect(await subRental(hire.id)).toMatchObject({
      lost_quantity: 0,
      broken_quantity: 0,
      return_quantity: 2,
    });
    expect(await shippable(inside.id, item.id)).toBe(3);
    await api().post(`/api/outages/${outage.id}/resolve/`).set(bearer(owner)).expect(409);
  });

  it("an own loss, for contrast, takes the unit out of the own stock after the hire too", async () => {
    const { item, line, after } = await hiredAndOut();
    await receive(line, { quantity: 2, lost: 1 }).expect(200);
    expect(await shippable(after.id, item.id)).toBe(0);
  });

  it("broken hired units count against the hire too; the 返却 expects all but the lost", async () => {
    const { hire, line } = await hiredAndOut();
    await receive(line, {
      quantity: 1,
      lost: 1,
      broken: 1,
      repair_due: at(30),
      sub_rental: hire.id,
    }).expect(200);
    expect(await subRental(hire.id)).toMatchObject({
      lost_quantity: 1,
      broken_quantity: 1,
      return_quantity: 1,
    });
    const received = await api()
      .post(`/api/subrentals/${hire.id}/status/`)
      .set(bearer(owner))
      .send({ status: "received" });
    expect(received.status).toBe(200);
    expect(received.body).toMatchObject({ status: "received", lost_quantity: 1, return_quantity: 1 });
  });

  it("refuses more lost than hired, another item's hire, another group's, a later booking left uncovered", async () => {
    const { item, hire, line, inside } = await hiredAndOut();
    const before = await movements(line);

    // 2 hired: 3 lost cannot all be hired ones.
    const over = await receive(line, { quantity: 0, lost: 3, sub_rental: hire.id });
    expect(over.status).toBe(409);
    expect(over.body).toEqual({ error: s.lossOverHired(2, 0) });

    // Another group's sub-rental behaves like a missing one.
    const otherItem = await makeItem(server, other, { stock: 1 });
    const otherHire = await api()
      .post("/api/subrentals/")
      .set(bearer(other))
      .send({
        supplier: await makeSupplier(other),
        item: otherItem.id,
        quantity: 1,
        start_date: at(0),
        end_date: at(5),
      })
      .expect(201);
    await receive(line, { quantity: 0, lost: 1, sub_rental: otherHire.body.id }).expect(404);
    await receive(line, { quantity: 0, lost: 1, sub_rental: 99999999 }).expect(404);

    // A hire of another item of the group.
    const second = await makeItem(server, owner, { stock: 1 });
    const secondHire = await api()
      .post("/api/subrentals/")
      .set(bearer(owner))
      .send({
        supplier: await makeSupplier(owner),
        item: second.id,
        quantity: 1,
        start_date: at(0),
        end_date: at(5),
      })
      .expect(201);
    const wrong = await receive(line, { quantity: 0, lost: 1, sub_rental: secondHire.body.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ sub_rental: [s.subRentalOtherItem] });

    // Bad input: a hire named without lost or broken units, or not an id.
    const none = await receive(line, { quantity: 1, sub_rental: hire.id });
    expect(none.status).toBe(400);
    expect(none.body).toEqual({ sub_rental: [s.subRentalNoLoss] });
    const bad = await receive(line, { quantity: 0, lost: 1, sub_rental: "x" });
    expect(bad.body).toEqual({ sub_rental: [s.subRentalInvalid] });

    // The case inside the hire takes all 3 units there: losing a hired unit would leave it short (the numbers at
    // the worst instant: the bookings with the lost unit, and the stock with the units hired then).
    await addUnits(server, owner, item.id, inside.id, 3);
    const short = await receive(line, { quantity: 0, lost: 1, sub_rental: hire.id });
    expect(short.status).toBe(409);
    expect(short.body.error).toBe(ja.outages.shortage);
    expect(short.body.shortages).toEqual([
      { item_id: item.id, title: item.title, required: 4, available: 3 },
    ]);
    expect(await movements(line)).toEqual(before);
    expect(await subRental(hire.id)).toMatchObject({ lost_quantity: 0 });

    // One fewer there: the loss goes through, and then the hire cannot lose both.
    await reduce(server, owner, item.id, inside.id).expect(200);
    await receive(line, { quantity: 0, lost: 1, sub_rental: hire.id }).expect(200);
    const twice = await receive(line, { quantity: 0, lost: 2, sub_rental: hire.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ error: s.lossOverHired(2, 1) });

    // The hire keeps its loss: no other item, no fewer units than reported.
    const edit = (body: object) =>
      api()
        .put(`/api/subrentals/${hire.id}/`)
        .set(bearer(owner))
        .send({
          supplier: hire.supplier,
          item: item.id,
          quantity: 2,
          start_date: hire.start_date,
          end_date: hire.end_date,
          ...body,
        });
    const moved = await edit({ item: second.id });
    expect(moved.status).toBe(409);
    expect(moved.body).toEqual({ error: s.lossItemFixed });
    await edit({ cost_memo: "紛失1" }).expect(200);
  });
});
