import { randomBytes } from "node:crypto";
import { type Config, loadConfig } from "../config";
import { createLogger, type Logger } from "../lib/logger";
import { createRateLimits, type RateLimits } from "../middlewares/rateLimit";
import { type RunningServer, startServer } from "../server";
import { ownerWithStaff, type Session, signUpOwner } from "./api";
import { type DriverName, openTestDatabase } from "./databases";
import type { ClientSocket } from "./sockets";

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

/** What a feature's API test works with: a server, an owner with an active staff member, another group's owner. */
export interface GroupServer {
  server: RunningServer;
  owner: Session;
  staff: Session;
  other: Session;
}

/**
 * Starts a test server on `driver` before the file's tests, with an owner, an active staff member and another
 * group's owner (handed to `ready`); closes the sockets a test put in the returned list after each test, and
 * the server after the file.
 */
export function useGroupServer(driver: DriverName, ready: (group: GroupServer) => void): ClientSocket[] {
  const sockets: ClientSocket[] = [];
  let server: RunningServer | undefined;
  beforeAll(async () => {
    const started = await startTestServer(driver);
    server = started;
    const { owner, staff } = await ownerWithStaff(started);
    ready({ server: started, owner, staff, other: await signUpOwner(started) });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(() => server?.close());
  return sockets;
}
