import type { CategoryDto, ItemDto, WeeklyItemsDto } from "@zaiko/common/catalogue/catalogue.schema";
import type { OrderItemDto, SummaryRowDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { ServerEventName } from "@zaiko/common/realtime/events";
import {
  type ApplyRules,
  type LiveRowsMemory,
  newLiveRowsMemory,
  ORDERED,
  removeVersioned,
  upsertVersioned,
} from "@zaiko/common/realtime/liveRows";
import type { StreamPositions } from "@zaiko/common/realtime/positions";
import { admit } from "@zaiko/common/realtime/sequence";
import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { sql } from "drizzle-orm";
import request from "supertest";
import { rowsOf } from "../db/rawSql";
import { makeCategory, makeItem } from "../features/items/items.testkit";
import { add, at, makeCase, patch, reduce } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { bearer, type Session, signUpOwner } from "../test/api";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import { type AppProcess, redisAvailable, startAppProcess, TEST_REDIS_URL, waitFor } from "../test/processes";
import { type ClientSocket, connected, nextEvent, openBatchingSocket, openSocket } from "../test/sockets";

const asServer = (app: AppProcess) => app as unknown as RunningServer;
const WITH_FAULTS = "backend/src/test/appWithFaults.ts";
// Issue 24 asks for 200 rounds; CONVERGENCE_ROUNDS runs more (or fewer while working on the file).
const ROUNDS = Number(process.env.CONVERGENCE_ROUNDS || 200);
/** Each batch of each process waits 0…this before it is numbered and sent (test/appWithFaults.ts). */
const PUBLISH_DELAY_MAX_MS = "25";
/** Each commit's answer reaches its process 0…this late, its events queued then: a process learns of its commits out of order. */
const QUEUE_DELAY_MAX_MS = "20";

/** What a client shows of one case, as the browser keeps it (the same rules: common/realtime/liveRows). */
interface Views {
  orderItems: OrderItemDto[];
  workCase: WorkCaseDto;
  items: ItemDto[];
  summary: SummaryRowDto[];
  categories: CategoryDto[];
}

/** The item rows of the week (the clients apply item events as rows; the daily numbers are the server's). */
const withoutDaily = (items: WeeklyItemsDto["results"]["items"]): ItemDto[] =>
  items.map(
    ({
      daily_order_quantities: _daily,
      daily_tentative_quantities: _tentative,
      daily_hired_quantities: _hired,
      daily_free_quantities: _free,
      ...item
    }) => item,
  );

/** Fresh GETs of everything the case screen and the item list show. */
async function freshViews(server: RunningServer, s: Session, caseId: number): Promise<Views> {
  const get = (path: string) => request(server.url).get(path).set(bearer(s)).expect(200);
  const [orderItems, workCase, week, summary, categories] = await Promise.all([
    get(`/api/orderitems/?work_case=${caseId}`),
    get(`/api/workcases/${caseId}/?group_id=${s.groupId}`),
    get(`/api/items/2030/04/01/?groupid=${s.groupId}`),
    get(`/api/inventorysummary/${caseId}/summary/?group_id=${s.groupId}`),
    get(`/api/categories/?groupid=${s.groupId}`),
  ]);
  return {
    orderItems: orderItems.body,
    workCase: workCase.body,
    items: withoutDaily((week.body as WeeklyItemsDto).results.items),
    summary: summary.body,
    categories: categories.body,
  };
}

/** Views in a comparable order. */
function canonical(v: Views) {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    orderItems: byId(v.orderItems),
    workCase: v.workCase,
    items: byId(v.items),
    summary: byId(v.summary),
    categories: byId(v.categories),
  };
}

type Change = (views: Views) => void;

/**
 * A model of one browser tab on the case screen, fed by a real socket: the number rules of lib/socket.ts
 * (common/realtime/sequence.ts: a late number is dropped unless it deletes a row, a jump refetches the
 * stream's views), the row rules of common/realtime/liveRows,
 * and the journal of lib/liveCache.ts (what arrives during a load is applied again to its answer).
 */
class ClientModel {
  views: Views;
  lastSeq: number | undefined;
  private loading = 0;
  private again = false;
  private journal: Change[] = [];
  private readonly orderItemMemory: LiveRowsMemory = newLiveRowsMemory();
  private readonly itemMemory: LiveRowsMemory = newLiveRowsMemory();
  private readonly categoryMemory: LiveRowsMemory = newLiveRowsMemory();
  resyncs = 0;
  /** What this round brought (events, their admission, loads), printed when the client does not converge. */
  trace: string[] = [];

