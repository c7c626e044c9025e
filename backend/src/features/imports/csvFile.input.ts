import {
  type ImportRowError,
  ITEM_CSV_HEADER,
  ITEM_CSV_SAMPLE,
  readStock,
} from "@zaiko/common/catalogue/catalogue.schema";
import { hasForbiddenCharacter } from "@zaiko/common/input";
import { NAME_MAX, NOTE_MAX } from "@zaiko/common/limits";
import { ja } from "@zaiko/common/messages/ja";
import { parse } from "csv-parse";
import iconv from "iconv-lite";
import { yieldToEventLoop } from "../../lib/eventLoop";

/**
 * Rows checked between two turns of the event loop, so that checking a file of 10,000 rows does not hold
 * it for tens of milliseconds (docs/benchmarks.md, "CSV import").
 */
const ROWS_PER_TURN = 1000;

/** Upload limits (DOMAIN.md, Import and export). */
export const CSV_MAX_BYTES = 5 * 1024 * 1024;
export const CSV_MAX_ROWS = 10_000;

/** One valid data row, with the file line it starts on (the header is line 1). */
export interface CsvItemRow {
  line: number;
  title: string;
  category: string;
  stock: number;
  note: string;
}

export type CsvReadResult =
  | {
      ok: true;
      rows: CsvItemRow[];
      /** Rows that were the template's example, left in: not imported, and said so in the result. */
      skippedSamples: number;
    }
  | { ok: false; status: 400 | 413; detail: string; errors: ImportRowError[] };

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/**
 * Text of an uploaded CSV: UTF-8 (with or without BOM) when the bytes are valid UTF-8, otherwise CP932,
 * the Shift_JIS that Excel in Japan writes (it has ①, 髙 and maps 0x8160 to ～ U+FF5E).
 */
export function decodeCsv(bytes: Buffer): string {
  if (bytes.subarray(0, 3).equals(UTF8_BOM)) return new TextDecoder("utf-8").decode(bytes.subarray(3));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return iconv.decode(bytes, "cp932");
  }
}

const m = ja.imports;
const v = ja.validation;
const [TITLE, CATEGORY, , NOTE] = ITEM_CSV_HEADER;

/** The header must be the template's (メモ may be left out); cells are compared trimmed. */
function headerOk(cells: string[]): boolean {
  const names = cells.map((c) => c.trim());
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  return (names.length === 3 || names.length === 4) && names.every((name, i) => name === ITEM_CSV_HEADER[i]);
}

/**
 * The shared input boundary (common/input.ts): no NUL or lone surrogate reaches the database. A file adds
 * U+FFFD, the mark of bytes that did not decode (or of a lone surrogate its writer replaced): stored, the
 * text would silently differ from what the user meant.
 */
export const isUndecodable = (cell: string) => hasForbiddenCharacter(cell) || cell.includes("\uFFFD");

/** Checks one record; pushes its errors and returns the row when it has none. */
function readRow(cells: string[], line: number, errors: ImportRowError[]): CsvItemRow | undefined {
  const before = errors.length;
  const extra = cells.slice(4);
  if (extra.some((c) => c.trim() !== "")) errors.push({ line, message: m.tooManyColumns });
  if (cells.some(isUndecodable)) errors.push({ line, message: v.forbiddenCharacter });
  const title = (cells[0] ?? "").trim();
  const category = (cells[1] ?? "").trim();
  const note = cells[3] ?? "";
  if (title === "") errors.push({ line, message: v.itemTitleRequired });
  else if (title.length > NAME_MAX) errors.push({ line, message: m.columnTooLong(TITLE, NAME_MAX) });
  if (category === "") errors.push({ line, message: v.categoryRequired });
  else if (category.length > NAME_MAX) errors.push({ line, message: m.columnTooLong(CATEGORY, NAME_MAX) });
  const stockCell = (cells[2] ?? "").trim();
  // "-2" is a number, just not one of units: say so rather than the form's "not a number".
  const stock = NEGATIVE_WHOLE.test(stockCell) ? m.negativeStock : readStock(stockCell);
  if (typeof stock === "string") errors.push({ line, message: stock });
  if (note.length > NOTE_MAX) errors.push({ line, message: m.columnTooLong(NOTE, NOTE_MAX) });
  if (errors.length > before || typeof stock === "string") return undefined;
  return { line, title, category, stock, note };
}

const NEGATIVE_WHOLE = /^[-－−]\s*[0-9０-９]+$/;

/** The template's example row, left in by whoever filled the template in (a note cell may be dropped). */
function isTemplateSample(cells: string[]): boolean {
  const trimmed = cells.map((c) => c.trim());
  while (trimmed.length > ITEM_CSV_SAMPLE.length && trimmed.at(-1) === "") trimmed.pop();
  return trimmed.length === ITEM_CSV_SAMPLE.length && trimmed.every((c, i) => c === ITEM_CSV_SAMPLE[i]);
}

/** The data rows of a CSV file after its header: cells and the file line each starts on. */
export interface CsvDataRow {
  cells: string[];
  line: number;
}

