import ExcelJS from "exceljs";
import request from "supertest";
import { bearer, binaryBody, type Session } from "../../test/api";
import { HEADER_ROW } from "./exports.presenter";

/** Test helpers of the Excel export's suites. */

/** `POST /api/export-excel/` as `session`, its answer read as bytes. The server is anything with a `url`. */
export const exportExcel = (server: { url: string }, session: Session, body: unknown) =>
  request(server.url)
    .post("/api/export-excel/")
    .set(bearer(session))
    .send(body as object)
    .buffer(true)
    .parse(binaryBody);

/** The workbook's one sheet. */
export async function readSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

/** A row as [item, quantity, category, indent of the item cell, bold, quantity's number format]. */
export type SheetRow = [unknown, unknown, unknown, number, boolean, string | undefined];

/** The rows under the header. */
export async function sheetRows(file: Buffer): Promise<SheetRow[]> {
  const sheet = await readSheet(file);
  const rows: SheetRow[] = [];
  for (let r = HEADER_ROW + 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const title = row.getCell(1);
    rows.push([
      title.value,
      row.getCell(2).value,
      row.getCell(3).value,
      title.alignment?.indent ?? 0,
      title.font?.bold === true,
      row.getCell(2).numFmt,
    ]);
  }
  return rows;
}
