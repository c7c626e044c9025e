import { Client } from "pg";
import { APP_SCHEMA, countAllRows, listTables } from "./catalog";
import type { RowValues, SequenceState, TableStart } from "./format";
import { applyMigrations } from "./migrations";
import { BackupRejected, migrationOfBackup, readBackup } from "./readBackup";
import { inTransaction, withPgliteDirectory } from "./snapshot";
import { CANONICAL_SETTINGS, ident, pgSession, type SqlSession } from "./sqlSession";

/** Where a restore or a move writes: PostgreSQL by URL, or the embedded database of a data directory. */
export type Target = { kind: "pg"; url: string } | { kind: "pglite"; dataDir: string };

/** The target holds data and --force was not given; nothing was written. */
export class TargetNotEmpty extends Error {}

export interface RestoreResult {
  rows: number;
  tables: number;
  seconds: number;
  /** The backup's migration, and the one the database is at now (later ones were applied after loading). */
  from: string;
  to: string;
}

/** Most parameters PostgreSQL takes in one statement is 65,535; a batch stays well under. */
const MAX_PARAMS = 30_000;

/**
 * Restores a backup into `target`, all or nothing. The whole file is verified first (checksums, format,
 * migration), before the target is even opened, so a bad file writes nothing. Then in ONE transaction:
 * the schema is built at the backup's migration, the rows are inserted table by table in file order
 * (parents first), sequences are set past their tables' ids, and the migrations that came after the
 * backup are applied. A target with rows is refused unless `force`, which replaces its schema wholesale.
 */
export async function restoreBackup(
  file: string,
  target: Target,
  opts: { force?: boolean; onProgress?: (rowsDone: number, rowsTotal: number) => void } = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const summary = await readBackup(file);
  const { at, latest } = migrationOfBackup(summary.header);
  const load = async (session: SqlSession) => {
    const present = await countAllRows(session);
    if (present.rows > 0 && !opts.force) {
      throw new TargetNotEmpty(
        `the target database is not empty (${present.rows} rows in ${present.tables} tables): restore into an empty one, or pass --force to replace everything in it`,
      );
    }
    await resetSchemas(session);
    await applyMigrations(session, { after: 0, upTo: at.folderMillis });
    const targetTables = new Map((await listTables(session)).map((t) => [t.name, t]));
    for (const name of targetTables.keys()) {
      await session.exec(`ALTER TABLE ${ident(APP_SCHEMA)}.${ident(name)} DISABLE TRIGGER USER`);
    }
    let rowsDone = 0;
    await readBackup(file, {
      tableStart: async (table) => {
        const there = targetTables.get(table.table);
        const columns = new Map(there?.columns.map((c) => [c.name, c.type]));
        const unfit = table.columns.find((c) => columns.get(c.name) !== c.type);
        if (!there || unfit) {
          throw new BackupRejected(
            `table ${table.table} of the backup does not fit the schema of its migration ${at.tag}${unfit ? ` (column ${unfit.name})` : ""}`,
          );
        }
      },
      rows: async (table, rows) => {
        await insertRows(session, table, rows);
        rowsDone += rows.length;
        opts.onProgress?.(rowsDone, summary.rows);
      },
      sequences: (sequences) => setSequences(session, sequences),
    });
    for (const name of targetTables.keys()) {
      await session.exec(`ALTER TABLE ${ident(APP_SCHEMA)}.${ident(name)} ENABLE TRIGGER USER`);
    }
    await applyMigrations(session, { after: at.folderMillis, upTo: Number.MAX_SAFE_INTEGER });
  };
  await inTargetTransaction(target, load);
  return {
    rows: summary.rows,
    tables: summary.tables.size,
    seconds: (performance.now() - started) / 1000,
    from: at.tag,
    to: latest.tag,
  };
}

/** Runs `fn` in one transaction on the target (a connection of its own, or the data directory, locked). */
export async function inTargetTransaction<T>(target: Target, fn: (s: SqlSession) => Promise<T>): Promise<T> {
  if (target.kind === "pglite") {
    return withPgliteDirectory(target.dataDir, { create: true }, (db) => inTransaction(db, fn));
  }
  const client = new Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(CANONICAL_SETTINGS);
    const result = await fn(pgSession(client));
    await client.query("COMMIT");
    return result;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * An empty target may still have the app's schema (the app was started on it once), perhaps at a newer
 * migration than the backup's: the schema is rebuilt from the backup's migration either way. Dropping the
 * schema is part of the restore's transaction, so a failed restore leaves it as it was.
 */
async function resetSchemas(session: SqlSession): Promise<void> {
  const [existing] = await session.query<{ app: boolean; drizzle: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'S', 'v', 'm')) AS app,
            EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'drizzle') AS drizzle`,
    [APP_SCHEMA],
  );
  if (existing?.app)
    await session.exec(`DROP SCHEMA ${ident(APP_SCHEMA)} CASCADE; CREATE SCHEMA ${ident(APP_SCHEMA)}`);
  if (existing?.drizzle) await session.exec(`DROP SCHEMA "drizzle" CASCADE`);
}

/** Multi-row INSERTs with every value cast from its text form to the column's type. */
async function insertRows(session: SqlSession, table: TableStart, rows: RowValues[]): Promise<void> {
  const names = table.columns.map((c) => ident(c.name)).join(", ");
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / Math.max(1, table.columns.length)));
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: (string | null)[] = [];
    const tuples = chunk.map((row) => {
      const cells = row.map((value, i) => {
        params.push(value);
        return `$${params.length}::${table.columns[i]!.type}`;
      });
      return `(${cells.join(", ")})`;
    });
    // OVERRIDING SYSTEM VALUE: identity columns take the backup's ids too (serial columns do anyway).
    await session.query(
      `INSERT INTO ${ident(APP_SCHEMA)}.${ident(table.table)} (${names}) OVERRIDING SYSTEM VALUE VALUES ${tuples.join(", ")}`,
      params,
    );
  }
}

/**
 * Every sequence of the backup continues where the source's was, and never at or below an id its table
 * holds (a sequence read a moment before its table's last insert would be behind).
 */
async function setSequences(session: SqlSession, sequences: SequenceState[]): Promise<void> {
  for (const seq of sequences) {
    const [r] = await session.query<{ max: string | null }>(
      `SELECT max(${ident(seq.column)})::text AS max FROM ${ident(APP_SCHEMA)}.${ident(seq.table)}`,
    );
    const highest = r?.max == null ? 0n : BigInt(r.max);
    const source = BigInt(seq.last_value);
    const used = seq.is_called ? source : source - 1n;
    const value = used > highest ? used : highest;
    const name = `${ident(APP_SCHEMA)}.${ident(seq.name)}`;
    if (value < 1n) await session.query(`SELECT setval($1::regclass, 1, false)`, [name]);
    else await session.query(`SELECT setval($1::regclass, $2::bigint, true)`, [name, value.toString()]);
  }
}
