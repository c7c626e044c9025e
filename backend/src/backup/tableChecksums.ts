import { listTables } from "./catalog";
import { Checksums, line } from "./format";
import type { SqlSession } from "./sqlSession";
import { readTable } from "./writeBackup";

/**
 * Rows and checksum of every table as a backup would record them (same order, same text, same hash), so
 * a database can be compared with a backup file or with another database, whichever the driver.
 */
export async function tableChecksums(
  session: SqlSession,
): Promise<Map<string, { rows: number; sha256: string }>> {
  const result = new Map<string, { rows: number; sha256: string }>();
  for (const table of await listTables(session)) {
    const sums = new Checksums();
    sums.startTable();
    let rows = 0;
    for await (const batch of readTable(session, table)) {
      for (const row of batch) sums.addRow(line(row));
      rows += batch.length;
    }
    result.set(table.name, { rows, sha256: sums.endTable() });
  }
  return result;
}

/** The tables whose rows or checksum differ between two sets (a table missing on one side differs). */
export function differingTables(
  a: Map<string, { rows: number; sha256: string }>,
  b: Map<string, { rows: number; sha256: string }>,
): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names]
    .filter((n) => a.get(n)?.sha256 !== b.get(n)?.sha256 || a.get(n)?.rows !== b.get(n)?.rows)
    .sort();
}