export type CsvDataResult =
  | { ok: true; data: CsvDataRow[]; skippedSamples: number }
  | { ok: false; status: 400 | 413; detail: string; errors: ImportRowError[] };

/**
 * What every import reads the same way: decoding, quoted fields (commas, quotes, line breaks), the header,
 * blank rows, the template's example rows and the row limit. Line breaks (CRLF, CR) are normalised to LF,
 * inside quoted fields too.
 */
export async function readCsvData(
  bytes: Buffer,
  file: { headerOk: (cells: string[]) => boolean; badHeader: string; isSample: (cells: string[]) => boolean },
): Promise<CsvDataResult> {
  const text = decodeCsv(bytes).replace(/\r\n?/g, "\n");
  let records: CsvRecord[];
  try {
    records = await parseRecords(text);
  } catch (err) {
    const line = Number((err as { lines?: unknown }).lines) || 1;
    return { ok: false, status: 400, detail: m.failed, errors: [{ line, message: m.unreadable }] };
  }
  const first = records[0];
  if (!first || !file.headerOk(first.record)) {
    return { ok: false, status: 400, detail: m.failed, errors: [{ line: 1, message: file.badHeader }] };
  }
  const data: CsvDataRow[] = [];
  let skippedSamples = 0;
  for (const [i, r] of records.entries()) {
    if (i === 0 || !r.record.some((cell) => cell.trim() !== "")) continue;
    if (file.isSample(r.record)) {
      skippedSamples++;
    } else {
      // A record ends on info.lines; it started as many lines earlier as its quoted cells hold line breaks.
      const line = r.info.lines - r.record.reduce((n, c) => n + countNewlines(c), 0);
      data.push({ cells: r.record, line });
    }
    if (i % ROWS_PER_TURN === 0) await yieldToEventLoop();
  }
  if (data.length > CSV_MAX_ROWS) return { ok: false, status: 413, detail: m.tooManyRows, errors: [] };
  if (data.length === 0) {
    return { ok: false, status: 400, detail: m.failed, errors: [{ line: 2, message: m.noRows }] };
  }
  return { ok: true, data, skippedSamples };
}

/**
 * Reads an item CSV: what every import reads (readCsvData), then every per-row rule that needs no database.
 * Cells are kept as text: a cell such as `=SUM(A1)` is stored exactly so, never evaluated.
 */
export async function readItemCsv(bytes: Buffer): Promise<CsvReadResult> {
  const read = await readCsvData(bytes, { headerOk, badHeader: m.badHeader, isSample: isTemplateSample });
  if (!read.ok) return read;
  const { data, skippedSamples } = read;
  const errors: ImportRowError[] = [];
  const rows: CsvItemRow[] = [];
  const firstLineOfTitle = new Map<string, number>();
  for (const [i, { cells, line }] of data.entries()) {
    if (i > 0 && i % ROWS_PER_TURN === 0) await yieldToEventLoop();
    const row = readRow(cells, line, errors);
    if (!row) continue;
    const key = row.title.toLowerCase();
    const seen = firstLineOfTitle.get(key);
    if (seen !== undefined) {
      errors.push({ line, message: m.duplicateInFile(seen) });
      continue;
    }
    firstLineOfTitle.set(key, line);
    rows.push(row);
  }
  if (errors.length > 0) return { ok: false, status: 400, detail: m.failed, errors };
  return { ok: true, rows, skippedSamples };
}

interface CsvRecord {
  record: string[];
  info: { lines: number };
}

/** Bytes handed to the parser at a time; the event loop runs between two pieces. */
const PARSE_CHUNK = 16 * 1024;

/**
 * Parses in pieces, yielding to the event loop between them, so a 5 MB file does not block the process
 * for the whole parse (csv-parse keeps its state across pieces, multi-byte characters included).
 */
async function parseRecords(text: string): Promise<CsvRecord[]> {
  const parser = parse({
    relax_column_count: true,
    // A quote inside an unquoted cell (=HYPERLINK("x") typed by hand) is kept as text.
    relax_quotes: true,
    skip_empty_lines: true,
    record_delimiter: "\n",
    // With `info`, each record comes as {record, info}; info.lines is the line the record ends on.
    info: true,
  });
  const records: CsvRecord[] = [];
  let failure: unknown;
  parser.on("readable", () => {
    for (let r = parser.read(); r !== null; r = parser.read()) records.push(r as CsvRecord);
  });
  const finished = new Promise<void>((resolve) => {
    parser.once("end", resolve);
    parser.once("error", (err) => {
      failure = err;
      resolve();
    });
  });
  const bytes = Buffer.from(text, "utf8");
  for (let i = 0; i < bytes.length && failure === undefined; i += PARSE_CHUNK) {
    parser.write(bytes.subarray(i, i + PARSE_CHUNK));
    await yieldToEventLoop();
  }
  if (failure === undefined) parser.end();
  await finished;
  if (failure !== undefined) throw failure;
  return records;
}

function countNewlines(s: string): number {
  let n = 0;
  for (let i = s.indexOf("\n"); i !== -1; i = s.indexOf("\n", i + 1)) n++;
  return n;
}
