import { ja } from "@zaiko/common/messages/ja";
import { LABEL_LAYOUTS, LABELS_PER_SHEET, type LabelLayout } from "@zaiko/common/units/units.schema";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import type { Config } from "../../config";
import { HttpError } from "../../lib/httpError";
import type { ReadDeps } from "../../lib/serviceDeps";
import type { AuthUser } from "../../middlewares/auth";
import { groupNameOf, unitsByIds } from "./units.queries";

const U = ja.units;

/**
 * The face of Debian's fonts-noto-cjk collection (scripts/ci/ensure-system-packages.sh, the Dockerfile) the
 * labels use; the file is `config.labelFontPath` (LABEL_FONT_PATH).
 */
const LABEL_FONT_FAMILY = "NotoSansCJKjp-Regular";

const MM = 72 / 25.4;

/** A sheet: page size, grid, margins and gaps, in mm. */
interface Sheet {
  page: [number, number];
  columns: number;
  rows: number;
  label: [number, number];
  margin: [number, number];
  gap: [number, number];
}

/** Common A4 label sheets (12: 2×6 of 86.4×42.3 mm, 24: 3×8 of 64×33.9 mm) and a 62×29 mm roll label. */
const SHEETS: Record<LabelLayout, Sheet> = {
  "a4-12": {
    page: [210, 297],
    columns: 2,
    rows: 6,
    label: [86.4, 42.3],
    margin: [18.6, 21.6],
    gap: [2.5, 0],
  },
  "a4-24": { page: [210, 297], columns: 3, rows: 8, label: [64, 33.9], margin: [7.2, 12.9], gap: [2.5, 0] },
  single: { page: [62, 29], columns: 1, rows: 1, label: [62, 29], margin: [0, 0], gap: [0, 0] },
};

export interface LabelRequest {
  ids: number[];
  layout: LabelLayout;
  /** 1-based position of the first label on the first sheet (a half-used sheet). */
  start: number;
}

/** Reads `?ids=1,2,3&layout=a4-12&start=1`; 400 with a Japanese message otherwise. */
export function readLabelRequest(query: Record<string, unknown>): LabelRequest {
  const ids =
    typeof query.ids === "string" && /^[0-9]{1,10}(,[0-9]{1,10}){0,999}$/.test(query.ids)
      ? [...new Set(query.ids.split(",").map(Number))]
      : [];
  if (ids.length === 0 || ids.some((id) => id < 1 || id > 2_147_483_647)) {
    throw new HttpError(400, { ids: [U.labelsNone] });
  }
  const layout = (query.layout ?? "a4-12") as LabelLayout;
  if (!LABEL_LAYOUTS.includes(layout)) throw new HttpError(400, { layout: [ja.validation.invalidValue] });
  const start = query.start === undefined ? 1 : Number(query.start);
  if (!Number.isInteger(start) || start < 1 || start > LABELS_PER_SHEET[layout]) {
    throw new HttpError(400, { start: [U.labelStartInvalid] });
  }
  return { ids, layout, start };
}

/** Draws a QR code of `text` as vector squares (sharp at any printer resolution), `size` pt wide at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  for (let r = 0; r < n; r += 1) {
    for (let c = 0; c < n; c += 1) {
      if (qr.modules.get(r, c)) doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, cell, cell);
    }
  }
  doc.fill("#000000");
}

/**
 * GET /api/units/labels/: a PDF of QR labels (docs/units.md), one per unit in the order asked, each with the
 * QR of its tag, the tag, the item name and the group name. Units of another group are a 404.
 */
export async function labelsPdf(
  deps: ReadDeps & { config: Pick<Config, "labelFontPath"> },
  actor: AuthUser,
  request: LabelRequest,
): Promise<Uint8Array> {
  const db = deps.database.db;
  const rows = await unitsByIds(db, actor.groupId, request.ids);
  if (rows.length !== request.ids.length) throw new HttpError(404, { detail: ja.errors.notFound });
  const byId = new Map(rows.map((r) => [r.id, r]));
  const units = request.ids.map((id) => byId.get(id)!);
  const group = await groupNameOf(db, actor.groupId);
  const sheet = SHEETS[request.layout];
  const perPage = sheet.columns * sheet.rows;
  const doc = new PDFDocument({
    size: [sheet.page[0] * MM, sheet.page[1] * MM],
    margin: 0,
    autoFirstPage: false,
  });
  doc.registerFont("jp", deps.config.labelFontPath, LABEL_FONT_FAMILY);
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => resolve());
    doc.on("error", reject);
  });
  let slot = request.start - 1;
  let first = true;
  for (const unit of units) {
    if (first || slot % perPage === 0) doc.addPage();
    first = false;
    const pos = slot % perPage;
    const col = pos % sheet.columns;
    const row = Math.floor(pos / sheet.columns);
    const x = (sheet.margin[0] + col * (sheet.label[0] + sheet.gap[0])) * MM;
    const y = (sheet.margin[1] + row * (sheet.label[1] + sheet.gap[1])) * MM;
    const w = sheet.label[0] * MM;
    const h = sheet.label[1] * MM;
    const pad = 2 * MM;
    const qrSize = h - pad * 2;
    drawQr(doc, unit.tag, x + pad, y + pad, qrSize);
    const tx = x + pad + qrSize + pad;
    const tw = w - (tx - x) - pad;
    doc.font("jp").fillColor("#000000");
    doc
      .fontSize(Math.min(14, h / 4))
      .text(unit.tag, tx, y + pad, { width: tw, lineBreak: false, ellipsis: true });
    doc
      .fontSize(Math.min(9, h / 6))
      .text(unit.itemTitle, tx, y + pad + h / 3, { width: tw, height: h / 3, ellipsis: true });
    doc
      .fontSize(Math.min(7, h / 8))
      .text(group, tx, y + h - pad - h / 7, { width: tw, lineBreak: false, ellipsis: true });
    slot += 1;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}
