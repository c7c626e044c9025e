import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { makeItem } from "../features/items/items.testkit";
import { addUnits, makeCase } from "../features/orderitems/orderitems.testkit";
import type { RunningServer } from "../server";
import { type Session, signUpOwner } from "../test/api";
import { describeOnPostgres } from "../test/databases";
import { startTestServer } from "../test/testServer";
import { emptyTarget, tablesIn } from "./backup.testkit";
import { backupServedPglite } from "./backupDatabase";
import { applyMigrations, knownMigrations } from "./migrations";
import { BackupRejected, readBackup } from "./readBackup";
import { restoreBackup, TargetNotEmpty } from "./restore";
import { inTransaction } from "./snapshot";
import { writeBackup } from "./writeBackup";

const ROOT = path.resolve(__dirname, "../../..");

/**
 * The backup's lines edited by `edit`, with the file's checksum in the trailer made right again and gzipped:
 * a file whose gzip and file checksum are intact, so that only what is tested can refuse it.
 */
function rewritten(file: string, out: string, edit: (lines: string[]) => void): string {
  const lines = gunzipSync(readFileSync(file)).toString("utf8").split("\n").filter(Boolean);
  edit(lines);
  const trailer = JSON.parse(lines.pop()!);
  trailer.sha256 = createHash("sha256")
    .update(lines.map((l) => `${l}\n`).join(""))
    .digest("hex");
  lines.push(JSON.stringify(trailer));
  writeFileSync(out, gzipSync(`${lines.join("\n")}\n`));
  return out;
}

/**
 * What restore refuses, and that it then writes nothing: a truncated, bit-flipped, edited or too-new file, a
 * non-empty target; and what it does with a good one (the rows, the sequences, the later migrations).
 */
