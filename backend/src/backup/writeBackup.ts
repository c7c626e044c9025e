import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { listTables, readSequences, selectRows, type TableInfo } from "./catalog";
import {
  Checksums,
  FORMAT,
  FORMAT_VERSION,
  type Header,
  line,
  PARTIAL_SUFFIX,
  type RowValues,
  type TableEnd,
  type Trailer,
} from "./format";
import { readMigrationVersion } from "./migrations";
import { ident, type SqlSession } from "./sqlSession";

/** Rows fetched from the cursor at a time: memory stays bounded whatever the table's size. */
const FETCH_ROWS = 2_000;

export interface Progress {
  table: string;
  rowsDone: number;
  rowsTotal: number;
}

export interface BackupResult {
  file: string;
  bytes: number;
  rows: number;
  tables: number;
  seconds: number;
  /** A served embedded database only: how long its requests waited for the dump of its data directory. */
  pauseSeconds?: number;
  /** Per table: rows and the checksum of its rows (the move compares them). */
  checksums: Map<string, { rows: number; sha256: string }>;
}

/**
 * The lines of a backup of what `session` sees. The session must be in a transaction that sees one
 * snapshot (REPEATABLE READ on PostgreSQL; a copy nobody else writes on PGlite) with CANONICAL_SETTINGS.
 */
async function* backupLines(
  session: SqlSession,
  source: Header["source"],
  sums: Checksums,
  result: BackupResult,
  onProgress: (p: Progress) => void,
): AsyncGenerator<string> {
  const migration = await readMigrationVersion(session);
  if (!migration) throw new Error("the database has no migrations applied: nothing to back up");
  const tables = await listTables(session);
  const counts: Header["tables"] = [];
  for (const t of tables) {
    const [r] = await session.query<{ n: string }>(`SELECT count(*)::text AS n FROM public.${ident(t.name)}`);
    counts.push({ name: t.name, rows: Number(r?.n ?? 0) });
  }
  const rowsTotal = counts.reduce((sum, t) => sum + t.rows, 0);
  const header: Header = {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    created_at: new Date().toISOString(),
    source,
    migration,
    tables: counts,
  };
  yield emit(sums, line(header));
  let rowsDone = 0;
  for (const table of tables) {
    yield emit(sums, line({ table: table.name, columns: table.columns, key: table.key }));
    sums.startTable();
    let rows = 0;
    for await (const batch of readTable(session, table)) {
      let text = "";
      for (const row of batch) {
        const rowLine = line(row);
        sums.addRow(rowLine);
        text += rowLine;
      }
      rows += batch.length;
      rowsDone += batch.length;
      onProgress({ table: table.name, rowsDone, rowsTotal });
      yield text;
    }
    const end: TableEnd = { table_end: table.name, rows, sha256: sums.endTable() };
    result.checksums.set(table.name, { rows, sha256: end.sha256 });
    yield emit(sums, line(end));
  }
  yield emit(sums, line({ sequences: await readSequences(session) }));
  result.rows = rowsDone;
  result.tables = tables.length;
  const trailer: Trailer = { end: true, tables: tables.length, rows: rowsDone, sha256: sums.fileDigest() };
  yield line(trailer);
}

function emit(sums: Checksums, text: string): string {
  sums.addLine(text);
  return text;
}

/** A table's rows in canonical order through a cursor, a batch at a time. */
export async function* readTable(session: SqlSession, table: TableInfo): AsyncGenerator<RowValues[]> {
  const cursor = `zaiko_backup_${table.name.replace(/\W/g, "_")}`;
  await session.exec(`DECLARE ${ident(cursor)} NO SCROLL CURSOR FOR ${selectRows(table)}`);
  try {
    for (;;) {
      const rows = await session.query<Record<string, string | null>>(
        `FETCH ${FETCH_ROWS} FROM ${ident(cursor)}`,
      );
      if (rows.length === 0) return;
      // Columns come back in select order; the names of `x::text` columns are the column names.
      yield rows.map((r) => table.columns.map((c) => r[c.name] ?? null));
      if (rows.length < FETCH_ROWS) return;
    }
  } finally {
    await session.exec(`CLOSE ${ident(cursor)}`);
  }
}

/**
 * Writes a backup of what `session` sees to `file`, atomically: the lines go gzipped into a temporary
 * `<file>.<random>.partial` beside it, which is flushed to disk (fsync) and only then renamed to `file`. A
 * crash leaves at most a `.partial` file, which restore refuses and pruning removes.
 */
export async function writeBackup(opts: {
  session: SqlSession;
  source: Header["source"];
  file: string;
  onProgress?: (p: Progress) => void;
}): Promise<BackupResult> {
  const started = performance.now();
  const file = path.resolve(opts.file);
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomBytes(4).toString("hex")}${PARTIAL_SUFFIX}`;
  const result: BackupResult = { file, bytes: 0, rows: 0, tables: 0, seconds: 0, checksums: new Map() };
  const sums = new Checksums();
  try {
    await pipeline(
      Readable.from(
        backupLines(opts.session, opts.source, sums, result, opts.onProgress ?? (() => undefined)),
      ),
      createGzip({ level: 6 }),
      createWriteStream(partial, { mode: 0o600 }),
    );
    await fsyncPath(partial);
    await rename(partial, file);
    await fsyncPath(path.dirname(file)).catch(() => undefined); // the rename itself; not every FS allows it
  } catch (err) {
    await unlink(partial).catch(() => undefined);
    throw err;
  }
  result.bytes = (await stat(file)).size;
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
