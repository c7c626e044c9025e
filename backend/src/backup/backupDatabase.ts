import { existsSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { Database } from "../db/client";
import type { Target } from "./restore";
import { inTransaction, pgliteDir, withPgliteDirectory, withPostgresSnapshot } from "./snapshot";
import { type BackupResult, type Progress, writeBackup } from "./writeBackup";

/**
 * A backup of a database no server of this process holds: PostgreSQL through a snapshot transaction, or
 * the embedded database of a data directory no server is running on (DataDirBusyError if one is).
 */
export async function backupDatabase(
  source: Target,
  file: string,
  onProgress?: (p: Progress) => void,
): Promise<BackupResult> {
  if (source.kind === "pg") {
    return withPostgresSnapshot(source.url, (session) =>
      writeBackup({ session, source: "pg", file, onProgress }),
    );
  }
  if (!existsSync(pgliteDir(source.dataDir))) throw new Error(`no embedded database in ${source.dataDir}`);
  return withPgliteDirectory(source.dataDir, { create: false }, (db) =>
    inTransaction(db, (session) => writeBackup({ session, source: "pglite", file, onProgress })),
  );
}

/**
 * The worker's entry: the bundle's copyWorker.js beside main.js (backend/build.mjs), or from the sources
 * (tests, `npm run dev`, the CLI), the .ts file through esbuild-register.
 */
function copyWorkerEntry(): { file: string; execArgv: string[] } {
  const bundled = path.join(__dirname, "copyWorker.js");
  if (existsSync(bundled)) return { file: bundled, execArgv: [] };
  return { file: path.join(__dirname, "copyWorker.ts"), execArgv: ["-r", "esbuild-register"] };
}

type WorkerReply =
  | { progress: Progress }
  | { done: Omit<BackupResult, "checksums"> & { checksums: [string, { rows: number; sha256: string }][] } }
  | { error: string; code?: string };

/**
 * A backup of the embedded database this process serves: a dump of its data directory between two
 * transactions (requests wait only for that), opened as an in-memory copy in a worker thread and read
 * there, so the server's thread goes on serving (copyWorker.ts).
 */
export async function backupServedPglite(
  database: Database,
  file: string,
  onProgress?: (p: Progress) => void,
): Promise<BackupResult> {
  if (!database.dumpSnapshot) throw new Error("this database cannot be dumped from inside the process");
  // The Blob goes to the worker as it is (its bytes are shared, not copied on this thread).
  const dumpStarted = performance.now();
  const dump = await database.dumpSnapshot();
  const pauseSeconds = (performance.now() - dumpStarted) / 1000;
  const entry = copyWorkerEntry();
  const worker = new Worker(entry.file, {
    workerData: { dump, file: path.resolve(file) },
    execArgv: entry.execArgv,
  });
  try {
    return await new Promise<BackupResult>((resolve, reject) => {
      worker.on("message", (reply: WorkerReply) => {
        if ("progress" in reply) onProgress?.(reply.progress);
        else if ("done" in reply)
          resolve({ ...reply.done, pauseSeconds, checksums: new Map(reply.done.checksums) });
        else reject(Object.assign(new Error(reply.error), { code: reply.code }));
      });
      worker.once("error", reject);
      worker.once("exit", (code) => reject(new Error(`the backup worker exited with ${code}`)));
    });
  } finally {
    await worker.terminate();
  }
}
