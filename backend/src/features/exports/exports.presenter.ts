import { formatDateTime } from "@zaiko/common/dates";
import { ja } from "@zaiko/common/messages/ja";
import { wallClockIn } from "@zaiko/common/zonedTime";
import ExcelJS from "exceljs";
import type { ExportCase, ExportRow } from "./exports.queries";
import type { ExportLine } from "./sheetRows.presenter";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** Excel's spelling of the product's display format YYYY年MM月DD日 HH:mm. */
export const EXCEL_DATE_FORMAT = "yyyy年mm月dd日 hh:mm";
/** The header row (1-based); rows above it hold the title and the period. */
export const HEADER_ROW = 4;

const c = ja.exports.columns;
const COLUMNS: { key: keyof ExportRow; header: string; width: number; date?: boolean }[] = [
  { key: "itemTitle", header: c.item, width: 32 },
  { key: "quantity", header: c.quantity, width: 8 },
  { key: "categoryName", header: c.category, width: 20 },
  { key: "startDate", header: c.start, width: 22, date: true },
  { key: "endDate", header: c.end, width: 22, date: true },
  { key: "issue", header: c.issue, width: 22, date: true },
  { key: "receive", header: c.receive, width: 22, date: true },
  { key: "note", header: c.note, width: 40 },
];

const CELL_MAX = 32_767;
/** A set's parts are indented under it by this many Excel indent steps. */
export const PART_INDENT = 1;

/** Drops what XML 1.0 forbids (control characters, lone surrogates, U+FFFE/U+FFFF): one would corrupt the file. */
function xmlSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const control = code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;
    const loneSurrogate = code >= 0xd800 && code <= 0xdfff;
    if (!control && !loneSurrogate && code !== 0xfffe && code !== 0xffff) out += ch;
  }
  return out;
}

/** Text as a plain string cell (never a formula object, whatever it starts with); Excel holds 32,767 characters. */
function textCell(value: string): string {
  return xmlSafe(value).slice(0, CELL_MAX);
}

function cellValue(row: ExportRow, column: (typeof COLUMNS)[number], zone: string): ExcelJS.CellValue {
  const value = row[column.key];
  if (value === null || value === undefined) return null;
  // Excel dates have no zone and exceljs reads a Date's UTC fields: the cell gets the business zone's wall
  // clock in them, so Excel shows business time wherever the file is opened.
  if (value instanceof Date) return wallClockIn(value.getTime(), zone);
  if (typeof value === "number") return value;
  return textCell(String(value));
}

/** A set line's row: its title in bold and its number of sets (a number shown as 「2セット」). */
function addSetRow(sheet: ExcelJS.Worksheet, line: Extract<ExportLine, { kind: "set" }>): void {
  const added = sheet.addRow([textCell(line.title), line.sets, line.categoryName ?? null]);
  added.getCell(1).font = { bold: true };
  added.getCell(2).numFmt = ja.exports.setsFormat;
}

function addItemRow(sheet: ExcelJS.Worksheet, row: ExportRow, zone: string, indent: number): void {
  const added = sheet.addRow(COLUMNS.map((col) => cellValue(row, col, zone)));
  COLUMNS.forEach((col, i) => {
    if (col.date) added.getCell(i + 1).numFmt = EXCEL_DATE_FORMAT;
  });
  if (indent > 0) added.getCell(1).alignment = { indent };
  added.getCell(COLUMNS.findIndex((col) => col.key === "note") + 1).alignment = {
    wrapText: true,
    vertical: "top",
  };
}

/**
 * The case's shipped items as an .xlsx file: title, period, a frozen bold header, then each set line (bold,
 * its number of sets) with its parts indented under it, then one row per order item's units booked alone.
 * Times are the business zone's (`zone`, the server's BUSINESS_TIME_ZONE).
 */
export async function presentWorkbook(
  workCase: ExportCase,
  lines: ExportLine[],
  zone: string,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = ja.app.title;
  const sheet = workbook.addWorksheet(ja.exports.sheetName, {
    views: [{ state: "frozen", ySplit: HEADER_ROW }],
  });
  sheet.columns = COLUMNS.map((col) => ({ key: col.key, width: col.width }));

  const title = sheet.getCell(1, 1);
  title.value = textCell(workCase.title);
  title.font = { bold: true, size: 14 };
  sheet.getCell(2, 1).value = ja.exports.period(
    formatDateTime(workCase.startDate, zone) ?? "",
    formatDateTime(workCase.endDate, zone) ?? "",
  );

  const header = sheet.getRow(HEADER_ROW);
  header.values = COLUMNS.map((col) => col.header);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.border = { bottom: { style: "thin" } };
  });

  for (const line of lines) {
    if (line.kind === "set") addSetRow(sheet, line);
    else addItemRow(sheet, line.row, zone, line.kind === "part" ? PART_INDENT : 0);
  }

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
