import type { ColumnInfo, SequenceState } from "./format";
import { ident, type SqlSession } from "./sqlSession";

/** A table as the backup reads it: every stored column, and the key its rows are ordered by. */
export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  /** Primary key columns; every column when there is none. */
  key: string[];
  /** Key columns of a collatable type: ordered with COLLATE "C", so every server orders them alike. */
  collatableKey: Set<string>;
}

/** The application's schema: migrations create every table there (drizzle's bookkeeping is apart). */
export const APP_SCHEMA = "public";

/**
 * Every table of the application schema, read from the catalog (so a table added by a later migration is
 * covered without a list to keep), parents before children by their foreign keys: restore inserts in
 * file order and the constraints are checked row by row.
 */
export async function listTables(session: SqlSession): Promise<TableInfo[]> {
  const columns = await session.query<{ table: string; name: string; type: string; collatable: boolean }>(
    `SELECT c.relname AS table, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            (t.typcollation <> 0) AS collatable
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
       JOIN pg_type t ON t.oid = a.atttypid
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND a.attgenerated = ''
      ORDER BY c.relname, a.attnum`,
    [APP_SCHEMA],
  );
  const keys = await session.query<{ table: string; name: string }>(
    `SELECT c.relname AS table, a.attname AS name
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN LATERAL unnest(i.indkey) WITH ORDINALITY AS k(attnum, ord) ON true
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
      WHERE n.nspname = $1 AND i.indisprimary
      ORDER BY c.relname, k.ord`,
    [APP_SCHEMA],
  );
  const references = await session.query<{ child: string; parent: string }>(
    `SELECT DISTINCT c.relname AS child, p.relname AS parent
       FROM pg_constraint f
       JOIN pg_class c ON c.oid = f.conrelid
       JOIN pg_class p ON p.oid = f.confrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE f.contype = 'f' AND n.nspname = $1`,
    [APP_SCHEMA],
  );
  const tables = new Map<string, TableInfo>();
  for (const col of columns) {
    const table = tables.get(col.table) ?? {
      name: col.table,
      columns: [],
      key: [],
      collatableKey: new Set(),
    };
    table.columns.push({ name: col.name, type: col.type });
    tables.set(col.table, table);
  }
  for (const key of keys) tables.get(key.table)?.key.push(key.name);
  const collatable = new Set(columns.filter((c) => c.collatable).map((c) => `${c.table}.${c.name}`));
  for (const table of tables.values()) {
    if (table.key.length === 0) table.key = table.columns.map((c) => c.name);
    for (const k of table.key) if (collatable.has(`${table.name}.${k}`)) table.collatableKey.add(k);
  }
  return parentsFirst([...tables.values()], references);
}

/** Tables ordered so that a table comes after every table it references (self-references aside). */
function parentsFirst(tables: TableInfo[], references: { child: string; parent: string }[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: TableInfo[] = [];
  const state = new Map<string, "visiting" | "done">();
  const visit = (name: string) => {
    if (state.get(name)) return; // done, or a cycle: its constraints then decide, and restore fails whole
    state.set(name, "visiting");
    for (const r of references) if (r.child === name && r.parent !== name) visit(r.parent);
    state.set(name, "done");
    const table = byName.get(name);
    if (table) ordered.push(table);
  };
  for (const name of [...byName.keys()].sort()) visit(name);
  return ordered;
}

/** The SELECT that reads a table's rows in its canonical order, every value as text. */
export function selectRows(table: TableInfo): string {
  const values = table.columns.map((c) => `${ident(c.name)}::text`).join(", ");
  const order = table.key
    .map((k) => (table.collatableKey.has(k) ? `${ident(k)} COLLATE "C"` : ident(k)))
    .join(", ");
  return `SELECT ${values} FROM ${ident(APP_SCHEMA)}.${ident(table.name)} ORDER BY ${order}`;
}

/** The sequences owned by a column of the application schema (serial and identity columns), and their state. */
export async function readSequences(session: SqlSession): Promise<SequenceState[]> {
  const owned = await session.query<{ name: string; table: string; column: string }>(
    `SELECT s.relname AS name, t.relname AS table, a.attname AS column
       FROM pg_class s
       JOIN pg_namespace n ON n.oid = s.relnamespace
       JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
       JOIN pg_class t ON t.oid = d.refobjid
       JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
      WHERE s.relkind = 'S' AND n.nspname = $1
      ORDER BY s.relname`,
    [APP_SCHEMA],
  );
  const states: SequenceState[] = [];
  for (const seq of owned) {
    const [state] = await session.query<{ last_value: string; is_called: boolean }>(
      `SELECT last_value::text AS last_value, is_called FROM ${ident(APP_SCHEMA)}.${ident(seq.name)}`,
    );
    if (state) states.push({ ...seq, ...state });
  }
  return states;
}

/** Rows in every table of the application schema (0 for a database without its tables). */
export async function countAllRows(session: SqlSession): Promise<{ tables: number; rows: number }> {
  const tables = await listTables(session);
  let rows = 0;
  for (const table of tables) {
    const [r] = await session.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM ${ident(APP_SCHEMA)}.${ident(table.name)}`,
    );
    rows += Number(r?.n ?? 0);
  }
  return { tables: tables.length, rows };
}
