import type { PresenceMember, PresencePlace } from "@zaiko/common/realtime/presence";
import { ownerWithStaff, type Session, signUpOwner } from "../../test/api";
import { describeOnPostgres, openFreshPostgres } from "../../test/databases";
import {
  type AppProcess,
  asServer,
  redisAvailable,
  startAppProcess,
  TEST_REDIS_URL,
  waitFor,
} from "../../test/processes";
import { type ClientSocket, connect, record, settle } from "../../test/sockets";
import { makeCase } from "../orderitems/orderitems.testkit";

type Viewer = ClientSocket & { lists: Map<string, unknown[]> };

/** A signed-in tab on one app process, recording what it receives. */
async function tab(app: AppProcess, session: Session): Promise<Viewer> {
  const socket = (await connect(asServer(app), session.access)) as Viewer;
  socket.lists = record(socket);
  return socket;
}

/** The names in the last presence list the viewer received for the place ([] before any). */
function shown(viewer: Viewer, place: PresencePlace): string[] {
  const lists = (viewer.lists.get("presence.changed") ?? []) as {
    place: PresencePlace;
    members: PresenceMember[];
  }[];
  const last = lists.filter((l) => JSON.stringify(l.place) === JSON.stringify(place)).at(-1);
  return last ? last.members.map((m) => m.name) : [];
}

/** Waits until the viewer's last list for the place names exactly these members. */
async function expectShown(viewer: Viewer, place: PresencePlace, names: string[], ms = 5_000) {
  const want = [...names].sort();
  await waitFor(
    async () => JSON.stringify([...shown(viewer, place)].sort()) === JSON.stringify(want),
    ms,
    `the list ${JSON.stringify(want)} (last: ${JSON.stringify(shown(viewer, place))})`,
  );
}

const OWNER = "山田 太郎"; // signUpOwner's name
const STAFF = "佐藤 花子"; // signUpStaff's name

