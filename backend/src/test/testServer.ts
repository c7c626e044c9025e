import { randomBytes } from "node:crypto";
import { type Config, loadConfig } from "../config";
import { createLogger, type Logger } from "../lib/logger";
import { createRateLimits, type RateLimits } from "../middlewares/rateLimit";
import { type RunningServer, startServer } from "../server";
import { type DriverName, openTestDatabase } from "./databases";

export interface TestServerOptions {
  config?: Partial<Config>;
  rateLimits?: RateLimits;
  /** A logger of the test's own (to read what the server logged); silent otherwise. */
  logger?: Logger;
}

/**
 * A real server on a free port with a fresh database of the given driver. bcrypt's cost is lowered so
 * sign-ups stay fast; everything else is as in production.
 */
export async function startTestServer(
  driver: DriverName,
  opts: TestServerOptions = {},
): Promise<RunningServer> {
  const config = loadConfig(
    {
      JWT_SECRET: randomBytes(16).toString("hex"),
      CSRF_SECRET: randomBytes(16).toString("hex"),
    } as NodeJS.ProcessEnv,
    {
      port: 0,
      host: "127.0.0.1",
      bcryptCost: 4,
      clientDir: "/nonexistent-client",
      logLevel: "silent",
      ...opts.config,
    },
  );
  const database = await openTestDatabase(driver);
  return startServer({
    config,
    database,
    logger: opts.logger ?? createLogger("silent"),
    rateLimits: opts.rateLimits ?? createRateLimits({ perIpPerMinute: 100_000 }),
  });
}
