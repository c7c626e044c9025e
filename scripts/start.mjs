#!/usr/bin/env node
// `npm start`: on a fresh clone installs dependencies, builds the client and server when their sources
// changed, then serves (migrations run at server start-up). Uses only Node built-ins until installed.
import { execSync, spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureInstalled } from "./ensureInstalled.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const run = (cmd) => execSync(cmd, { cwd: root, stdio: "inherit", env: process.env });

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist") continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

ensureInstalled(root, "start");

const common = newestMtime(path.join(root, "common"));
const clientBuilt = mtime(path.join(root, "frontend/dist/index.html"));
if (clientBuilt < Math.max(common, newestMtime(path.join(root, "frontend")))) {
  console.info("[start] building the web client…");
  run("npm run build -w frontend");
}
const serverBuilt = mtime(path.join(root, "backend/dist/main.js"));
if (serverBuilt < Math.max(common, newestMtime(path.join(root, "backend")))) {
  console.info("[start] building the server…");
  run("npm run build -w backend");
}

// --max-semi-space-size: see docs/operations.md (the same flag in the Dockerfile and the test processes).
const serverFlags = ["--enable-source-maps", "--max-semi-space-size=32"];
const server = spawn(process.execPath, [...serverFlags, path.join(root, "backend/dist/main.js")], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
