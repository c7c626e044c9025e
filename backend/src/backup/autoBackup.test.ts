import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type AppProcess, startAppProcess, waitFor } from "../test/processes";
import { PARTIAL_SUFFIX } from "./format";
import { BackupRejected, readBackup } from "./readBackup";

/** BACKUP_INTERVAL_HOURS for a backup every 1.8 s. */
const SHORT_INTERVAL = "0.0005";
const KEEP = 2;

interface Health {
  backup?: { enabled: boolean; last_at: string | null; last_error: string | null };
}
const health = async (app: AppProcess) => (await (await fetch(`${app.url}/api/healthz`)).json()) as Health;

/**
 * The embedded default's automatic backups, in real server processes: they run on the interval, keep
 * BACKUP_KEEP files, and a kill -9 in the middle of one leaves no file that restore would take (only a
 * `.partial` one, which restore refuses by name and the next run prunes).
 */
describe("automatic backups of the embedded database", () => {
  const root = mkdtempSync(path.join(tmpdir(), "zaiko-autobackup-"));
  const dataDir = path.join(root, "data");
  const backupDir = path.join(dataDir, "backups");
  const processes: AppProcess[] = [];
  const start = async (env: Record<string, string> = {}) => {
    const app = await startAppProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      REDIS_URL: "",
      BACKUP_INTERVAL_HOURS: SHORT_INTERVAL,
      BACKUP_KEEP: String(KEEP),
      ...env,
    });
    processes.push(app);
    return app;
  };
  // A test that failed half-way must not leave its server holding the data directory for the next.
  afterEach(async () => {
    for (const p of processes) await p.crash();
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  /** Every file restore would take verifies from end to end; the others are `.partial`. */
  async function everyTakenFileIsWhole(): Promise<{ whole: number; partial: number }> {
    let whole = 0;
    let partial = 0;
    for (const name of readdirSync(backupDir)) {
      const file = path.join(backupDir, name);
      if (name.endsWith(PARTIAL_SUFFIX)) {
        await expect(readBackup(file)).rejects.toThrow(BackupRejected);
        partial++;
      } else {
        await readBackup(file);
        whole++;
      }
    }
    return { whole, partial };
  }

  it("runs on the interval, keeps BACKUP_KEEP files and reports the last one in /api/healthz", async () => {
    // Older backups already there: pruning must remove them, the oldest first.
    const older = ["2020-01-01", "2020-01-02", "2020-01-03"].map(
      (day) => `zaiko-${day}T03-00-00-000Z.jsonl.gz`,
    );
    mkdirSync(backupDir, { recursive: true });
    for (const name of older) writeFileSync(path.join(backupDir, name), "an old backup");
    const app = await start();
    const seen = new Set<string>();
    // The first value is the newest old file's time; each later one is a backup written and pruned after.
    await waitFor(
      async () => {
        const at = (await health(app)).backup?.last_at;
        if (at) seen.add(at);
        return seen.size >= 3;
      },
      240_000,
      "two automatic backups",
    );
    const status = (await health(app)).backup!;
    expect(status).toMatchObject({ enabled: true, last_error: null });
    await app.stop();
    const names = readdirSync(backupDir).filter((n) => !n.endsWith(PARTIAL_SUFFIX));
    for (const name of older) expect(names).not.toContain(name);
    // Pruned after each backup: KEEP, or one more if the process stopped between a backup and its pruning.
    expect(names.length).toBeGreaterThanOrEqual(KEEP);
    expect(names.length).toBeLessThanOrEqual(KEEP + 1);
    await everyTakenFileIsWhole();
  }, 300_000);

  it("leaves no file restore would take when killed with -9 in the middle of a backup", async () => {
    let partialsSeen = 0;
    // Up to three kills, until one has landed in the middle of a backup.
    for (let round = 0; round < 3 && partialsSeen === 0; round++) {
      const app = await start();
      // Killed the moment a backup's temporary file appears: in the middle of writing it.
      await waitFor(
        async () => readdirSync(backupDir).some((n) => n.endsWith(PARTIAL_SUFFIX)),
        120_000,
        "a backup being written",
      ).catch(() => undefined);
      await app.crash();
      partialsSeen += (await everyTakenFileIsWhole()).partial;
    }
    // The kills landed while a backup was being written (the test would show nothing otherwise).
    expect(partialsSeen).toBeGreaterThan(0);
  }, 480_000);

  it("reports a failed backup in /api/healthz", async () => {
    const notADirectory = path.join(root, "a-file");
    writeFileSync(notADirectory, "");
    const app = await start({ BACKUP_DIR: path.join(notADirectory, "backups") });
    await waitFor(async () => Boolean((await health(app)).backup?.last_error), 120_000, "a failed backup");
    expect((await health(app)).backup?.last_error).toMatch(/ENOTDIR/);
    await app.stop();
  }, 180_000);
});