describeOnPostgres("npm run restore: what it refuses and what it writes", () => {
  let server: RunningServer;
  let owner: Session;
  let good: string;
  const dir = mkdtempSync(path.join(tmpdir(), "zaiko-restore-test-"));

  beforeAll(async () => {
    server = await startTestServer("pglite");
    owner = await signUpOwner(server);
    const item = await makeItem(server, owner, { stock: 3, title: "ワイヤレスマイク「B」", note: "" });
    const kase = await makeCase(server, owner, { note: "搬入は裏口から\n二行目" });
    await addUnits(server, owner, item.id, kase.id, 2);
    good = path.join(dir, "good.jsonl.gz");
    await backupServedPglite(server.deps.database, good);
  }, 120_000);
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const refusedOnPostgres = async (file: string, message: RegExp) => {
    const target = await emptyTarget("pg");
    try {
      await expect(restoreBackup(file, target.target)).rejects.toThrow(BackupRejected);
      await expect(restoreBackup(file, target.target)).rejects.toThrow(message);
      expect(await target.session(tablesIn)).toBe(0);
    } finally {
      await target.dispose();
    }
  };

  it("refuses a truncated file and writes nothing (an embedded target's directory is not even made)", async () => {
    const bytes = readFileSync(good);
    const truncated = path.join(dir, "truncated.jsonl.gz");
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    await refusedOnPostgres(truncated, /truncated|incomplete/);
    const target = await emptyTarget("pglite");
    try {
      await expect(restoreBackup(truncated, target.target)).rejects.toThrow(BackupRejected);
      expect(existsSync(target.target.kind === "pglite" ? target.target.dataDir : "")).toBe(false);
    } finally {
      await target.dispose();
    }
  });

  it("refuses a file with one bit flipped", async () => {
    const bytes = Buffer.from(readFileSync(good));
    const at = Math.floor(bytes.length / 2);
    bytes[at] = bytes[at]! ^ 0x10;
    const flipped = path.join(dir, "flipped.jsonl.gz");
    writeFileSync(flipped, bytes);
    await refusedOnPostgres(flipped, /gzip|checksum|corrupted/);
  });

  it("refuses an edited row (the gzip is intact, the table's checksum is not)", async () => {
    const edited = rewritten(good, path.join(dir, "edited.jsonl.gz"), (lines) => {
      const start = lines.findIndex((l) => l.startsWith('{"table":"items"'));
      const i = lines.findIndex((l, n) => n > start && l.includes("ワイヤレスマイク"));
      lines[i] = lines[i]!.replace("ワイヤレスマイク", "ワイヤードマイク");
    });
    await refusedOnPostgres(edited, /checksum mismatch in table items/);
  });

  it("refuses a backup from a newer migration, or a newer format", async () => {
    const latest = knownMigrations().at(-1)!;
    const newer = rewritten(good, path.join(dir, "newer.jsonl.gz"), (lines) => {
      const header = JSON.parse(lines[0]!);
      header.migration = { ...header.migration, tag: "9999_future", created_at: latest.folderMillis + 1 };
      lines[0] = JSON.stringify(header);
    });
    await refusedOnPostgres(newer, /newer version of the app \(migration 9999_future/);
    const format = rewritten(good, path.join(dir, "format.jsonl.gz"), (lines) => {
      lines[0] = lines[0]!.replace('"format_version":1', '"format_version":2');
    });
    await refusedOnPostgres(format, /format version 2/);
  });

  it("prints one line and exits non-zero from the command line, writing nothing", () => {
    const bytes = readFileSync(good);
    const truncated = path.join(dir, "cli-truncated.jsonl.gz");
    writeFileSync(truncated, bytes.subarray(0, bytes.length - 40));
    const dataDir = path.join(dir, "cli-target");
    const run = spawnSync(process.execPath, ["scripts/db.mjs", "restore", truncated, "--to", dataDir], {
      cwd: ROOT,
      encoding: "utf8",
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split("\n")).toEqual([
      expect.stringMatching(/^restore refused: .*nothing was written$/),
    ]);
    expect(existsSync(dataDir)).toBe(false);
  });

  it("restores every row, refuses a non-empty target unless --force, and sets sequences past the ids", async () => {
    const target = await emptyTarget("pg");
    try {
      const restored = await restoreBackup(good, target.target);
      const source = await readBackup(good);
      expect(restored.rows).toBe(source.rows);
      await expect(restoreBackup(good, target.target)).rejects.toThrow(TargetNotEmpty);
      await restoreBackup(good, target.target, { force: true });
      await target.session(async (s) => {
        const [item] = await s.query<{ title: string }>(`SELECT title FROM items`);
        expect(item?.title).toBe("ワイヤレスマイク「B」");
        const [kase] = await s.query<{ note: string }>(`SELECT note FROM work_cases`);
        expect(kase?.note).toBe("搬入は裏口から\n二行目");
        // Every sequence is past its table's ids: the next row gets a new id.
        const [seq] = await s.query<{ next: string; max: string }>(
          `SELECT nextval('public.history_id_seq')::text AS next, (SELECT max(id) FROM history)::text AS max`,
        );
        expect(Number(seq!.next)).toBeGreaterThan(Number(seq!.max));
      });
    } finally {
      await target.dispose();
    }
  });

  it("applies the migrations that came after the backup", async () => {
    const known = knownMigrations();
    const older = known.at(-3)!;
    const pg = await PGlite.create();
    const file = path.join(dir, "older.jsonl.gz");
    try {
      await inTransaction(pg, async (s) => {
        await applyMigrations(s, { after: 0, upTo: older.folderMillis });
        await s.exec(`INSERT INTO groups (name) VALUES ('古い版のグループ')`);
      });
      await inTransaction(pg, (session) => writeBackup({ session, source: "pglite", file }));
    } finally {
      await pg.close();
    }
    expect((await readBackup(file)).header.migration.tag).toBe(older.tag);
    const target = await emptyTarget("pg");
    try {
      const result = await restoreBackup(file, target.target);
      expect(result).toMatchObject({ from: older.tag, to: known.at(-1)!.tag });
      await target.session(async (s) => {
        const [applied] = await s.query<{ n: string }>(
          `SELECT count(*)::text AS n FROM drizzle.__drizzle_migrations`,
        );
        expect(Number(applied!.n)).toBe(known.length);
        expect(await s.query(`SELECT name FROM groups`)).toEqual([{ name: "古い版のグループ" }]);
      });
    } finally {
      await target.dispose();
    }
  }, 120_000);
});
