import type { RunningServer } from "../../server";
import { ownerWithStaff, type Session } from "../../test/api";
import { describeOnDatabases } from "../../test/databases";
import { type ClientSocket, connect, nextEvent, record, settle } from "../../test/sockets";
import { startTestServer } from "../../test/testServer";
import { makeCase } from "../orderitems/orderitems.testkit";
import { inMinutes, makeHold, setStatus } from "../workcases/lifecycle.testkit";

/**
 * The server's own notifier, with a tick far beyond the test (10 minutes): what reaches the member within
 * seconds was woken by the commit itself (docs/notifications.md, "Live").
 */
describeOnDatabases("the notifier wakes on a commit", (driver) => {
  let server: RunningServer;
  let owner: Session;
  let staff: Session;
  let socket: ClientSocket | undefined;
  beforeAll(async () => {
    server = await startTestServer(driver, { config: { notifyEveryMs: 600_000 } });
    ({ owner, staff } = await ownerWithStaff(server));
  });
  afterAll(async () => {
    socket?.close();
    await server?.close();
  });

  it("a confirm by a colleague reaches the holder's socket at once; a change that notifies nobody announces nothing", async () => {
    const hold = await makeHold(server, staff, { holdUntil: inMinutes(3 * 24 * 60) });
    socket = await connect(server, staff.access);
    const heard = record(socket);
    // A case made and renamed notifies nobody: nothing is announced.
    await makeCase(server, owner);
    await settle(500);
    expect(heard.get("notifications.added")).toBeUndefined();

    const arrived = nextEvent<{ count: number }>(socket, "notifications.added", () => true, 3_000);
    await setStatus(server, owner, hold.id, { status: "confirmed" }).expect(200);
    expect(await arrived).toEqual({ count: 1 });
  });
});
