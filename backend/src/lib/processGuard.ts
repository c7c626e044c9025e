import type { Logger } from "./logger";
import { currentRequestId } from "./requestScope";

/** More uncaught errors than this within a minute: the process is not in a state to keep serving. */
const MAX_UNCAUGHT_PER_MINUTE = 20;

/**
 * Process-wide last resort: an error nobody handled (an 'error' event without a listener, a rejected
 * promise nobody awaited) is logged with the request it came from, and the process keeps serving the
 * others instead of dropping every connection. Every stream the server reads has its own error handler;
 * this is for the one that was missed. A burst of them means something is broken for good: the process
 * then exits with 1 so that its supervisor restarts it (the embedded database's lock is taken over).
 */
export function installProcessGuard(logger: Logger, proc: NodeJS.Process = process): void {
  let recent: number[] = [];
  proc.on("unhandledRejection", (reason) => {
    logger.error({ err: reason, reqId: currentRequestId() }, "unhandled promise rejection; still serving");
  });
  proc.on("uncaughtException", (err, origin) => {
    logger.error({ err, origin, reqId: currentRequestId() }, "uncaught exception; still serving");
    const now = Date.now();
    recent = [...recent.filter((t) => now - t < 60_000), now];
    if (recent.length > MAX_UNCAUGHT_PER_MINUTE) {
      logger.fatal({ count: recent.length }, "too many uncaught exceptions in a minute; exiting");
      proc.exit(1);
    }
  });
}
