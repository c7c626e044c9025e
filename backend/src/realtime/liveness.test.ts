import { runMigrations } from "../db/migrate";
import { createLogger } from "../lib/logger";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import { ProcessLiveness } from "./liveness";

/** Lets the database's clock pass beyond a silence threshold (what a stalled database or host does). */
const stall = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SILENT_AFTER_MS = 100;

describeOnPostgres("process liveness (realtime_processes)", () => {
  let db: Awaited<ReturnType<typeof openFreshPostgres>>;
  beforeAll(async () => {
    db = await openFreshPostgres();
    await runMigrations(db);
  });
  afterAll(() => db?.close());
  beforeEach(() => db.db.execute("DELETE FROM realtime_processes"));

  /** A process's liveness whose beats the test drives (no timers); `died` records what it reported. */
  const processWith = (silentBeats: number) => {
    const died: string[][] = [];
    const liveness = new ProcessLiveness({
      db: db.db,
      logger: createLogger("silent"),
      onPeerDied: (ids) => died.push(ids),
      silentAfterMs: SILENT_AFTER_MS,
      silentBeats,
    });
    return { liveness, died };
  };

  it("never takes a peer that keeps beating for dead, even when everything stalls between beats", async () => {
    const a = processWith(3);
    const b = processWith(3);
    await a.liveness.beat();
    await b.liveness.beat();
    for (let i = 0; i < 4; i++) {
      await stall(SILENT_AFTER_MS * 2);
      // A beats first after the stall: B's last beat is older than the threshold, but B beat since A's last look.
      await a.liveness.beat();
      await b.liveness.beat();
    }
    expect(a.died).toEqual([]);
    expect(b.died).toEqual([]);
  });

  it("control: judged by time alone, the first to beat after a stall takes the other for dead", async () => {
    const a = processWith(0);
    const b = processWith(0);
    await a.liveness.beat();
    await b.liveness.beat();
    await stall(SILENT_AFTER_MS * 2);
    await a.liveness.beat();
    expect(a.died).toEqual([[b.liveness.processId]]);
  });

  it("a peer that stopped beating is taken for dead once, by one survivor, after the silence and its beats", async () => {
    const a = processWith(3);
    const b = processWith(3);
    const dead = processWith(3);
    await dead.liveness.beat();
    for (let i = 0; i < 6; i++) {
      await a.liveness.beat();
      await b.liveness.beat();
      await stall(SILENT_AFTER_MS / 2);
    }
    expect([...a.died, ...b.died]).toEqual([[dead.liveness.processId]]);
    // Taken, it is gone: nobody reports it again.
    await a.liveness.beat();
    await b.liveness.beat();
    expect([...a.died, ...b.died]).toHaveLength(1);
  });

  it("a clean stop removes the row: nobody resyncs", async () => {
    const a = processWith(1);
    const b = processWith(1);
    await a.liveness.beat();
    await b.liveness.beat();
    await b.liveness.stop();
    await stall(SILENT_AFTER_MS * 2);
    await a.liveness.beat();
    await a.liveness.beat();
    expect(a.died).toEqual([]);
  });
});
