import net from "node:net";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import { Client, type FieldDef, type Pool, type QueryResult } from "pg";
import { describeOnPostgres, openFreshPostgres } from "../test/databases";
import { type Database, pgPool } from "./client";
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

interface Statement {
  text: string;
  values?: unknown[];
}

/** The transaction's first statement, without parameters (simple protocol) or with one (extended). */
const FIRST: Record<"simple" | "extended", Statement> = {
  simple: { text: "SELECT 'first statement'" },
  extended: { text: "SELECT 'first statement', $1::int", values: [1] },
};

/** Records what each write to the client's socket carries (one system call: corked chunks leave in one writev). */
function recordSocketWrites(client: Client): string[] {
  const writes: string[] = [];
  const stream = (client as unknown as { connection: { stream: net.Socket } }).connection
    .stream as net.Socket & {
    _write(chunk: Buffer, encoding: string, cb: () => void): void;
    _writev(chunks: { chunk: Buffer }[], cb: () => void): void;
  };
  const write = stream._write;
  const writev = stream._writev;
  stream._write = function (chunk, encoding, cb) {
    writes.push(Buffer.from(chunk).toString("latin1"));
    write.call(this, chunk, encoding, cb);
  };
  stream._writev = function (chunks, cb) {
    writes.push(chunks.map((c) => Buffer.from(c.chunk).toString("latin1")).join(""));
    writev.call(this, chunks, cb);
  };
  return writes;
}

/** A ReadyForQuery message: PostgreSQL sends one, and flushes, at the end of every simple query or Sync. */
const READY_FOR_QUERY = new RegExp(`Z${String.fromCharCode(0, 0, 0, 5)}[ITE]`, "g");

/**
 * Runs BEGIN, the first statement and COMMIT on `client` through the proxy, and returns: the client's
 * socket writes that carried the statement; where on the wire the statement left the client and BEGIN's
 * answer left the server (positions among the chunks of this run); how many ReadyForQuery the server sent.
 */
