// A migration made from the source file of a concern's SQL functions (src/db/functions/<concern>.sql):
// drizzle-kit writes an empty custom migration, this appends the file (all its functions) to it. Usage, from
// the repository root:
//   npm run db:function -w backend -- <concern> <migration_name>
// A signature change needs a DROP FUNCTION of the old signature above the appended text (edit the migration);
// src/db/functions.test.ts checks that the latest migration defining each function holds its definition exactly.
import { execFileSync } from "node:child_process";
import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";

const [concern, name] = process.argv.slice(2);
if (!concern || !name) {
  console.error("usage: npm run db:function -w backend -- <concern> <migration_name>");
  process.exit(2);
}
const source = readFileSync(path.join("src/db/functions", `${concern}.sql`), "utf8");
execFileSync(
  "npx",
  ["drizzle-kit", "generate", "--config", "drizzle.config.ts", "--custom", `--name=${name}`],
  {
    stdio: "inherit",
  },
);
const journal = JSON.parse(readFileSync("src/db/migrations/meta/_journal.json", "utf8"));
const tag = journal.entries.at(-1).tag;
appendFileSync(path.join("src/db/migrations", `${tag}.sql`), source);
console.info(`src/db/migrations/${tag}.sql now defines the functions of src/db/functions/${concern}.sql`);
