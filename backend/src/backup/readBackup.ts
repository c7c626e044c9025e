import { createReadStream } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { createGunzip } from "node:zlib";
import {
  Checksums,
  FORMAT,
  FORMAT_VERSION,
  type Header,
  type RowValues,
  type SequenceState,
  type TableEnd,
  type TableStart,
  type Trailer,
} from "./format";
import { type KnownMigration, knownMigrations } from "./migrations";

/** A file that is not a complete, intact backup this code can restore; the message is one line. */
export class BackupRejected extends Error {}

/** What a reader of a backup may do with it as it goes (restore inserts; verify only counts). */
export interface BackupVisitor {
  tableStart?(table: TableStart): Promise<void>;
  rows?(table: TableStart, rows: RowValues[]): Promise<void>;
  sequences?(sequences: SequenceState[]): Promise<void>;
}

export interface BackupSummary {
  header: Header;
  tables: Map<string, { rows: number; sha256: string }>;
  rows: number;
  sequences: SequenceState[];
}

/** Rows handed to the visitor at a time. */
const BATCH_ROWS = 1_000;

/** The lines of a gzipped file; a gzip error (truncated, corrupted) becomes BackupRejected. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const stream = createReadStream(file).pipe(createGunzip());
  try {
    for await (const chunk of stream) {
      pending += decoder.write(chunk as Buffer);
      let at = pending.indexOf("\n");
      while (at >= 0) {
        yield pending.slice(0, at);
        pending = pending.slice(at + 1);
        at = pending.indexOf("\n");
      }
    }
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "EACCES" || code === "EISDIR")
      throw new BackupRejected((err as Error).message);
    throw new BackupRejected(`not an intact gzip file (${(err as Error).message}): truncated or corrupted`);
  }
  pending += decoder.end();
  if (pending !== "") yield pending;
}

function parse(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new BackupRejected(`corrupted: ${what} is not JSON`);
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/**
 * Reads a backup from end to end, checking everything the format promises: the header, every table's row
 * count and checksum, the order of the sections and the file's checksum in the trailer. With a visitor,
 * hands it each table's rows as they are read (restore checks first with no visitor, then again while it
 * loads, so a file changed in between still fails the load). Throws BackupRejected on the first fault.
 */
export async function readBackup(file: string, visitor: BackupVisitor = {}): Promise<BackupSummary> {
  if (file.endsWith(".partial"))
    throw new BackupRejected(`${file} is a backup still being written (or left by a crash)`);
  const sums = new Checksums();
  const tables = new Map<string, { rows: number; sha256: string }>();
  let header: Header | undefined;
  let table: TableStart | undefined;
  let batch: RowValues[] = [];
  let tableRows = 0;
  let totalRows = 0;
  let sequences: SequenceState[] = [];
  let trailer: Trailer | undefined;
  let lineNo = 0;
  const flush = async () => {
    if (table && batch.length) await visitor.rows?.(table, batch);
    batch = [];
  };
  for await (const text of linesOf(file)) {
    lineNo++;
    if (trailer) {
      if (text.trim() === "") continue;
      throw new BackupRejected(`corrupted: data after the trailer (line ${lineNo})`);
    }
    const raw = `${text}\n`;
    const value = parse(text, `line ${lineNo}`);
    if (!header) {
      header = checkHeader(value);
      sums.addLine(raw);
      continue;
    }
    if (table) {
      if (Array.isArray(value)) {
        if (
          value.length !== table.columns.length ||
          !value.every((v) => v === null || typeof v === "string")
        ) {
          throw new BackupRejected(`corrupted: row at line ${lineNo} does not fit table ${table.table}`);
        }
        sums.addRow(raw);
        batch.push(value as RowValues);
        tableRows++;
        if (batch.length >= BATCH_ROWS) await flush();
        continue;
      }
      const end = value as TableEnd;
      if (!isObject(value) || end.table_end !== table.table) {
        throw new BackupRejected(
          `corrupted: table ${table.table} does not end where it should (line ${lineNo})`,
        );
      }
      await flush();
      const sha256 = sums.endTable();
      if (end.rows !== tableRows || end.sha256 !== sha256) {
        throw new BackupRejected(
          `checksum mismatch in table ${table.table}: the file was changed or damaged`,
        );
      }
      sums.addLine(raw);
      tables.set(table.table, { rows: tableRows, sha256 });
      totalRows += tableRows;
      table = undefined;
      continue;
    }
    if (isObject(value) && typeof value.table === "string" && Array.isArray(value.columns)) {
      table = value as unknown as TableStart;
      if (tables.has(table.table)) throw new BackupRejected(`corrupted: table ${table.table} appears twice`);
      sums.addLine(raw);
      sums.startTable();
      tableRows = 0;
      await visitor.tableStart?.(table);
      continue;
    }
    if (isObject(value) && Array.isArray(value.sequences)) {
      sequences = value.sequences as SequenceState[];
      sums.addLine(raw);
      continue;
    }
    if (isObject(value) && value.end === true) {
      trailer = value as unknown as Trailer;
      if (
        trailer.sha256 !== sums.fileDigest() ||
        trailer.rows !== totalRows ||
        trailer.tables !== tables.size
      ) {
        throw new BackupRejected("checksum mismatch of the file: it was changed or damaged");
      }
      continue;
    }
    throw new BackupRejected(`corrupted: unexpected line ${lineNo}`);
  }
  if (!header) throw new BackupRejected("empty file: not a backup");
  if (!trailer) throw new BackupRejected("incomplete: the file ends before its trailer (truncated?)");
  const listed = header.tables.map((t) => `${t.name}:${t.rows}`).join(",");
  const seen = [...tables].map(([name, t]) => `${name}:${t.rows}`).join(",");
  if (listed !== seen) throw new BackupRejected("corrupted: the tables do not match the header's list");
  await visitor.sequences?.(sequences);
  return { header, tables, rows: totalRows, sequences };
}

function checkHeader(value: unknown): Header {
  if (!isObject(value) || value.format !== FORMAT) throw new BackupRejected("not a zaiko backup file");
  const header = value as unknown as Header;
  if (header.format_version !== FORMAT_VERSION) {
    throw new BackupRejected(
      `backup format version ${header.format_version} is not the one this version reads (${FORMAT_VERSION})`,
    );
  }
  if (
    !isObject(header.migration) ||
    typeof header.migration.created_at !== "number" ||
    !Array.isArray(header.tables)
  ) {
    throw new BackupRejected("corrupted: incomplete header");
  }
  return header;
}

/**
 * The known migration a backup was taken at. A backup from a newer version of the app (a migration this
 * code does not have) is refused: its rows may not fit this schema, and nothing here could migrate them.
 */
export function migrationOfBackup(header: Header): { at: KnownMigration; latest: KnownMigration } {
  const known = knownMigrations();
  const latest = known[known.length - 1]!;
  const at = known.find((m) => m.folderMillis === header.migration.created_at);
  const name = header.migration.tag ?? String(header.migration.created_at);
  if (!at) {
    if (header.migration.created_at > latest.folderMillis) {
      throw new BackupRejected(
        `the backup is from a newer version of the app (migration ${name}; this one knows up to ${latest.tag}): upgrade first`,
      );
    }
    throw new BackupRejected(`the backup's migration ${name} is not one this version knows`);
  }
  if (at.hash !== header.migration.hash) {
    throw new BackupRejected(`the backup's migration ${name} differs from this version's (hash mismatch)`);
  }
  return { at, latest };
}
