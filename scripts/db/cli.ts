/** What the three database commands share: where the database is, arguments, progress, the final line. */
import path from "node:path";
import type { Target } from "../../backend/src/backup/restore";

/** The app's database as the server would open it: DATABASE_URL, else the embedded one in DATA_DIR. */
export function configuredDatabase(env = process.env): Target {
  if (env.DATABASE_URL) return { kind: "pg", url: env.DATABASE_URL };
  return { kind: "pglite", dataDir: path.resolve(env.DATA_DIR || "./data") };
}

/** `postgres://…` or a data directory. */
export function targetOf(value: string): Target {
  return /^postgres(ql)?:\/\//.test(value)
    ? { kind: "pg", url: value }
    : { kind: "pglite", dataDir: path.resolve(value) };
}

/** Names a database for the terminal, without a password. */
export function describe(target: Target): string {
  if (target.kind === "pglite") return `embedded database in ${target.dataDir}`;
  try {
    const url = new URL(target.url);
    url.password = url.password ? "***" : "";
    return `PostgreSQL ${url.toString()}`;
  } catch {
    return "PostgreSQL";
  }
}

/** `--name value` options and the positional arguments. */
export function parseArgs(argv: string[], flags: string[], options: string[]) {
  const values: Record<string, string> = {};
  const set = new Set<string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (flags.includes(arg)) set.add(arg);
    else if (options.includes(arg)) {
      const value = argv[++i];
      if (value === undefined) fail(`${arg} needs a value`);
      values[arg] = value;
    } else if (arg.startsWith("--")) fail(`unknown option ${arg}`);
    else positional.push(arg);
  }
  return { values, flags: set, positional };
}

/** One line on stderr and exit 1: the operator's mistake or a refused file is not a stack trace. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** A progress reporter for the terminal: one line rewritten on a TTY, a line every 5 s otherwise. */
export function progressLine(label: string) {
  const tty = process.stderr.isTTY;
  let last = 0;
  let shown = false;
  return {
    update(text: string) {
      const now = Date.now();
      if (now - last < (tty ? 250 : 5_000)) return;
      last = now;
      shown = true;
      if (tty) process.stderr.write(`\r${label}: ${text}\x1b[K`);
      else process.stderr.write(`${label}: ${text}\n`);
    },
    done() {
      if (tty && shown) process.stderr.write("\r\x1b[K");
    },
  };
}

export const percent = (done: number, total: number) => (total ? `${Math.floor((done / total) * 100)}%` : "");

export const mib = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${(bytes / 1024).toFixed(1)} KiB`;
