import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { sql } from "drizzle-orm";
import { inRaceMode, type RaceMode } from "../../allocation/allocation.testkit";
import { rowsOf } from "../../db/rawSql";
import type { RunningServer } from "../../server";
import { actorOf, type Session, signUpOwner } from "../../test/api";
import { describeOnPostgres } from "../../test/databases";
import { type ClientSocket, connect, recordUnbatched, settle } from "../../test/sockets";
import { startTestServer } from "../../test/testServer";
import { makeCategory, makeItem } from "../items/items.testkit";
import { addItem } from "../orderitems/orderitems.service";
import { makeCase } from "../orderitems/orderitems.testkit";
import { updateCategory } from "./categories.service";

/**
 * A category renamed while a + of one of its items is between its read of the names and its commit, on
 * PostgreSQL (PGlite runs one transaction at a time). The case screen refetches its rows on the rename's
 * `categories.upserted` and takes no row older than one it has; the +'s `orderitems.upserted` carries a newer
 * version than any row read before it committed, so if it arrived after the rename with the old name, the
 * screen would keep that name (docs/realtime.md, "Names copied into rows"). The + sleeps at its COMMIT with its
 * locks held (allocation.testkit.ts), and the rename starts only once it sleeps: the trial is deterministic.
 * The control removes the locks (lock_allocation without its row locks) and must see the old name arrive last.
 */
const SLEEP_MS = 400;

describeOnPostgres("a category rename racing a + [postgres]", () => {
  let server: RunningServer;
  let owner: Session;

  beforeAll(async () => {
    server = await startTestServer("pg");
    owner = await signUpOwner(server);
  });
  afterAll(() => server.close());

  /** Resolves once a transaction of this database sleeps at its commit (the +, after its read and check). */
  async function untilPlusSleeps(): Promise<void> {
    for (let tries = 0; tries < 200; tries++) {
      const [row] = await rowsOf<{ n: number }>(
        server.deps.database.db,
        sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event = 'PgSleep'`,
      );
      if (row!.n > 0) return;
      await settle(5);
    }
    throw new Error("the + never reached its commit");
  }

  /** The events a group screen receives while a + and a rename race in `mode`. */
  async function trial(mode: RaceMode) {
    const category = await makeCategory(server, owner);
    const item = await makeItem(server, owner, { category: category.id, stock: 5 });
    const kase = await makeCase(server, owner);
    const renamed = `${category.category}・改`;
    const socket: ClientSocket = await connect(server, owner.access);
    const seen = recordUnbatched(socket);
    const actor = actorOf(owner);
    try {
      await inRaceMode(
        server.deps.database,
        mode,
        async () => {
          const plus = addItem(server.deps, actor, item.id, kase.id);
          await untilPlusSleeps();
          await updateCategory(server.deps, actor, category.id, { category: renamed });
          await plus;
        },
        SLEEP_MS,
      );
      await settle();
    } finally {
      socket.close();
    }
    const names = seen.events.flatMap(([event, payload]) => {
      if (event === "categories.upserted") {
        const upserted = (payload as { category: { id: number; category: string } }).category;
        return upserted.id === category.id ? [`rename:${upserted.category}`] : [];
      }
      if (event === "orderitems.upserted") {
        const row = (payload as { order_item: OrderItemDto }).order_item;
        return row.items.id === item.id ? [`row:${row.items.category_name}`] : [];
      }
      return [];
    });
    return { names, old: category.category, renamed };
  }

  it("the +'s row with the old name reaches screens before the rename, never after it", async () => {
    const { names, old, renamed } = await trial("lockedSlow");
    expect(names).toEqual([`row:${old}`, `rename:${renamed}`]);
  }, 30_000);

  it("CONTROL: without the locks the rename passes the + and its old name arrives last", async () => {
    const { names, old, renamed } = await trial("unlocked");
    expect(names).toEqual([`rename:${renamed}`, `row:${old}`]);
  }, 30_000);
});