  constructor(
    private readonly load: () => Promise<Views>,
    initial: Views,
    private readonly caseId: number,
    private readonly rules: ApplyRules,
  ) {
    this.views = structuredClone(initial);
  }

  get idle() {
    return this.loading === 0;
  }

  /** What the server sent; `seq` of the group stream. */
  receive(event: string, payload: Record<string, unknown>): void {
    if (event === "realtime.resync") {
      this.resyncs++;
      void this.refetch();
      return;
    }
    if (event !== "inventory.changed" && typeof payload.seq === "number" && !event.startsWith("members.")) {
      const { apply, gap, last } = admit(event as ServerEventName, payload.seq, this.lastSeq);
      const row = (payload.order_item ?? payload.item ?? payload.category ?? payload.workcase ?? payload) as {
        id?: number;
        version?: number;
      };
      this.trace.push(
        `${payload.seq} ${event} id ${row.id} v${row.version ?? "-"}${apply ? "" : " dropped"}${gap ? " gap" : ""}${this.loading > 0 ? " (loading)" : ""}`,
      );
      this.lastSeq = last;
      if (gap) void this.refetch();
      if (!apply) return;
    }
    // The case screen's order items and summary copy item titles and category names: they refetch on an
    // item's or a category's change (CATALOGUE_EVENTS in the browser), and so do the item rows here.
    if (event === "categories.upserted" || event === "items.upserted") void this.refetch();
    const change = this.changeOf(event, payload);
    if (!change) return;
    if (this.loading > 0) this.journal.push(change);
    change(this.views);
  }

  private changeOf(event: string, p: Record<string, unknown>): Change | undefined {
    const rules = this.rules;
    switch (event) {
      case "orderitems.upserted": {
        const o = p.order_item as OrderItemDto;
        if (o.work_case !== this.caseId) return undefined;
        return (v) => void upsertVersioned(v.orderItems, o, this.orderItemMemory, rules);
      }
      case "orderitems.deleted":
        return (v) => removeVersioned(v.orderItems, p.id as number, this.orderItemMemory, rules);
      case "workcases.upserted": {
        const w = p.workcase as WorkCaseDto;
        if (w.id !== this.caseId) return undefined;
        return (v) => {
          if (!rules.ordered || w.version > v.workCase.version) v.workCase = w;
        };
      }
      case "categories.upserted":
        return (v) =>
          void upsertVersioned(v.categories, p.category as CategoryDto, this.categoryMemory, rules);
      case "items.upserted":
        return (v) => void upsertVersioned(v.items, p.item as ItemDto, this.itemMemory, rules);
      case "inventory.changed": {
        if (p.case_id !== this.caseId) return undefined;
        const rows = p.rows as SummaryRowDto[];
        return (v) => {
          for (const row of rows) {
            const i = v.summary.findIndex((r) => r.id === row.id);
            if (i === -1) v.summary.push(row);
            else v.summary[i] = row;
          }
        };
      }
      default:
        return undefined;
    }
  }

  /**
   * As RTK Query does by default (invalidationBehavior "delayed"): a refetch asked for while one is in
   * flight starts when that one has landed, so an older answer never lands after a newer one.
   */
  async refetch(): Promise<void> {
    if (this.loading > 0) {
      this.again = true;
      return;
    }
    this.loading++;
    try {
      do {
        this.again = false;
        this.trace.push("load");
        const answer = await this.load();
        this.trace.push(
          `loaded: order items ${answer.orderItems.map((o) => `${o.id}v${o.version}`).join(",")}`,
        );
        const changes = [...this.journal];
        this.journal = [];
        this.views = answer;
        for (const change of changes) change(this.views);
      } while (this.again);
    } finally {
      this.loading--;
      this.journal = [];
    }
  }

  /** The control starts each round from the truth, so every stale round is counted on its own. */
  reset(views: Views): void {
    this.views = structuredClone(views);
  }
}

/** Sends an IPC message to a hooked app process and waits for its answer. */
function ask(app: AppProcess, message: string, answer: string, ms = 20_000): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${answer}" within ${ms} ms`)), ms);
    const onMessage = (m: unknown) => {
      if (m !== answer) return;
      clearTimeout(timer);
      app.child.off("message", onMessage);
      resolve();
    };
    app.child.on("message", onMessage);
    app.child.send(message);
  });
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

