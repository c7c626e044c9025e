#!/usr/bin/env node
// `npm test`: installs on a fresh clone (ensureInstalled.mjs, shared with `npm start`), builds what the
// browser journeys serve, runs every jest project (unit, property, API on PGlite and PostgreSQL, sockets,
// components, browser), and ends with one plain "N passed, N failed" line.
import { execSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstalled } from "./ensureInstalled.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
ensureInstalled(root, "test");
execSync("npm run build", { cwd: root, stdio: "inherit" });

mkdirSync(path.join(root, "test-results"), { recursive: true });
const report = path.join(root, "test-results/jest.json");
const args = ["jest", "--ci", "--json", `--outputFile=${report}`, ...process.argv.slice(2)];
const result = spawnSync("npx", args, { cwd: root, stdio: "inherit", env: process.env });

try {
  const r = JSON.parse(readFileSync(report, "utf8"));
  const skipped = r.numPendingTests + r.numTodoTests;
  console.info(`\n${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`);
} catch {
  console.info("\n0 passed, 1 failed (jest wrote no report)");
}
process.exit(result.status ?? 1);
