import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Client, Pool } from "pg";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import type { Database } from "./client";
import { PipelinedBeginClient } from "./pipelinedBegin";

/** What crossed a TCP proxy between a client and PostgreSQL, in order. */
interface Wire {
  chunks: { from: "client" | "server"; text: string }[];
  url: string;
  close(): Promise<void>;
}

/** A proxy in front of PostgreSQL that records who sent which bytes when. */
async function recordingProxy(databaseUrl: string): Promise<Wire> {
  const target = new URL(databaseUrl);
  const chunks: Wire["chunks"] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((clientSide) => {
    const serverSide = net.connect(Number(target.port || 5432), target.hostname);
    for (const s of [clientSide, serverSide]) {
      sockets.add(s);
      s.on("error", () => undefined);
    }
    clientSide.on("data", (d) => {
      chunks.push({ from: "client", text: d.toString("latin1") });
      serverSide.write(d);
    });
    serverSide.on("data", (d) => {
      chunks.push({ from: "server", text: d.toString("latin1") });
      clientSide.write(d);
    });
    clientSide.on("close", () => serverSide.destroy());
    serverSide.on("close", () => clientSide.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return {
    chunks,
    url: url.toString(),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * Runs BEGIN, one statement and COMMIT on `client` through the proxy, and returns where on the wire the
 * statement left the client and BEGIN's answer left the server (positions among the chunks of this run).
 */
async function wireOrder(wire: Wire, client: Client) {
  await client.connect();
  try {
    const from = wire.chunks.length;
    await client.query("BEGIN");
    await client.query("SELECT 'first statement'");
    await client.query("COMMIT");
    const after = wire.chunks.slice(from);
    return {
      statementSent: after.findIndex((c) => c.from === "client" && c.text.includes("first statement")),
      beginAnswered: after.findIndex((c) => c.from === "server" && c.text.includes("BEGIN")),
    };
  } finally {
    await client.end();
  }
}

describeOnPostgres("PipelinedBeginClient [postgres]", () => {
  let database: Database & { url: string };
  let wire: Wire;
  beforeAll(async () => {
    database = await openFreshPostgres();
    wire = await recordingProxy(database.url);
    await database.db.execute(sql`CREATE TABLE t (n integer NOT NULL)`);
  });
  afterAll(async () => {
    await wire.close();
    await database.close();
  });

  it("writes the transaction's first statement before BEGIN's answer has come back", async () => {
    const { statementSent, beginAnswered } = await wireOrder(
      wire,
      new PipelinedBeginClient({ connectionString: wire.url }),
    );
    expect(statementSent).toBeGreaterThanOrEqual(0);
    expect(beginAnswered).toBeGreaterThan(statementSent);
  });

  it("control: a plain client waits for BEGIN's answer, and the check above would see it", async () => {
    const { statementSent, beginAnswered } = await wireOrder(
      wire,
      new Client({ connectionString: wire.url }),
    );
    expect(beginAnswered).toBeGreaterThanOrEqual(0);
    expect(statementSent).toBeGreaterThan(beginAnswered);
  });

  describe("through drizzle's db.transaction()", () => {
    let pool: Pool;
    let db: ReturnType<typeof drizzle>;
    beforeAll(() => {
      pool = new Pool({ connectionString: database.url, max: 2, Client: PipelinedBeginClient });
      db = drizzle(pool);
    });
    afterAll(() => pool.end());
    const count = async () => Number((await pool.query("SELECT count(*) AS n FROM t")).rows[0].n);

    it("commits what the callback wrote", async () => {
      const before = await count();
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (1)`);
        await tx.execute(sql`INSERT INTO t VALUES (2)`);
      });
      expect(await count()).toBe(before + 2);
    });

    it("rolls back everything when the callback throws, the first statement included", async () => {
      const before = await count();
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`INSERT INTO t VALUES (3)`);
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      expect(await count()).toBe(before);
    });

    it("runs the callback's statements in one transaction (one transaction id)", async () => {
      const ids = await db.transaction(async (tx) => {
        const a = await tx.execute<{ id: string }>(sql`SELECT txid_current()::text AS id`);
        const b = await tx.execute<{ id: string }>(sql`SELECT txid_current()::text AS id`);
        return [a.rows[0]!.id, b.rows[0]!.id];
      });
      expect(ids[0]).toBe(ids[1]);
    });

    it("a failing first statement rejects and leaves the connection usable", async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`SELECT 1 / 0`);
        }),
      ).rejects.toMatchObject({ cause: { code: "22012" } }); // division_by_zero, wrapped by drizzle
      const before = await count();
      await db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (4)`);
      });
      expect(await count()).toBe(before + 1);
    });
  });

  it("inside an aborted transaction, a BEGIN and the statement behind it fail, and the caller hears it", async () => {
    const client = new PipelinedBeginClient({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("BEGIN");
      await expect(client.query("SELECT 1 / 0")).rejects.toThrow(/division by zero/);
      // Inside the aborted transaction BEGIN itself fails; its error reaches the next query's caller.
      await client.query("BEGIN");
      await expect(client.query("SELECT 1")).rejects.toThrow(/current transaction is aborted/);
      await client.query("ROLLBACK");
      expect((await client.query("SELECT 2 AS n")).rows[0].n).toBe(2);
    } finally {
      await client.end();
    }
  });

  it("passes pg-pool's callback-style queries through", async () => {
    const pool = new Pool({ connectionString: database.url, max: 1, Client: PipelinedBeginClient });
    try {
      const rows = await new Promise<unknown[]>((resolve, reject) =>
        pool.query("SELECT 7 AS n", (err, res) => (err ? reject(err) : resolve(res.rows))),
      );
      expect(rows).toEqual([{ n: 7 }]);
    } finally {
      await pool.end();
    }
  });
});
