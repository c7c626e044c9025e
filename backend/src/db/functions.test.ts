import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describeOnDatabases, openTestDatabase } from "../test/databases";
import { functionSources } from "./functions.testkit";
import { runMigrations } from "./migrate";

/**
 * Each SQL function has one source, its definition in db/functions/<concern>.sql; migrations are made from
 * the file (`npm run db:function -w backend -- <concern> <migration_name>`). A function edited in its file
 * without a migration, or a migration edited by hand, fails here.
 */
const migrationsDir = path.join(__dirname, "migrations");
const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
);
const sources = functionSources();
const migrations = journal.entries.map((e) => ({
  tag: e.tag,
  text: readFileSync(path.join(migrationsDir, `${e.tag}.sql`), "utf8"),
}));

/** The body between the dollar quotes, as PostgreSQL stores it (pg_proc.prosrc). */
const bodyOf = (text: string) => {
  const m = /AS \$\$([\s\S]*)\$\$/.exec(text);
  if (!m) throw new Error("no $$ body");
  return m[1]!;
};

describe("SQL functions have one source", () => {
  it("finds the function files", () => {
    expect(sources.map((s) => `${s.file}.sql: ${s.name}`)).toEqual(
      expect.arrayContaining([
        "allocation.sql: lock_allocation",
        "allocation.sql: add_allocation_unit",
        "history.sql: record_history",
      ]),
    );
  });

  it("defines each function in one file only", () => {
    const names = sources.map((s) => s.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it.each(
    sources.map((s) => [s.name, s] as const),
  )("the latest migration that defines %s holds its definition exactly", (name, source) => {
    const defines = new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`);
    const latest = migrations.filter((m) => defines.test(m.text)).at(-1);
    expect(latest).toBeDefined();
    expect({ migration: latest!.tag, holdsSource: latest!.text.includes(source.definition) }).toEqual({
      migration: latest!.tag,
      holdsSource: true,
    });
  });
});

describeOnDatabases("SQL functions after migrating", (driver) => {
  it.each(
    sources.map((s) => [s.name, s] as const),
  )("the database runs %s as its source says", async (name, source) => {
    const database = await openTestDatabase(driver);
    try {
      await runMigrations(database);
      const rows = (await database.db.execute(
        sql`SELECT prosrc FROM pg_proc WHERE proname = ${name}`,
      )) as unknown as { rows: { prosrc: string }[] };
      expect(rows.rows.map((r) => r.prosrc)).toEqual([bodyOf(source.definition)]);
    } finally {
      await database.close();
    }
  });
});
