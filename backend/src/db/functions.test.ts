import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describeOnDatabases, openTestDatabase } from "../test/databases";
import { runMigrations } from "./migrate";

/**
 * Each SQL function has one source file, db/functions/<name>.sql; migrations are made from it
 * (`npm run db:function -w backend -- <name> <migration_name>`). A function edited in its file without a
 * migration, or a migration edited by hand, fails here.
 */
const functionsDir = path.join(__dirname, "functions");
const migrationsDir = path.join(__dirname, "migrations");
const journal: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8"),
);
const sources = readdirSync(functionsDir)
  .filter((f) => f.endsWith(".sql"))
  .map((f) => ({ name: f.replace(/\.sql$/, ""), text: readFileSync(path.join(functionsDir, f), "utf8") }));
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
    expect(sources.map((s) => s.name)).toEqual(
      expect.arrayContaining(["add_allocation_unit", "lock_allocation", "record_history"]),
    );
  });

  it.each(
    sources.map((s) => [s.name, s] as const),
  )("the latest migration that defines %s holds its source file exactly", (name, source) => {
    const defines = new RegExp(`CREATE (OR REPLACE )?FUNCTION ${name}\\(`);
    const latest = migrations.filter((m) => defines.test(m.text)).at(-1);
    expect(latest).toBeDefined();
    expect({ migration: latest!.tag, holdsSource: latest!.text.includes(source.text) }).toEqual({
      migration: latest!.tag,
      holdsSource: true,
    });
  });
});

describeOnDatabases("SQL functions after migrating", (driver) => {
  it.each(
    sources.map((s) => [s.name, s] as const),
  )("the database runs %s as its source file says", async (name, source) => {
    const database = await openTestDatabase(driver);
    try {
      await runMigrations(database);
      const rows = (await database.db.execute(
        sql`SELECT prosrc FROM pg_proc WHERE proname = ${name}`,
      )) as unknown as { rows: { prosrc: string }[] };
      expect(rows.rows.map((r) => r.prosrc)).toEqual([bodyOf(source.text)]);
    } finally {
      await database.close();
    }
  });
});
