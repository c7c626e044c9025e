import type { CaseWatchAnswer } from "@zaiko/common/realtime/events";
import { makeItem } from "../features/items/items.testkit";
import { add, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { signUpOwner } from "../test/api";
import { describeOnPostgres } from "../test/databases";
import { holdItemRow } from "../test/rowLock";
import { type ClientSocket, connect, nextEvent, settle } from "../test/sockets";
import { startTestServer } from "../test/testServer";

/**
 * A socket that joins a case room while a '+' is going out (docs/realtime.md, "Subscribing"). The '+''s
 * summary rows are recomputed for the case rooms as they are before its events are written; a join in between
 * gets no rows, yet the '+''s `stock.changed` reaches the socket after the join's answer. The answer's number
 * tells the client which `stock.changed` came without rows. The window is held open with "writes first"
 * (the fan-out waits while another write, held on a row lock, is being served: PostgreSQL, as PGlite has one
 * session).
 */
describeOnPostgres("case.watch while a '+' is going out [postgres]", () => {
  let server: RunningServer | undefined;
  let socket: ClientSocket | undefined;
  let release: () => void = () => undefined;
  afterEach(async () => {
    release();
    socket?.disconnect();
    await server?.close();
  });

  it("answers with a number: a stock.changed up to it may have had no rows for the socket, one beyond it has them", async () => {
    server = await startTestServer("pg", { config: { realtimeWriteWaitMs: 60_000 } });
    const running = server;
    const owner = await signUpOwner(running);
    const held = await makeItem(running, owner, { stock: 3 });
    const speaker = await makeItem(running, owner, { stock: 5 });
    socket = await connect(running, owner.access);
    const watched = await makeCase(running, owner);
    const otherShown = nextEvent<{ workcase: { title: string } }>(
      socket,
      "workcases.upserted",
      (p) => p.workcase.title === "別の案件",
    );
    const other = await makeCase(running, owner, { title: "別の案件" });
    // The set-up's events are out before the write is held: held, they would keep the '+''s batch unnumbered.
    await otherShown;
    const heard: [string, { seq?: number; case_id?: number }][] = [];
    socket.onAny((event: string, payload: { seq?: number; case_id?: number }) =>
      heard.push([event, payload]),
    );

    // A '+' on another case waits on a row lock: a write is being served, so the fan-out waits.
    const lock = await holdItemRow(running, held.id);
    release = lock.release;
    const heldPlus = add(running, owner, held.id, other.id).then((res) => res.status);
    for (let i = 0; i < 500 && running.deps.writes.inFlight === 0; i++) await settle(10);

    // A colleague's '+' on the watched case commits and is numbered; nobody is in its room yet, so no rows
    // are recomputed, and its events wait for the held write.
    const streamAt = async () => (await running.deps.realtime.positions(owner.groupId)).group;
    const before = await streamAt();
    await add(running, owner, speaker.id, watched.id).expect(200);
    for (let i = 0; i < 500 && (await streamAt()) === before; i++) await settle(10);
    expect(await streamAt()).toBeGreaterThan(before);
    await settle(100);
    expect(heard.some(([event]) => event === "stock.changed")).toBe(false);

    // Now the socket joins: the answer comes at once, before the '+''s stock.changed.
    const answer = await socket.emitWithAck("case.watch", watched.id);
    expect(answer).toEqual({ ok: true, seq: expect.any(Number) });
    const joinedAt = (answer as Extract<CaseWatchAnswer, { ok: true }>).seq;
    const lateStock = nextEvent<{ seq: number }>(socket, "stock.changed");
    const heldStock = nextEvent<{ seq: number }>(socket, "stock.changed", (p) => p.seq > joinedAt);
    const heldRows = nextEvent<{ seq: number; case_id: number }>(
      socket,
      "inventory.changed",
      (p) => p.case_id === watched.id,
    );
    release();
    await lock.ended;
    expect(await heldPlus).toBe(200);

    // The '+' that committed before the join: its stock.changed arrives after the answer, without rows, and
    // its number is not beyond the answer's.
    const late = await lateStock;
    expect(late.seq).toBeLessThanOrEqual(joinedAt);
    expect(heard.some(([event, p]) => event === "inventory.changed" && p.seq === late.seq)).toBe(false);
    // The held '+' (same period, so the watched case's numbers change too) is numbered beyond the answer and
    // brings the room its rows.
    const next = await heldStock;
    expect((await heldRows).seq).toBe(next.seq);
  });
});
