import { makeCategory, makeItem } from "../features/items/items.testkit";
import { add, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { signUpOwner } from "../test/api";
import { describeOnPostgres } from "../test/databases";
import { holdItemRow } from "../test/rowLock";
import { type ClientSocket, connect, nextEvent, record, settle } from "../test/sockets";
import { startTestServer } from "../test/testServer";

/**
 * The live fan-out steps aside for the writes being served (docs/realtime.md, "Writing to thousands of
 * sockets without starving the writes"). A '+' is held in the database by a row lock taken on another of the
 * server's connections (PostgreSQL: PGlite has one session), so it is being served for as long as the test
 * wants; meanwhile another write commits, and its event waits for the held one.
 */
describeOnPostgres("the live fan-out steps aside for writes being served [postgres]", () => {
  let server: RunningServer | undefined;
  let socket: ClientSocket | undefined;
  /** Ends the lock's transaction: a test that failed while holding it would otherwise keep the server open. */
  let release: () => void = () => undefined;
  afterEach(async () => {
    release();
    socket?.disconnect();
    await server?.close();
  });

  /** Starts a server, and a '+' that waits on a row lock until `release` is called. */
  async function withHeldWrite(realtimeWriteWaitMs: number) {
    server = await startTestServer("pg", { config: { realtimeWriteWaitMs } });
    const running = server;
    const owner = await signUpOwner(running);
    const item = await makeItem(running, owner, { stock: 3 });
    const kase = await makeCase(running, owner);
    socket = await connect(running, owner.access);
    const seen = record(socket);

    const lock = await holdItemRow(running, item.id);
    release = lock.release;
    const plus = add(running, owner, item.id, kase.id).then((res) => res.status);
    // The '+' is being served once it waits for the lock.
    for (let i = 0; i < 500 && running.deps.writes.inFlight === 0; i++) await settle(10);
    expect(running.deps.writes.inFlight).toBe(1);
    return {
      seen,
      owner,
      finish: async () => {
        release();
        await lock.ended;
        return plus;
      },
    };
  }

  it("holds a committed change's event while another write is being served, and sends it once that is answered", async () => {
    const held = await withHeldWrite(60_000);
    const categoryHeard = nextEvent(socket!, "categories.upserted", () => true, 20_000);
    await makeCategory(server!, held.owner);
    await settle(300);
    expect(held.seen.get("categories.upserted")).toBeUndefined();
    expect(await held.finish()).toBe(200);
    await categoryHeard;
  });

  it("control: a server whose fan-out never waits sends it while the other write is still being served", async () => {
    const held = await withHeldWrite(0);
    const categoryHeard = nextEvent(socket!, "categories.upserted");
    await makeCategory(server!, held.owner);
    await categoryHeard;
    expect(server!.deps.writes.inFlight).toBe(1);
    expect(await held.finish()).toBe(200);
  });
});
