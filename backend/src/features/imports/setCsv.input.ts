import type { ImportRowError } from "@zaiko/common/catalogue/catalogue.schema";
import { readWholeNumber } from "@zaiko/common/input";
import { NAME_MAX, STOCK_MAX } from "@zaiko/common/limits";
import { ja } from "@zaiko/common/messages/ja";
import { SET_CSV_HEADER, SET_CSV_SAMPLES, SET_PARTS_MAX } from "@zaiko/common/sets/sets.schema";
import { isUndecodable, readCsvData } from "./csvFile.input";

/** One part row of a set, with the file line it starts on. */
export interface CsvSetPart {
  line: number;
  item: string;
  quantity: number;
}

/** A set as the file describes it: the rows sharing its name (first spelling), category and parts. */
export interface CsvSet {
  /** The line of its first row. */
  line: number;
  title: string;
  category: string;
  parts: CsvSetPart[];
}

export type SetCsvReadResult =
  | { ok: true; sets: CsvSet[]; parts: number; skippedSamples: number }
  | { ok: false; status: 400 | 413; detail: string; errors: ImportRowError[] };

const m = ja.imports;
const s = ja.sets;
const v = ja.validation;
const [TITLE, CATEGORY, ITEM] = SET_CSV_HEADER;
/** Names compare as the unique indexes of sets, categories and items do: ignoring case. */
const key = (name: string) => name.toLowerCase();

function headerOk(cells: string[]): boolean {
  const names = cells.map((c) => c.trim());
  while (names.length > 0 && names[names.length - 1] === "") names.pop();
  return names.length === SET_CSV_HEADER.length && names.every((name, i) => name === SET_CSV_HEADER[i]);
}

function isTemplateSample(cells: string[]): boolean {
  const trimmed = cells.map((c) => c.trim());
  while (trimmed.length > SET_CSV_HEADER.length && trimmed.at(-1) === "") trimmed.pop();
  return SET_CSV_SAMPLES.some(
    (sample) => trimmed.length === sample.length && trimmed.every((c, i) => c === sample[i]),
  );
}

function nameCell(
  cell: string | undefined,
  column: string,
  required: string,
  line: number,
  errors: ImportRowError[],
) {
  const name = (cell ?? "").trim();
  if (name === "") errors.push({ line, message: required });
  else if (name.length > NAME_MAX) errors.push({ line, message: m.columnTooLong(column, NAME_MAX) });
  return name;
}

/** Checks one record by itself; pushes its errors and returns the row when it has none. */
function readRow(cells: string[], line: number, errors: ImportRowError[]) {
  const before = errors.length;
  if (cells.slice(SET_CSV_HEADER.length).some((c) => c.trim() !== ""))
    errors.push({ line, message: s.importTooManyColumns });
  if (cells.some(isUndecodable)) errors.push({ line, message: v.forbiddenCharacter });
  const title = nameCell(cells[0], TITLE, s.titleRequired, line, errors);
  const category = nameCell(cells[1], CATEGORY, v.categoryRequired, line, errors);
  const item = nameCell(cells[2], ITEM, s.importItemRequired, line, errors);
  const quantity = readWholeNumber(cells[3] ?? "", 1, STOCK_MAX);
  if (typeof quantity !== "number") errors.push({ line, message: s.partQuantity });
  if (errors.length > before || typeof quantity !== "number") return undefined;
  return { title, category, part: { line, item, quantity } };
}

/**
 * Reads a set CSV: what every import reads (readCsvData), each row's own rules, then the rows grouped into
 * sets by name: a set's rows must name one category, no item twice, at most SET_PARTS_MAX parts. Whether
 * the category and items exist is the service's to say (it needs the database).
 */
export async function readSetCsv(bytes: Buffer): Promise<SetCsvReadResult> {
  const read = await readCsvData(bytes, {
    headerOk,
    badHeader: s.importBadHeader,
    isSample: isTemplateSample,
  });
  if (!read.ok) return read;
  const errors: ImportRowError[] = [];
  const sets = new Map<string, CsvSet>();
  const partLines = new Map<CsvSet, Map<string, number>>();
  let parts = 0;
  for (const { cells, line } of read.data) {
    const row = readRow(cells, line, errors);
    if (!row) continue;
    let set = sets.get(key(row.title));
    if (!set) {
      set = { line, title: row.title, category: row.category, parts: [] };
      sets.set(key(row.title), set);
      partLines.set(set, new Map());
    } else if (key(set.category) !== key(row.category)) {
      errors.push({ line, message: s.importOtherCategory(set.category, set.line) });
      continue;
    }
    const seen = partLines.get(set)!;
    const twice = seen.get(key(row.part.item));
    if (twice !== undefined) {
      errors.push({ line, message: s.importPartTwice(row.part.item, twice) });
      continue;
    }
    if (set.parts.length === SET_PARTS_MAX) {
      errors.push({ line, message: s.importTooManyParts(SET_PARTS_MAX) });
      continue;
    }
    seen.set(key(row.part.item), line);
    set.parts.push(row.part);
    parts++;
  }
  if (errors.length > 0) return { ok: false, status: 400, detail: m.failed, errors };
  return { ok: true, sets: [...sets.values()], parts, skippedSamples: read.skippedSamples };
}
