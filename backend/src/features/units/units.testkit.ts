import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { UnitDto } from "@zaiko/common/units/units.schema";
import jsQR from "jsqr";
import request from "supertest";
import type { RunningServer } from "../../server";
import { bearer, type Session } from "../../test/api";

/** Turns 個体管理 on for an item (prefix given), answering its units. */
export async function track(
  server: RunningServer,
  s: Session,
  item: number,
  prefix: string,
): Promise<UnitDto[]> {
  const res = await request(server.url)
    .post("/api/units/tracking/")
    .set(bearer(s))
    .send({ item, tracked: true, prefix });
  if (res.status !== 200) throw new Error(`tracking: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The text of a PDF (poppler's pdftotext). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), "labels-"));
  try {
    writeFileSync(path.join(dir, "l.pdf"), pdf);
    return execFileSync("pdftotext", ["-raw", path.join(dir, "l.pdf"), "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Reads a binary PGM (P5) as pdftoppm writes it. */
function readPgm(data: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  const header = data.subarray(0, 64).toString("latin1");
  const m = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(header);
  if (!m) throw new Error("not a PGM");
  const width = Number(m[1]);
  const height = Number(m[2]);
  const pixels = data.subarray(m[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const v = pixels[i]!;
    rgba[i * 4] = v;
    rgba[i * 4 + 1] = v;
    rgba[i * 4 + 2] = v;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/**
 * Decodes the QR codes of each label: every page is rendered (pdftoppm, grey) and cut into the sheet's grid
 * cells, the left part of each cell (where the QR is) decoded with jsQR. Empty cells give nothing.
 */
export function decodeLabelQrs(
  pdf: Buffer,
  grid: {
    columns: number;
    rows: number;
    marginMm: [number, number];
    labelMm: [number, number];
    gapMm: [number, number];
    pageMm: [number, number];
  },
): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), "labels-"));
  try {
    writeFileSync(path.join(dir, "l.pdf"), pdf);
    execFileSync("pdftoppm", ["-r", "200", "-gray", path.join(dir, "l.pdf"), path.join(dir, "p")]);
    const found: string[] = [];
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith(".pgm"))
      .sort()) {
      const page = readPgm(readFileSync(path.join(dir, file)));
      const px = page.width / grid.pageMm[0];
      for (let r = 0; r < grid.rows; r += 1) {
        for (let c = 0; c < grid.columns; c += 1) {
          const x0 = Math.floor((grid.marginMm[0] + c * (grid.labelMm[0] + grid.gapMm[0])) * px);
          const y0 = Math.floor((grid.marginMm[1] + r * (grid.labelMm[1] + grid.gapMm[1])) * px);
          const w = Math.floor(grid.labelMm[1] * px);
          const h = Math.floor(grid.labelMm[1] * px);
          const cut = new Uint8ClampedArray(w * h * 4);
          for (let y = 0; y < h; y += 1) {
            const from = ((y0 + y) * page.width + x0) * 4;
            cut.set(page.rgba.subarray(from, from + w * 4), y * w * 4);
          }
          const code = jsQR(cut, w, h);
          if (code) found.push(code.data);
        }
      }
    }
    return found;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
