import { stringify } from "csv-stringify/sync";

const FORMULA_START = /^[=+\-@\t\r]/;

/** Cells that a spreadsheet would run as a formula are prefixed with ' (DOMAIN.md, formula injection). */
export function neutraliseFormula(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** A CSV document as Excel in Japan opens it: UTF-8 with BOM, CRLF line ends, formula-safe cells. */
export function toCsv(header: string[], rows: unknown[][]): string {
  const body = stringify([header, ...rows.map((row) => row.map(neutraliseFormula))], {
    record_delimiter: "\r\n",
  });
  return `\uFEFF${body}`;
}

/** RFC 6266 / RFC 5987 attachment header that keeps non-ASCII file names intact. */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
