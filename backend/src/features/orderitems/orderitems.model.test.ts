import { type Booking, peakUsage } from "@zaiko/common/availability/index";
import fc from "fast-check";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session, signUpOwner } from "../../test/api";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { add, at, invariantViolations, makeCase, patch, reduce } from "./orderitems.testkit";

/**
 * Model-based test: random sequences of add, reduce, order item edit and case period change against a
 * plain in-memory model of the rules (DOMAIN.md, Allocation and availability). After every command the
 * database's order items and the case summary must equal the model's. PGlite: the rules, not the races.
 */
interface Period {
  start: number;
  end: number;
}
interface Order extends Period {
  qty: number;
}
interface Model {
  stocks: number[];
  cases: Period[];
  /** key `${case}:${item}` (indexes into the real ids) */
  orders: Map<string, Order>;
}
interface Real {
  server: RunningServer;
  owner: Session;
  items: { id: number }[];
  cases: { id: number; title: string }[];
}

const key = (c: number, i: number) => `${c}:${i}`;
const bookingsOf = (m: Model, item: number, exceptCase?: number): Booking[] =>
  [...m.orders.entries()]
    .filter(
      ([k]) =>
        Number(k.split(":")[1]) === item &&
        (exceptCase === undefined || Number(k.split(":")[0]) !== exceptCase),
    )
    .map(([, o]) => ({ start: o.start, end: o.end, quantity: o.qty }));
const windowOf = (m: Model, c: number, i: number): Period => m.orders.get(key(c, i)) ?? m.cases[c]!;

/** Compares the database with the model: every order item, and the summary of one case. */
async function compare(m: Model, r: Real, c: number) {
  for (let ci = 0; ci < r.cases.length; ci++) {
    const res = await request(r.server.url)
      .get(`/api/orderitems/?work_case=${r.cases[ci]!.id}`)
      .set(bearer(r.owner));
    const actual = new Map<number, Order>(
      res.body.map(
        (o: { items: { id: number }; order_quantity: number; start_date: string; end_date: string }) => [
          o.items.id,
          { qty: o.order_quantity, start: Date.parse(o.start_date), end: Date.parse(o.end_date) },
        ],
      ),
    );
    for (let ii = 0; ii < r.items.length; ii++) {
      const expected = m.orders.get(key(ci, ii));
      const got = actual.get(r.items[ii]!.id);
      expect(got).toEqual(
        expected && {
          qty: expected.qty,
          start: Date.parse(at(expected.start)),
          end: Date.parse(at(expected.end)),
        },
      );
    }
  }
  const summary = await request(r.server.url)
    .get(`/api/inventorysummary/${r.cases[c]!.id}/summary/`)
    .set(bearer(r.owner));
  for (let ii = 0; ii < r.items.length; ii++) {
    const row = summary.body.find((x: { id: number }) => x.id === r.items[ii]!.id);
    const expected = Math.max(0, m.stocks[ii]! - peakUsage(bookingsOf(m, ii), windowOf(m, c, ii)));
    expect(row.shippable_quantity).toBe(expected);
  }
}

class Add implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly c: number,
    readonly i: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const w = windowOf(m, this.c, this.i);
    const fits = peakUsage(bookingsOf(m, this.i), w) + 1 <= m.stocks[this.i]!;
    await add(r.server, r.owner, r.items[this.i]!.id, r.cases[this.c]!.id).expect(fits ? 200 : 409);
    if (fits) {
      const own = m.orders.get(key(this.c, this.i));
      m.orders.set(key(this.c, this.i), { ...w, qty: (own?.qty ?? 0) + 1 });
    }
    await compare(m, r, this.c);
  }
  toString = () => `add(case ${this.c}, item ${this.i})`;
}

class Reduce implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly c: number,
    readonly i: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const own = m.orders.get(key(this.c, this.i));
    await reduce(r.server, r.owner, r.items[this.i]!.id, r.cases[this.c]!.id).expect(own ? 200 : 409);
    if (own && own.qty > 1) m.orders.set(key(this.c, this.i), { ...own, qty: own.qty - 1 });
    else m.orders.delete(key(this.c, this.i));
    await compare(m, r, this.c);
  }
  toString = () => `reduce(case ${this.c}, item ${this.i})`;
}

