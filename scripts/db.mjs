#!/usr/bin/env node
// `npm run backup | restore | db:move`: installs dependencies on a fresh clone (as `npm start` does), then
// runs the command from its TypeScript sources (esbuild-register, as seed-demo), so no build is needed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstalled } from "./ensureInstalled.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [command, ...args] = process.argv.slice(2);
const entries = { backup: "backup.ts", restore: "restore.ts", move: "move.ts" };
if (!entries[command]) {
  console.error(`usage: node scripts/db.mjs ${Object.keys(entries).join("|")} [options]`);
  process.exit(2);
}
ensureInstalled(root, command);
const result = spawnSync(
  process.execPath,
  ["-r", "esbuild-register", path.join(root, "scripts/db", entries[command]), ...args],
  { stdio: "inherit", env: process.env },
);
process.exit(result.status ?? 1);
