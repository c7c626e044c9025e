import { Client } from "pg";
import { createClient } from "redis";
import { migratedPgliteTemplate } from "./databases";

const PG_URL =
  process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";

async function pgUp(): Promise<boolean> {
  const client = new Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function redisUp(): Promise<boolean> {
  const client = createClient({ url: REDIS_URL, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  client.on("error", () => undefined);
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    await client.quit().catch(() => undefined);
  }
}

/**
 * Probes PostgreSQL and Redis once per jest run and tells the workers through the environment.
 * With REQUIRE_SERVICES=1 (CI) a missing service fails the run instead of skipping suites. Also makes the
 * migrated PGlite data directory once, before the workers start (test/databases.ts), and names it to the
 * browser journeys, whose app processes start from a copy of it.
 */
export default async function globalSetup(): Promise<void> {
  const [pg, redis, template] = await Promise.all([pgUp(), redisUp(), migratedPgliteTemplate()]);
  process.env.ZAIKO_PGLITE_TEMPLATE = template;
  process.env.ZAIKO_PG_AVAILABLE = pg ? "1" : "0";
  process.env.ZAIKO_REDIS_AVAILABLE = redis ? "1" : "0";
  process.env.TEST_DATABASE_URL = PG_URL;
  process.env.TEST_REDIS_URL = REDIS_URL;
  if (process.env.REQUIRE_SERVICES === "1") {
    const missing = [!pg && `PostgreSQL (${PG_URL})`, !redis && `Redis (${REDIS_URL})`].filter(Boolean);
    if (missing.length) throw new Error(`REQUIRE_SERVICES=1 but unreachable: ${missing.join(", ")}`);
  }
}
