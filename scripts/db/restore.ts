/**
 * `npm run restore -- FILE [--force] [--to postgres://…|DATA_DIR]`: restores a backup into an empty
 * database (DATABASE_URL, else DATA_DIR; --to names another). The file is verified before anything is
 * written; a non-empty database is refused unless --force, which replaces everything in it.
 */

import { BackupRejected } from "../../backend/src/backup/readBackup";
import { restoreBackup, TargetNotEmpty } from "../../backend/src/backup/restore";
import { DataDirBusyError } from "../../backend/src/backup/snapshot";
import { configuredDatabase, describe, fail, parseArgs, percent, progressLine, targetOf } from "./cli";

async function main() {
  const args = parseArgs(process.argv.slice(2), ["--force"], ["--to"]);
  const [file] = args.positional;
  if (!file || args.positional.length > 1)
    fail("usage: npm run restore -- FILE [--force] [--to postgres://…|DATA_DIR]");
  const target = args.values["--to"] ? targetOf(args.values["--to"]) : configuredDatabase();
  const progress = progressLine("restore");
  try {
    const result = await restoreBackup(file, target, {
      force: args.flags.has("--force"),
      onProgress: (done, total) => progress.update(`${done}/${total} rows ${percent(done, total)}`),
    });
    progress.done();
    const migrated =
      result.from === result.to
        ? `at migration ${result.to}`
        : `migrated from ${result.from} to ${result.to}`;
    console.info(
      `restore: ${result.rows} rows in ${result.tables} tables into the ${describe(target)}, ${migrated} (${result.seconds.toFixed(1)} s)`,
    );
  } catch (err) {
    progress.done();
    if (err instanceof BackupRejected) fail(`restore refused: ${file}: ${err.message}; nothing was written`);
    if (err instanceof TargetNotEmpty) fail(`restore refused: ${err.message}; nothing was written`);
    if (err instanceof DataDirBusyError) fail(`restore refused: ${err.message}`);
    throw err;
  }
}

main().catch((err: Error) => fail(`restore failed (rolled back, nothing was written): ${err.message}`));