describeOnPostgres("live views converge across two app processes", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error(`Redis is required at ${TEST_REDIS_URL}`);
    db = await openFreshPostgres();
  });
  afterAll(() => db?.close());

  const startTwo = () => {
    const env = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL, PUBLISH_DELAY_MAX_MS, QUEUE_DELAY_MAX_MS };
    return Promise.all([startAppProcess(env, [], WITH_FAULTS), startAppProcess(env, [], WITH_FAULTS)]);
  };

  /**
   * A client on `app`: a socket watching the case, and a model of the screen under `rules`. A batching one
   * asks for realtime.batch frames and takes their events one by one, as the web client does.
   */
  async function openClient(
    app: AppProcess,
    owner: Session,
    caseId: number,
    rulesList: ApplyRules[],
    batching = false,
  ) {
    const opened = batching
      ? openBatchingSocket(asServer(app), owner.access)
      : openSocket(asServer(app), owner.access);
    // As the browser does (lib/socket.ts), the client counts the stream from the positions it is told.
    const positions = nextEvent<StreamPositions>(opened, "realtime.positions");
    const socket: ClientSocket = await connected(opened);
    const { group: startSeq } = await positions;
    expect(await socket.emitWithAck("case.watch", caseId)).toMatchObject({ ok: true });
    const initial = await freshViews(asServer(app), owner, caseId);
    const models = rulesList.map((rules) => {
      const model = new ClientModel(() => freshViews(asServer(app), owner, caseId), initial, caseId, rules);
      model.lastSeq = startSeq;
      return model;
    });
    socket.onAny((event: string, payload: Record<string, unknown>) => {
      const events =
        event === "realtime.batch"
          ? (payload as { events: [string, Record<string, unknown>][] }).events
          : [[event, payload] as const];
      for (const [name, inner] of events) for (const m of models) m.receive(name, inner);
    });
    return { socket, models };
  }

  it("after every round of conflicting writes through both processes, every client shows what a fresh GET returns", async () => {
    const [a, b] = await startTwo();
    const apps = [a, b];
    try {
      const owner = await signUpOwner(asServer(a));
      const category = await makeCategory(asServer(a), owner);
      const items = await Promise.all(
        [0, 1, 2].map(() => makeItem(asServer(a), owner, { category: category.id, stock: 4 })),
      );
      const kase = await makeCase(asServer(a), owner, { start: at(0), end: at(48) });
      const CONTROL: ApplyRules = { ordered: false };
      const clients = [
        await openClient(a, owner, kase.id, [ORDERED, CONTROL]),
        await openClient(b, owner, kase.id, [ORDERED, CONTROL], true),
      ];
      const stream = `group:${owner.groupId}`;

      const write = async (round: number) => {
        const app = asServer(pick(apps));
        const item = pick(items);
        const kind = pick(["add", "add", "reduce", "issue", "stock", "period", "category"] as const);
        if (kind === "add") return add(app, owner, item.id, kase.id);
        if (kind === "reduce") return reduce(app, owner, item.id, kase.id);
        if (kind === "issue") {
          const list = (
            await request(app.url).get(`/api/orderitems/?work_case=${kase.id}`).set(bearer(owner))
          ).body as OrderItemDto[];
          const o = list.find((x) => x.items.id === item.id);
          if (!o) return;
          return patch(app, owner, o.id, { issue: o.issue ? null : at(1 + (round % 5)) });
        }
        if (kind === "category") {
          // Renames of the one category from both processes: its live lists keep the newest version.
          return request(app.url)
            .put(`/api/categories/${category.id}/?groupid=${owner.groupId}`)
            .set(bearer(owner))
            .send({ id: category.id, category: `分類-${round}-${Math.random()}`, group: owner.groupId });
        }
        if (kind === "stock") {
          // Stock, note and name of an item.
          return request(app.url)
            .put(`/api/items/${item.id}/?groupid=${owner.groupId}`)
            .set(bearer(owner))
            .send({
              id: item.id,
              // A rename now and then: the case summary shows the item's name too.
              title: round % 3 === 0 ? `${item.title}-${round}` : item.title,
              category: category.id,
              stock_quantity: 3 + (round % 4),
              note: `r${round}`,
              group: owner.groupId,
            });
        }
        return request(app.url)
          .put(`/api/workcases/${kase.id}/`)
          .set(bearer(owner))
          .send({
            id: kase.id,
            title: kase.title,
            start_date: at(0),
            end_date: at(40 + (round % 9)),
            note: `r${round}`,
            group: owner.groupId,
          });
      };

      let controlStale = 0;
      let refetches = 0;
      for (let round = 0; round < ROUNDS; round++) {
        for (const { models } of clients) models[0]!.trace = [];
        await Promise.all([write(round), write(round), write(round), write(round)]);
        // Everything committed is published once both processes drained; then every client must have
        // seen the stream's last number, and the views must equal a fresh GET.
        await Promise.all(apps.map((app) => ask(app, "drain", "drained")));
        const [row] = await rowsOf<{ seq: string }>(
          db.db,
          sql`SELECT seq FROM event_streams WHERE stream = ${stream}`,
        );
        const last = Number(row?.seq ?? 0);
        await waitFor(
          async () => clients.every((c) => c.models.every((m) => (m.lastSeq ?? 0) >= last && m.idle)),
          10_000,
          `every client to see number ${last} (round ${round})`,
        );
        // inventory.changed of the other process's announcements may still be on its way.
        await Promise.all(apps.map((app) => ask(app, "drain", "drained")));
        const truth = canonical(await freshViews(asServer(a), owner, kase.id));
        for (const { models } of clients) {
          const [ordered, control] = models as [ClientModel, ClientModel];
          await waitFor(
            async () => JSON.stringify(canonical(ordered.views)) === JSON.stringify(truth),
            5_000,
            `the client to converge (round ${round})`,
          ).catch(() =>
            console.error(
              `round ${round}, client ${clients.findIndex((c) => c.models[0] === ordered)}: did not converge; ` +
                `the round's events and loads:\n${ordered.trace.join("\n")}`,
            ),
          );
          expect(canonical(ordered.views)).toEqual(truth);
          const c = canonical(control.views);
          if (
            JSON.stringify([c.orderItems, c.workCase, c.items, c.categories]) !==
            JSON.stringify([truth.orderItems, truth.workCase, truth.items, truth.categories])
          ) {
            controlStale++;
          }
          control.reset(truth);
          control.lastSeq = ordered.lastSeq;
        }
      }
      for (const { models } of clients) refetches += models[0]!.resyncs;
      console.info(
        `convergence: ${ROUNDS} rounds, 4 writes each, 2 clients: every client equal to a fresh GET after every round; ` +
          `control (versions off): stale after ${controlStale} client-rounds; resyncs ${refetches}`,
      );
      // The control shows that the rounds do deliver states out of commit order: the test can fail.
      expect(controlStale).toBeGreaterThan(0);
      for (const { socket } of clients) socket.close();
    } finally {
      await Promise.all(apps.map((app) => app.stop()));
    }
  }, 300_000);

  it("a process killed between a commit and its publish: clients of the other process converge without a reload", async () => {
    const [a, b] = await startTwo();
    try {
      const owner = await signUpOwner(asServer(a));
      const item = await makeItem(asServer(a), owner, { stock: 5 });
      const kase = await makeCase(asServer(a), owner, { start: at(0), end: at(48) });
      const { socket, models } = await openClient(b, owner, kase.id, [ORDERED]);
      const model = models[0]!;

      const held = ask(a, "hold", "held");
      await add(asServer(a), owner, item.id, kase.id).expect(200); // committed
      await held; // its events are stuck in A's publisher
      const exited = new Promise((r) => a.child.once("exit", r));
      a.child.kill("SIGKILL");
      await exited;
      const truth = canonical(await freshViews(asServer(b), owner, kase.id));
      expect(truth.orderItems).toHaveLength(1);
      // Nothing of it reached B's client: B drained, and the client still shows no order item.
      await ask(b, "drain", "drained");
      expect(model.views.orderItems).toEqual([]);

      // B notices A's silence (liveness.ts) and tells its clients to resync.
      await waitFor(
        async () => model.idle && JSON.stringify(canonical(model.views)) === JSON.stringify(truth),
        15_000,
        "the client on B to converge",
      );
      expect(model.resyncs).toBe(1);
      socket.close();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 120_000);
});