class Edit implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly c: number,
    readonly i: number,
    readonly p: Period,
    readonly qty: number,
  ) {}
  check = (m: Readonly<Model>) => m.orders.has(key(this.c, this.i));
  async run(m: Model, r: Real) {
    const fits = peakUsage(bookingsOf(m, this.i, this.c), this.p) + this.qty <= m.stocks[this.i]!;
    const list = await request(r.server.url)
      .get(`/api/orderitems/?work_case=${r.cases[this.c]!.id}`)
      .set(bearer(r.owner));
    const id = list.body.find((o: { items: { id: number } }) => o.items.id === r.items[this.i]!.id).id;
    const body = {
      start_date: at(this.p.start),
      end_date: at(this.p.end),
      order_quantity: this.qty,
      note: "",
    };
    await patch(r.server, r.owner, id, body).expect(fits ? 200 : 409);
    if (fits) m.orders.set(key(this.c, this.i), { ...this.p, qty: this.qty });
    await compare(m, r, this.c);
  }
  toString = () => `edit(case ${this.c}, item ${this.i}, [${this.p.start}, ${this.p.end}] × ${this.qty})`;
}

class MoveCase implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly c: number,
    readonly p: Period,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const before = m.cases[this.c]!;
    const moved = before.start !== this.p.start || before.end !== this.p.end;
    const own = [...m.orders.entries()].filter(([k]) => Number(k.split(":")[0]) === this.c);
    const fits =
      !moved ||
      own.every(([k, o]) => {
        const item = Number(k.split(":")[1]);
        return peakUsage(bookingsOf(m, item, this.c), this.p) + o.qty <= m.stocks[item]!;
      });
    const kase = r.cases[this.c]!;
    await request(r.server.url)
      .put(`/api/workcases/${kase.id}/`)
      .set(bearer(r.owner))
      .send({ title: kase.title, start_date: at(this.p.start), end_date: at(this.p.end), note: "" })
      .expect(fits ? 200 : 409);
    if (fits) {
      m.cases[this.c] = { ...this.p };
      if (moved) for (const [k, o] of own) m.orders.set(k, { ...this.p, qty: o.qty });
    }
    await compare(m, r, this.c);
  }
  toString = () => `move(case ${this.c} to [${this.p.start}, ${this.p.end}])`;
}

const CASES = 3;
const ITEMS = 2;
const periodArb = fc
  .tuple(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 4 }))
  .map(([s, d]) => ({ start: s, end: s + d }));
const caseArb = fc.integer({ min: 0, max: CASES - 1 });
const itemArb = fc.integer({ min: 0, max: ITEMS - 1 });
const commands = [
  fc.tuple(caseArb, itemArb).map(([c, i]) => new Add(c, i)),
  fc.tuple(caseArb, itemArb).map(([c, i]) => new Add(c, i)),
  fc.tuple(caseArb, itemArb).map(([c, i]) => new Reduce(c, i)),
  fc
    .tuple(caseArb, itemArb, periodArb, fc.integer({ min: 1, max: 3 }))
    .map(([c, i, p, q]) => new Edit(c, i, p, q)),
  fc.tuple(caseArb, periodArb).map(([c, p]) => new MoveCase(c, p)),
];

describe("allocation model [pglite]", () => {
  let server: RunningServer;
  let owner: Session;
  let category: number;
  beforeAll(async () => {
    server = await startTestServer("pglite");
    owner = await signUpOwner(server);
    category = (await makeCategory(server, owner)).id;
  });
  afterAll(() => server.close());

  it("random add / reduce / edit / period-change sequences match the in-memory model", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 1, max: 3 }), { minLength: ITEMS, maxLength: ITEMS }),
        fc.array(periodArb, { minLength: CASES, maxLength: CASES }),
        fc.commands(commands, { maxCommands: 20 }),
        async (stocks, periods, cmds) => {
          const items: Real["items"] = [];
          for (const stock of stocks) items.push(await makeItem(server, owner, { category, stock }));
          const cases: Real["cases"] = [];
          for (const p of periods)
            cases.push(await makeCase(server, owner, { start: at(p.start), end: at(p.end) }));
          const model: Model = { stocks, cases: periods.map((p) => ({ ...p })), orders: new Map() };
          await fc.asyncModelRun(() => ({ model, real: { server, owner, items, cases } }), cmds);
          expect(
            await invariantViolations(
              server.deps.database,
              items.map((i) => i.id),
            ),
          ).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
