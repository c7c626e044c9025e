import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./lib/logger";
import { installProcessGuard } from "./lib/processGuard";
import { startServer } from "./server";

/** Process entry: start, and shut down gracefully on SIGTERM / SIGINT. */
async function main() {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const server = await startServer({ config, logger });
  installProcessGuard(logger);
  logger.info(
    {
      url: server.url,
      database: server.deps.database.driver,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      startupMs: Math.round(performance.now() - started),
    },
    "在庫管理 is listening",
  );
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((err) => {
  // A configuration mistake is one line saying what to set, not a stack trace.
  console.error(err instanceof ConfigError ? `configuration error: ${err.message}` : err);
  process.exit(1);
});
