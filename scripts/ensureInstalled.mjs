// Installs the dependencies on a fresh clone, or after package-lock.json changed, before `npm start` or
// `npm test` builds anything. Node built-ins only: nothing else is installed yet when it runs.
import { execSync } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import path from "node:path";

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Runs `npm ci` in `root` when node_modules is missing or older than the lock file. */
export function ensureInstalled(root, label) {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installedStamp = path.join(root, "node_modules/.package-lock.json");
  if (mtime(installedStamp) >= mtime(path.join(root, "package-lock.json"))) return;
  console.info(`[${label}] installing dependencies (npm ci)…`);
  execSync("npm ci --no-audit --no-fund", { cwd: root, stdio: "inherit", env: process.env });
}
