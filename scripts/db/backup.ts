/**
 * `npm run backup [-- --out FILE]`: a consistent backup of the app's database (DATABASE_URL, else the
 * embedded one in DATA_DIR) while the app keeps serving. A running embedded server writes it through its
 * admin channel; otherwise this process reads the database itself. Format: docs/operations.md.
 */
import path from "node:path";
import { requestServerBackup } from "../../backend/src/backup/adminChannel";
import { backupDatabase } from "../../backend/src/backup/backupDatabase";
import { DataDirBusyError } from "../../backend/src/backup/snapshot";
import type { BackupResult, Progress } from "../../backend/src/backup/writeBackup";
import { configuredDatabase, describe, fail, mib, parseArgs, percent, progressLine } from "./cli";

async function main() {
  const args = parseArgs(process.argv.slice(2), [], ["--out"]);
  if (args.positional.length) fail("usage: npm run backup [-- --out FILE]");
  const file = path.resolve(
    args.values["--out"] ?? `zaiko-${new Date().toISOString().replace(/[:.]/g, "-")}.jsonl.gz`,
  );
  const source = configuredDatabase();
  const progress = progressLine("backup");
  const onProgress = (p: Progress) =>
    progress.update(`${p.rowsDone}/${p.rowsTotal} rows ${percent(p.rowsDone, p.rowsTotal)} (${p.table})`);
  let result: BackupResult | null = null;
  let via = `the ${describe(source)}`;
  if (source.kind === "pglite") {
    result = await requestServerBackup(source.dataDir, file, onProgress);
    if (result) {
      via = `the server running on ${source.dataDir} (its requests waited ${result.pauseSeconds?.toFixed(1)} s for the dump)`;
    }
  }
  try {
    result ??= await backupDatabase(source, file, onProgress);
  } catch (err) {
    if (err instanceof DataDirBusyError) {
      fail(
        `backup: ${err.message.split(";")[0]}, and its server does not answer on the admin channel (restart it with this version)`,
      );
    }
    throw err;
  }
  progress.done();
  console.info(
    `backup: ${result.file} (${mib(result.bytes)}, ${result.rows} rows in ${result.tables} tables, ${result.seconds.toFixed(1)} s) from ${via}`,
  );
}

main().catch((err: Error) => fail(`backup failed: ${err.message}`));