async function recordTransaction(wire: Wire, client: Client, first: Statement) {
  await client.connect();
  try {
    const writes = recordSocketWrites(client);
    const from = wire.chunks.length;
    await client.query("BEGIN");
    await client.query(first.text, first.values);
    await client.query("COMMIT");
    const after = wire.chunks.slice(from);
    const fromServer = after.filter((c) => c.from === "server").map((c) => c.text);
    return {
      statementWrites: writes.filter((w) => w.includes("first statement")),
      statementSent: after.findIndex((c) => c.from === "client" && c.text.includes("first statement")),
      beginAnswered: after.findIndex((c) => c.from === "server" && c.text.includes("BEGIN")),
      readyForQuery: fromServer.join("").match(READY_FOR_QUERY)?.length ?? 0,
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

  // With parameters BEGIN rides in the statement's batch and has no ReadyForQuery of its own (its answer
  // leaves with the statement's); without, it is a simple query written just ahead and answered alone.
  it.each([
    ["with parameters", FIRST.extended, 2],
    ["without parameters", FIRST.simple, 3],
  ])("%s, writes BEGIN with the statement, before BEGIN's answer has come back", async (_, first, ready) => {
    const run = await recordTransaction(
      wire,
      new PipelinedBeginClient({ connectionString: wire.url }),
      first,
    );
    expect(run.statementWrites).toHaveLength(1);
    expect(run.statementWrites[0]).toContain("BEGIN");
    expect(run.beginAnswered).toBeGreaterThan(run.statementSent);
    expect(run.readyForQuery).toBe(ready);
  });

  it("control: a plain client writes BEGIN alone and waits for its answer; the checks above would see it", async () => {
    const run = await recordTransaction(wire, new Client({ connectionString: wire.url }), FIRST.extended);
    expect(run.statementWrites).toHaveLength(1);
    expect(run.statementWrites[0]).not.toContain("BEGIN");
    expect(run.beginAnswered).toBeGreaterThanOrEqual(0);
    expect(run.statementSent).toBeGreaterThan(run.beginAnswered);
    expect(run.readyForQuery).toBe(3);
  });

  // Every behaviour with both ways BEGIN is sent: in the first statement's batch (a statement with
  // parameters, as every statement of the app) and ahead of it (a statement without).
  describe.each([
    ["with parameters", (n: number) => sql`INSERT INTO t VALUES (${n})`, sql`SELECT 1 / ${0}`],
    ["without parameters", (n: number) => sql.raw(`INSERT INTO t VALUES (${n})`), sql`SELECT 1 / 0`],
  ])("through drizzle's db.transaction(), first statement %s", (_, insert, divideByZero) => {
    let pool: Pool;
    let db: ReturnType<typeof drizzle>;
    beforeAll(() => {
      pool = pgPool({ connectionString: database.url, max: 2 });
      db = drizzle(pool);
    });
    afterAll(() => pool.end());
    const count = async () => Number((await pool.query("SELECT count(*) AS n FROM t")).rows[0].n);

    it("commits what the callback wrote", async () => {
      const before = await count();
      await db.transaction(async (tx) => {
        await tx.execute(insert(1));
        await tx.execute(insert(2));
      });
      expect(await count()).toBe(before + 2);
    });

    it("rolls back everything when the callback throws, the first statement included", async () => {
      const before = await count();
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(insert(3));
          throw new Error("refused");
        }),
      ).rejects.toThrow("refused");
      expect(await count()).toBe(before);
    });

    it("runs the callback's statements in one transaction (one transaction id)", async () => {
      const ids = await db.transaction(async (tx) => {
        await tx.execute(insert(5));
        const a = await tx.execute<{ id: string }>(sql`SELECT txid_current()::text AS id`);
        const b = await tx.execute<{ id: string }>(sql`SELECT txid_current()::text AS id`);
        return [a.rows[0]!.id, b.rows[0]!.id];
      });
      expect(ids[0]).toBe(ids[1]);
    });

    it("a failing first statement rejects and leaves the connection usable", async () => {
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(divideByZero);
        }),
      ).rejects.toMatchObject({ cause: { code: "22012" } }); // division_by_zero, wrapped by drizzle
      const before = await count();
      await db.transaction(async (tx) => {
        await tx.execute(insert(4));
      });
      expect(await count()).toBe(before + 1);
    });
  });

  it("answers a first statement with parameters with its own result, not BEGIN's", async () => {
    const client = new PipelinedBeginClient({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("BEGIN");
      const inserted = await client.query("INSERT INTO t VALUES ($1), ($2) RETURNING n", [11, 12]);
      expect(inserted).toMatchObject({ command: "INSERT", rowCount: 2, rows: [{ n: 11 }, { n: 12 }] });
      await client.query("BEGIN");
      const asArrays = await client.query({
        text: "SELECT $1::int AS n, 'x' AS s",
        values: [7],
        rowMode: "array",
      });
      expect(asArrays).toMatchObject({ command: "SELECT", rowCount: 1, rows: [[7, "x"]] });
      expect(asArrays.fields.map((f: FieldDef) => f.name)).toEqual(["n", "s"]);
      await client.query("ROLLBACK");
    } finally {
      await client.end();
    }
  });

  it.each([
    ["with parameters", "SELECT $1::int", [1]],
    ["without parameters", "SELECT 1", undefined],
  ])("inside an aborted transaction, BEGIN and a statement %s behind it fail, and the caller hears it", async (_, text, values) => {
    const client = new PipelinedBeginClient({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("BEGIN");
      await expect(client.query("SELECT 1 / 0")).rejects.toThrow(/division by zero/);
      // Inside the aborted transaction BEGIN itself fails; its error reaches the next query's caller.
      await client.query("BEGIN");
      await expect(client.query(text, values)).rejects.toThrow(/current transaction is aborted/);
      await client.query("ROLLBACK");
      expect((await client.query("SELECT 2 AS n")).rows[0].n).toBe(2);
    } finally {
      await client.end();
    }
  });

  it("sends a held BEGIN ahead of a callback-style query, in the same transaction", async () => {
    const client = new PipelinedBeginClient({ connectionString: database.url });
    await client.connect();
    try {
      await client.query("BEGIN");
      const first = await new Promise<string>((resolve, reject) =>
        client.query(
          "SELECT txid_current()::text AS id, $1::int AS n",
          [1],
          (err: Error, res: QueryResult) => (err ? reject(err) : resolve(res.rows[0].id)),
        ),
      );
      const second = (await client.query("SELECT txid_current()::text AS id")).rows[0].id;
      await client.query("COMMIT");
      expect(second).toBe(first);
    } finally {
      await client.end();
    }
  });

  it("passes pg-pool's callback-style queries through", async () => {
    const pool = pgPool({ connectionString: database.url, max: 1 });
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
