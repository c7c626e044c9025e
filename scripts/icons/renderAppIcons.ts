/**
 * The installed app's icons (docs/frontend.md, "Installable app"): PNGs drawn once from the SVGs beside this
 * script by Debian's Chromium (playwright-core, which downloads no browser), committed under
 * frontend/public/icons/. Run again after changing an SVG:
 *
 *   node -r esbuild-register scripts/icons/renderAppIcons.ts
 *
 * app-icon.svg is the favicon's box on the theme's primary blue with rounded corners ("any": shown as is);
 * app-icon-maskable.svg fills the square edge to edge with the box inside the central 80 % circle, so that
 * a launcher's circle, squircle or rounded square cuts only background ("maskable").
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const ROOT = path.resolve(__dirname, "../..");
const OUT = path.join(ROOT, "frontend/public/icons");
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

const ICONS: { svg: string; size: number; file: string }[] = [
  { svg: "app-icon.svg", size: 192, file: "icon-192.png" },
  { svg: "app-icon.svg", size: 512, file: "icon-512.png" },
  { svg: "app-icon-maskable.svg", size: 512, file: "icon-maskable-512.png" },
  // iOS ignores the manifest's icons: <link rel="apple-touch-icon">, drawn full-bleed as iOS rounds it itself.
  { svg: "app-icon-maskable.svg", size: 180, file: "apple-touch-icon-180.png" },
];

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true });
  try {
    for (const icon of ICONS) {
      const svg = readFileSync(path.join(__dirname, icon.svg), "utf8");
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      await page.setContent(
        `<html><body style="margin:0;background:transparent"><img alt="" width="${icon.size}" height="${icon.size}" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}"></body></html>`,
      );
      // Runs in the page (scripts are type-checked without the DOM library).
      await page.locator("img").evaluate((img) => (img as unknown as { decode(): Promise<void> }).decode());
      await page.screenshot({ path: path.join(OUT, icon.file), omitBackground: true });
      await page.close();
      console.info(`${icon.file} (${icon.size}×${icon.size})`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
