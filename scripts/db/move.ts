/**
 * `npm run db:move -- --to postgres://…` (or `--to DATA_DIR` for the way back): moves every row of the
 * app's database (DATABASE_URL, else DATA_DIR) into an empty one, verifies every table on both sides and
 * says what to set next. Stop the app first: writes made after the backup would not move.
 */
import { moveDatabase } from "../../backend/src/backup/move";
import { BackupRejected } from "../../backend/src/backup/readBackup";
import { TargetNotEmpty } from "../../backend/src/backup/restore";
import { DataDirBusyError } from "../../backend/src/backup/snapshot";
import { configuredDatabase, describe, fail, mib, parseArgs, percent, progressLine, targetOf } from "./cli";

async function main() {
  const args = parseArgs(process.argv.slice(2), [], ["--to"]);
  const to = args.values["--to"];
  if (!to || args.positional.length) fail("usage: npm run db:move -- --to postgres://…|DATA_DIR");
  const from = configuredDatabase();
  const target = targetOf(to);
  if (JSON.stringify(from) === JSON.stringify(target)) fail("db:move: the target is the app's own database");
  const backupProgress = progressLine("db:move backup");
  const restoreProgress = progressLine("db:move restore");
  try {
    const r = await moveDatabase(from, target, {
      onBackupProgress: (p) =>
        backupProgress.update(`${p.rowsDone}/${p.rowsTotal} rows ${percent(p.rowsDone, p.rowsTotal)}`),
      onRestoreProgress: (done, total) =>
        restoreProgress.update(`${done}/${total} rows ${percent(done, total)}`),
    });
    backupProgress.done();
    console.info(
      `db:move: ${r.backup.rows} rows in ${r.tablesVerified} tables moved from the ${describe(from)} to the ${describe(target)} and verified (row counts and checksums equal) in ${r.seconds.toFixed(1)} s; the backup it went through: ${r.file} (${mib(r.backup.bytes)})`,
    );
    console.info(nextSteps(from, target));
  } catch (err) {
    if (err instanceof DataDirBusyError) fail(`db:move: stop the app first: ${err.message.split(";")[0]}`);
    if (err instanceof BackupRejected || err instanceof TargetNotEmpty)
      fail(`db:move refused: ${err.message}; nothing was written`);
    throw err;
  }
}

function nextSteps(from: ReturnType<typeof targetOf>, target: ReturnType<typeof targetOf>): string {
  const lines = ["Next:"];
  if (target.kind === "pg") {
    lines.push(
      `  - set DATABASE_URL=${target.url.replace(/:[^:@/]*@/, ":***@")} for every app process`,
      "  - set JWT_SECRET and CSRF_SECRET (the app refuses to start on PostgreSQL without them; e.g. `openssl rand -hex 32`).",
      from.kind === "pglite"
        ? `    To keep sessions valid, reuse the embedded default's: JWT_SECRET=$(cat ${from.dataDir}/.jwt_secret) CSRF_SECRET=$(cat ${from.dataDir}/.csrf_secret); with new ones, everyone signs in again (passwords are unchanged).`
        : "    Keep the values the app used so far, or everyone signs in again (passwords are unchanged).",
    );
  } else {
    lines.push(
      `  - unset DATABASE_URL and set DATA_DIR=${target.dataDir}`,
      "  - JWT_SECRET and CSRF_SECRET: keep setting the current ones to keep sessions; without them the app generates new ones in DATA_DIR and everyone signs in again (passwords are unchanged).",
    );
  }
  lines.push("  - then start the app (npm start); the old database is left as it was.");
  return lines.join("\n");
}

main().catch((err: Error) => fail(`db:move failed: ${err.message}`));
