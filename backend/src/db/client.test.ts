import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";

describe("the embedded database", () => {
  it("does not zero-fill new WAL segments, which held the event loop for tens of milliseconds each", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "zaiko-client-"));
    const database = await openDatabase({ dataDir, pgPoolSize: 1 });
    try {
      const { rows } = (await database.db.execute(sql`show wal_init_zero`)) as {
        rows: { wal_init_zero: string }[];
      };
      expect(rows[0]?.wal_init_zero).toBe("off");
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
