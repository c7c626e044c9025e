import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The SQL functions' sources: db/functions/<concern>.sql, each file the functions of one concern
 * (allocation.sql: the lock order and the +; history.sql: the history's writer). A migration made from a file
 * (`npm run db:function -w backend -- <concern> <name>`) holds each of its definitions exactly, which
 * db/functions.test.ts checks; concurrency controls and benchmarks take a function's definition from here.
 */
export interface FunctionSource {
  /** The file's name without `.sql`. */
  file: string;
  name: string;
  /** From `CREATE OR REPLACE FUNCTION name(` to the closing `$$;`, as written. */
  definition: string;
}

const functionsDir = path.join(__dirname, "functions");
const DEFINITION = /CREATE OR REPLACE FUNCTION (\w+)\([\s\S]*?\n\$\$;/g;

export function functionSources(): FunctionSource[] {
  return readdirSync(functionsDir)
    .filter((f) => f.endsWith(".sql"))
    .flatMap((f) => {
      const text = readFileSync(path.join(functionsDir, f), "utf8");
      const definitions = [...text.matchAll(DEFINITION)];
      // A definition written otherwise (without OR REPLACE, or its $$ not closing a line) would go unchecked.
      if (definitions.length !== text.match(/CREATE (OR REPLACE )?FUNCTION/g)?.length)
        throw new Error(
          `${f}: write each function as CREATE OR REPLACE FUNCTION name(…) … $$; on its own line`,
        );
      return definitions.map((m) => ({
        file: f.replace(/\.sql$/, ""),
        name: m[1]!,
        definition: m[0],
      }));
    });
}

/** The definition of one function, as its source file has it. */
export function functionDefinition(name: string): string {
  const found = functionSources().find((s) => s.name === name);
  if (!found) throw new Error(`no source defines the SQL function ${name}`);
  return found.definition;
}
