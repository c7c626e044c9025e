import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { link, readFile, rename, rm, stat, unlink, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

/** Who holds a data directory: written into its lock file. */
export interface LockOwner {
  pid: number;
  host: string;
  since: string;
}

/** The lock is held by a process that is alive (or that cannot be checked: another host). */
export class DataDirInUseError extends Error {}

/**
 * A lock left by the previous lock library (a directory whose mtime it refreshed): stale once that stops,
 * after the 15 s the library allowed.
 */
const LEGACY_STALE_MS = 15_000;

/** Lock files this process holds: a lock naming our own pid that is not in here is a former process's. */
const heldHere = new Set<string>();

type Found =
  | { kind: "gone" }
  | { kind: "owner"; owner: LockOwner; raw: string }
  | { kind: "legacy"; mtimeMs: number }
  | { kind: "unreadable" };

async function inspect(lockPath: string): Promise<Found> {
  try {
    const info = await stat(lockPath);
    if (info.isDirectory()) return { kind: "legacy", mtimeMs: info.mtimeMs };
    const raw = await readFile(lockPath, "utf8");
    const owner = JSON.parse(raw) as LockOwner;
    if (!Number.isInteger(owner.pid) || typeof owner.host !== "string") return { kind: "unreadable" };
    return { kind: "owner", owner, raw };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return { kind: "gone" };
    return { kind: "unreadable" };
  }
}

/**
 * A zombie: a process that has exited but that its parent has not reaped yet (Linux /proc/<pid>/stat state
 * Z). Signal 0 still reaches it, yet it holds nothing: right after a kill -9 a supervisor may restart the
 * app before it reaps the dead one. Elsewhere (no /proc) nothing is known, and the pid counts as alive.
 */
function zombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The state follows the command name, which is in parentheses and may itself hold ") ".
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) === "Z";
  } catch {
    return false;
  }
}

/** A live process with this pid exists on this host (EPERM: it exists, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
  return !zombie(pid);
}

/** Whether a found lock may be taken over: its owner is gone, which only this host can tell. */
function stale(found: Found, lockPath: string): boolean {
  if (found.kind === "legacy") return Date.now() - found.mtimeMs > LEGACY_STALE_MS;
  if (found.kind !== "owner" || found.owner.host !== hostname()) return false;
  // In a container the app is often pid 1 after every restart: our own pid is ours only if we took it.
  if (found.owner.pid === process.pid) return !heldHere.has(lockPath);
  return !alive(found.owner.pid);
}

function inUse(lockPath: string, found: Found): DataDirInUseError {
  const who =
    found.kind === "owner"
      ? `pid ${found.owner.pid} on ${found.owner.host} since ${found.owner.since}`
      : "an unknown process";
  return new DataDirInUseError(
    `in use by another process (${who}); lock file ${lockPath}. If that process is gone (another host's ` +
      "process cannot be checked from here), remove the lock file.",
  );
}

const sameLock = (a: Found, b: Found) =>
  (a.kind === "owner" && b.kind === "owner" && a.raw === b.raw) ||
  (a.kind === "legacy" && b.kind === "legacy" && a.mtimeMs === b.mtimeMs);

/** How long a start waits for a live owner to exit (a restart that overlaps the old process's shutdown). */
const WAIT_FOR_OWNER_MS = 5_000;
const POLL_MS = 100;

/**
 * Takes the lock file of a data directory, recording this process's pid and host. A lock whose process is
 * dead (or a zombie) on this host is taken over at once (a crash or kill -9 leaves one behind); while its
 * owner lives, or is on another host, the start waits up to `waitMs` for the lock to be freed and then is
 * refused with DataDirInUseError. Creation is atomic (a complete file is hard-linked into place), so a
 * reader never sees half a lock. Resolves to the function that releases it.
 */
export async function lockDataDir(
  lockPath: string,
  { waitMs = WAIT_FOR_OWNER_MS }: { waitMs?: number } = {},
): Promise<() => Promise<void>> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return await tryLock(lockPath);
    } catch (err) {
      if (!(err instanceof DataDirInUseError) || Date.now() >= deadline) throw err;
    }
    await sleep(POLL_MS);
  }
}

async function tryLock(lockPath: string): Promise<() => Promise<void>> {
  const me: LockOwner = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  const mine = JSON.stringify(me);
  const tag = () => `${process.pid}.${randomBytes(4).toString("hex")}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    const draft = `${lockPath}.${tag()}.new`;
    await writeFile(draft, mine, { mode: 0o644 });
    try {
      await link(draft, lockPath);
      heldHere.add(lockPath);
      return async () => {
        heldHere.delete(lockPath);
        const now = await inspect(lockPath);
        if (now.kind === "owner" && now.raw === mine) await unlink(lockPath).catch(() => undefined);
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    } finally {
      await unlink(draft).catch(() => undefined);
    }
    const found = await inspect(lockPath);
    if (found.kind === "gone") continue;
    if (!stale(found, lockPath)) throw inUse(lockPath, found);
    // Move the stale lock aside, then check that what moved is the lock judged stale: two processes
    // starting at once may both judge it so, and the second must not move the first one's new lock.
    const aside = `${lockPath}.${tag()}.stale`;
    try {
      await rename(lockPath, aside);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw err;
    }
    const moved = await inspect(aside);
    if (!sameLock(moved, found)) {
      // Put the other process's lock back; link fails rather than overwrite a lock made meanwhile.
      if (moved.kind === "owner") await link(aside, lockPath).catch(() => undefined);
      await rm(aside, { recursive: true, force: true });
      throw inUse(lockPath, moved);
    }
    await rm(aside, { recursive: true, force: true });
  }
  throw inUse(lockPath, await inspect(lockPath));
}
