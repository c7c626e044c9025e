import { ja } from "@zaiko/common/messages/ja";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { startTestServer } from "../../test/testServer";
import { makeItem } from "../items/items.testkit";
import { add, makeCase, patch, receivedBeforeIssued } from "./orderitems.testkit";

const HOUR = 3_600_000;
const fromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const refused = { detail: ja.movements.receiveBeforeIssue };

/**
 * No unit comes back before it went out (docs/lifecycle.md): a receive dated before the issue it takes back
 * would free stock that is still with the customer, and a second case could book it.
 */
describeOnDatabases("a receive is never dated before its issue", (driver) => {
  let server: RunningServer;
  let owner: Session;
  const api = () => request(server.url);
  beforeAll(async () => {
    server = await startTestServer(driver);
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  const rowOf = async (caseId: number, id: number) =>
    (await api().get(`/api/orderitems/?work_case=${caseId}`).set(bearer(owner)).expect(200)).body.find(
      (o: { id: number }) => o.id === id,
    );

  /** Stock 1; case A (an hour ago to tomorrow) holds it; case B lies inside A's period. */
  async function oneUnitOut(issue: boolean) {
    const item = await makeItem(server, owner, { stock: 1 });
    const a = await makeCase(server, owner, { start: fromNow(-1), end: fromNow(24) });
    const b = await makeCase(server, owner, { start: fromNow(2), end: fromNow(3) });
    const id = (await add(server, owner, item.id, a.id).expect(200)).body.order_item.id as number;
    if (issue)
      await api().post(`/api/orderitems/${id}/issue/`).set(bearer(owner)).send({ quantity: 1 }).expect(200);
    await add(server, owner, item.id, b.id).expect(409);
    return { item, a, b, id };
  }

  it("the spec's receive PATCH dated before the issue is a 400, and the unit stays booked", async () => {
    const { item, a, b, id } = await oneUnitOut(true);
    const before = await rowOf(a.id, id);
    for (const receive of ["2000-01-01T00:00:00Z", fromNow(-2)]) {
      const res = await patch(server, owner, id, { receive });
      expect(res.status).toBe(400);
      expect(res.body).toEqual(refused);
    }
    expect(await rowOf(a.id, id)).toEqual(before);
    // The unit is with A's customer: B still cannot have it.
    await add(server, owner, item.id, b.id).expect(409);
    // Received after its issue, it is back, and B may book it from then on.
    const back = await patch(server, owner, id, { receive: fromNow(1) });
    expect(back.status).toBe(200);
    expect(Date.parse(back.body.receive)).toBeGreaterThanOrEqual(Date.parse(back.body.issue));
    await add(server, owner, item.id, b.id).expect(200);
    expect(await receivedBeforeIssued(server.deps.database)).toEqual([]);
  });

  it("after an issue dated in the future, a receive now is a 400 (no receive before its issue)", async () => {
    const { a, id } = await oneUnitOut(false);
    const issued = await patch(server, owner, id, { issue: "9998-12-31T00:00:00Z" });
    expect(issued.status).toBe(200);
    const post = await api().post(`/api/orderitems/${id}/receive/`).set(bearer(owner)).send({ quantity: 1 });
    expect(post.status).toBe(400);
    expect(post.body).toEqual(refused);
    const lost = await api()
      .post(`/api/orderitems/${id}/receive/`)
      .set(bearer(owner))
      .send({ quantity: 0, lost: 1 });
    expect(lost.status).toBe(400);
    expect(lost.body).toEqual(refused);
    const toggle = await patch(server, owner, id, { receive: fromNow(0) });
    expect(toggle.status).toBe(400);
    expect((await rowOf(a.id, id)).received_quantity).toBe(0);
    expect(await receivedBeforeIssued(server.deps.database)).toEqual([]);
  });

  it("a back-dated receive may not take units that a later receive already took back", async () => {
    // 2 out at −3 h and both back now; a third unit out just after. That one cannot have come back half
    // an hour ago: the receive would precede the return of the first two, when nothing was out.
    const item = await makeItem(server, owner, { stock: 3 });
    const a = await makeCase(server, owner, { start: fromNow(-4), end: fromNow(24) });
    let id = 0;
    for (let i = 0; i < 2; i++) id = (await add(server, owner, item.id, a.id).expect(200)).body.order_item.id;
    await patch(server, owner, id, { issue: fromNow(-3) }).expect(200);
    await api().post(`/api/orderitems/${id}/receive/`).set(bearer(owner)).send({ quantity: 2 }).expect(200);
    await add(server, owner, item.id, a.id).expect(200);
    await api().post(`/api/orderitems/${id}/issue/`).set(bearer(owner)).send({ quantity: 1 }).expect(200);
    const res = await patch(server, owner, id, { receive: fromNow(-0.5) });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refused);
    expect(await receivedBeforeIssued(server.deps.database)).toEqual([]);
  });
});