describeOnPostgres("presence across two app processes (PostgreSQL, Redis)", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;
  let a: AppProcess;
  let b: AppProcess;
  const open: ClientSocket[] = [];
  const track = <T extends ClientSocket>(s: T) => {
    open.push(s);
    return s;
  };

  beforeAll(async () => {
    if (!redisAvailable()) throw new Error(`Redis is required at ${TEST_REDIS_URL}`);
    db = await openFreshPostgres();
    const env = { DATABASE_URL: db.url, REDIS_URL: TEST_REDIS_URL };
    [a, b] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
  }, 120_000);
  afterEach(() => {
    for (const s of open.splice(0)) s.close();
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
  });

  it("shows each member once to everyone on the case, whichever process they use, until their last tab closes", async () => {
    const { owner, staff } = await ownerWithStaff(asServer(a));
    const kase = await makeCase(asServer(a), owner);
    const place: PresencePlace = { kind: "case", id: kase.id };

    const ownerTab = track(await tab(a, owner));
    expect(await ownerTab.emitWithAck("presence.enter", place)).toEqual({ ok: true });
    await expectShown(ownerTab, place, [OWNER]);

    const staffTab1 = track(await tab(b, staff));
    expect(await staffTab1.emitWithAck("presence.enter", place)).toEqual({ ok: true });
    await expectShown(ownerTab, place, [OWNER, STAFF]);
    await expectShown(staffTab1, place, [OWNER, STAFF]);
    // Only the name leaves: no e-mail, no role, nothing else about the member.
    const lists = ownerTab.lists.get("presence.changed") as { members: object[] }[];
    for (const member of lists.at(-1)!.members) expect(Object.keys(member).sort()).toEqual(["id", "name"]);

    // A second tab of the same member, on the other process: still one chip.
    const staffTab2 = track(await tab(a, staff));
    expect(await staffTab2.emitWithAck("presence.enter", place)).toEqual({ ok: true });
    await expectShown(staffTab2, place, [OWNER, STAFF]);
    const before = ownerTab.lists.get("presence.changed")!.length;
    staffTab1.close();
    await waitFor(
      async () => ownerTab.lists.get("presence.changed")!.length > before,
      5_000,
      "the list after one tab closed",
    );
    expect(shown(ownerTab, place).sort()).toEqual([OWNER, STAFF].sort());

    // The last tab closes: the chip goes at once (no expiry to wait for).
    const closedAt = Date.now();
    staffTab2.close();
    await expectShown(ownerTab, place, [OWNER]);
    expect(Date.now() - closedAt).toBeLessThan(3_000);
  }, 60_000);

  it("drops a member who navigates away from the case, and shows the warehouse board's viewers apart", async () => {
    const { owner, staff } = await ownerWithStaff(asServer(a));
    const kase = await makeCase(asServer(a), owner);
    const place: PresencePlace = { kind: "case", id: kase.id };
    const board: PresencePlace = { kind: "warehouse" };
    const ownerTab = track(await tab(b, owner));
    const staffTab = track(await tab(a, staff));
    await ownerTab.emitWithAck("presence.enter", place);
    await ownerTab.emitWithAck("presence.enter", board);
    await staffTab.emitWithAck("presence.enter", place);
    await expectShown(ownerTab, place, [OWNER, STAFF]);
    await expectShown(ownerTab, board, [OWNER]);

    // The staff member goes from the case to the warehouse board.
    staffTab.emit("presence.leave", place);
    expect(await staffTab.emitWithAck("presence.enter", board)).toEqual({ ok: true });
    await expectShown(ownerTab, place, [OWNER]);
    await expectShown(ownerTab, board, [OWNER, STAFF]);
    await expectShown(staffTab, board, [OWNER, STAFF]);

    // A screen left at once: the leave usually arrives while the enter still checks the case, and wins
    // (the enter answers ok: false); on a loaded machine the check can end first (ok: true, then the leave).
    // Either way the member is not shown: without the leave winning, the socket would join after it and stay.
    const entered = staffTab.emitWithAck("presence.enter", place);
    staffTab.emit("presence.leave", place);
    expect(typeof (await entered).ok).toBe("boolean");
    await settle(1_000);
    expect(shown(ownerTab, place)).toEqual([OWNER]);
  }, 60_000);

  it("treats another group's case as a missing one and never mixes groups on the warehouse board", async () => {
    const { owner, staff } = await ownerWithStaff(asServer(a));
    const kase = await makeCase(asServer(a), owner);
    const place: PresencePlace = { kind: "case", id: kase.id };
    const ownerTab = track(await tab(a, owner));
    await ownerTab.emitWithAck("presence.enter", place);
    await ownerTab.emitWithAck("presence.enter", { kind: "warehouse" });

    const stranger = await signUpOwner(asServer(b));
    const strangerTab = track(await tab(b, stranger));
    expect(await strangerTab.emitWithAck("presence.enter", place)).toEqual({ ok: false });
    expect(await strangerTab.emitWithAck("presence.enter", { kind: "case", id: 2_147_483_647 })).toEqual({
      ok: false,
    });
    for (const bad of [{ kind: "case", id: "x" }, { kind: "group", id: owner.groupId }, null, "warehouse"]) {
      expect(await strangerTab.emitWithAck("presence.enter", bad as unknown as PresencePlace)).toEqual({
        ok: false,
      });
    }
    // On its own group's board the stranger sees only themself, and the owner's board does not show them.
    expect(await strangerTab.emitWithAck("presence.enter", { kind: "warehouse" })).toEqual({ ok: true });
    await expectShown(strangerTab, { kind: "warehouse" }, [OWNER]); // signUpOwner's name again
    const staffTab = track(await tab(b, staff));
    await staffTab.emitWithAck("presence.enter", { kind: "warehouse" });
    await expectShown(ownerTab, { kind: "warehouse" }, [OWNER, STAFF]);
    await settle(500);
    expect(shown(strangerTab, { kind: "warehouse" })).toEqual([OWNER]);
    const strangerLists = strangerTab.lists.get("presence.changed") as { place: PresencePlace }[];
    expect(strangerLists.every((l) => l.place.kind === "warehouse")).toBe(true);
    expect(shown(ownerTab, place)).toEqual([OWNER]);
  }, 60_000);

  // Last: it kills process B.
  it("drops the viewers of an app process that dies, within seconds", async () => {
    const { owner, staff } = await ownerWithStaff(asServer(a));
    const kase = await makeCase(asServer(a), owner);
    const place: PresencePlace = { kind: "case", id: kase.id };
    const ownerTab = track(await tab(a, owner));
    const staffTab = track(await tab(b, staff));
    await ownerTab.emitWithAck("presence.enter", place);
    await staffTab.emitWithAck("presence.enter", place);
    await expectShown(ownerTab, place, [OWNER, STAFF]);
    const killedAt = Date.now();
    await b.crash();
    // A's liveness check takes B for dead after about 5 s (docs/realtime.md) and sends its viewers the list.
    await expectShown(ownerTab, place, [OWNER], 15_000);
    expect(Date.now() - killedAt).toBeLessThan(12_000);
  }, 60_000);
});

describeOnPostgres("presence control: two app processes without Redis", () => {
  it("does not see a viewer on the other process (what the Redis adapter brings)", async () => {
    const db = await openFreshPostgres();
    const env = { DATABASE_URL: db.url };
    const [c, d] = await Promise.all([startAppProcess(env), startAppProcess(env)]);
    try {
      const { owner, staff } = await ownerWithStaff(asServer(c));
      const kase = await makeCase(asServer(c), owner);
      const place: PresencePlace = { kind: "case", id: kase.id };
      const ownerTab = await tab(c, owner);
      const staffTab = await tab(d, staff);
      await ownerTab.emitWithAck("presence.enter", place);
      expect(await staffTab.emitWithAck("presence.enter", place)).toEqual({ ok: true });
      await expectShown(staffTab, place, [STAFF]);
      await settle(1_000);
      expect(shown(ownerTab, place)).toEqual([OWNER]);
      ownerTab.close();
      staffTab.close();
    } finally {
      await Promise.all([c.stop(), d.stop()]);
      await db.close();
    }
  }, 120_000);
});
